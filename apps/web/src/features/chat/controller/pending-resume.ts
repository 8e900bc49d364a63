import { useSession } from '../../../lib/session.ts';
import { readRecord, type ResumeRecord } from '../../../lib/stream-run/record.ts';
import { getGroupScope } from '../api.ts';
import { CHAT_RUN, chatRun } from './run.ts';
import type { ChatResumeContext } from './turns.ts';

/**
 * The chat turn this tab was streaming before a reload, if it may be resumed on this screen:
 * younger than ten minutes and sent from a screen listing the same group types.
 */
export function pendingResume(): ResumeRecord<ChatResumeContext> | null {
  if (!useSession.getState().token || chatRun()) return null;
  const record = readRecord<ChatResumeContext>(CHAT_RUN);
  if (!record || typeof record.context.uuid !== 'number' || record.context.uuid <= 0 || record.context.scope !== getGroupScope()) return null;
  return record;
}
