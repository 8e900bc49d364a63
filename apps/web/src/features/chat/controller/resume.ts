import type { ChatStreamEvent } from '@app/shared';
import type { ResumeRecord } from '../../../lib/stream-run/record.ts';
import { resumeRun } from '../../../lib/stream-run/run.ts';
import { stopTurn } from '../api.ts';
import { draftMessage } from '../logic/messages.ts';
import { useChat } from '../stores/chat-store.ts';
import { streamStore } from '../stores/stream-store.ts';
import { CHAT_TITLE_MAX } from '@app/shared/constants';
import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useModelStore } from '../stores/model-store.ts';
import type { Group } from '../types.ts';
import { loadHistory, newGroup } from './groups.ts';
import { CHAT_RUN, chatRun } from './run.ts';
import { followThinking } from './thinking.ts';
import { followTools } from './tools.ts';
import { both, settleReply, type ChatResumeContext } from './turns.ts';

const t = (key: string) => i18n.t(`chat:${key}`);

/**
 * Makes the group of a resumed reply the open one (its model the picker's); a group the list does
 * not have yet (new, saved when its first reply settles) is shown under the question's title.
 */
export function showResumedGroup(ctx: { uuid: number; question: string; model: string }, groups: Group[]) {
  const features = useSession.getState().website?.features ?? [];
  if (features.some((f) => f.code === ctx.model)) useModelStore.getState().setBotType(ctx.model);
  if (!groups.some((g) => g.uuid === ctx.uuid)) {
    const title = Array.from(ctx.question.trim()).slice(0, CHAT_TITLE_MAX).join('') || t('newChat');
    const entry: Group = { ...newGroup(ctx.model), uuid: ctx.uuid, title };
    useChat.getState().setGroups([entry, ...useChat.getState().groupList.filter((g) => g.uuid !== 0 && g.uuid !== ctx.uuid)]);
  }
  useChat.getState().setActive(ctx.uuid);
}

/**
 * After a reload during a reply (its group open and its history loaded): re-attaches to the turn
 * through GET /api/turns/resume. A live turn shows the text so far and keeps growing (stop works);
 * one no longer live just reloads the history, where its reply was saved.
 */
export async function resumeReply(record: ResumeRecord<ChatResumeContext>): Promise<boolean> {
  const { uuid, question, images, model, retry } = record.context;
  const chat = useChat.getState();
  if (chatRun() || chat.generating || chat.active !== uuid || chat.listOf !== uuid) return false;
  const before = chat.chatList;
  let list = before;
  // A retry replaces the last reply; a question the history already holds is not shown twice.
  if (retry && list.length && !list[list.length - 1]!.inversion) list = list.slice(0, -1);
  const last = list[list.length - 1];
  const showQuestion = !retry && !!question && !(last?.inversion && last.text === question);
  const q = showQuestion ? draftMessage({ inversion: true, text: question, images, model }) : null;
  const reply = draftMessage({ inversion: false, loading: true, model });
  useChat.setState({ chatList: [...list, ...(q ? [q] : []), reply], generating: true });
  streamStore.start(reply.key);

  const run = resumeRun<ChatStreamEvent>({ kind: CHAT_RUN, stop: stopTurn, onText: (text) => streamStore.set(text), onEvent: both(followThinking(), followTools(reply.key)) }, record);
  const outcome = await run.settled;
  if (outcome.kind === 'gone' || (outcome.kind === 'error' && outcome.event === null) || (outcome.kind === 'cut' && !outcome.text)) {
    // Nothing live to show: the history has the reply.
    streamStore.clear();
    if (useChat.getState().listOf === uuid) useChat.setState({ chatList: before });
    useChat.setState({ generating: false });
    if (useChat.getState().active === uuid) await loadHistory(uuid);
    return false;
  }
  if (outcome.kind === 'refused' || outcome.kind === 'cancelled') return false;
  return settleReply(outcome, { replyKey: reply.key, questionKey: q?.key ?? null, uuid, isNewGroup: false });
}
