import type { DocumentStreamEvent } from '@app/shared';
import type { ResumeRecord } from '../../../lib/stream-run/record.ts';
import { currentRun, resumeRun } from '../../../lib/stream-run/run.ts';
import { stopAsk } from '../api.ts';
import { useDocuments } from '../stores/document-store.ts';
import type { DocItem } from '../types.ts';
import { DOCUMENT_RUN, newKey, settleAnswer, showLive, type DocumentResumeContext } from './ask.ts';

/**
 * After a reload during an answer (its document open, its history loaded): re-attaches through
 * GET /api/turns/resume. A live answer shows the text so far and keeps growing (stop works).
 * Resolves 'gone' when it is no longer live: the caller reloads the history, where it was saved.
 */
export async function resumeAnswer(record: ResumeRecord<DocumentResumeContext>): Promise<boolean | 'gone'> {
  const { token, question, action, language } = record.context;
  const s = useDocuments.getState();
  if (currentRun(DOCUMENT_RUN) || s.generating || s.active !== token || s.messagesOf !== token) return false;
  const before = s.messages;
  const last = before[before.length - 1];
  const showQuestion = !(last?.role === 'user' && last.text === question && last.action === action);
  const q: DocItem | null = showQuestion ? { key: newKey(), id: null, role: 'user', text: question, action, language, status: 'complete', error: null, citations: [], loading: false } : null;
  const reply: DocItem = { key: newKey(), id: null, role: 'assistant', text: '', action, language, status: 'complete', error: null, citations: [], loading: true };
  useDocuments.setState({ messages: [...before, ...(q ? [q] : []), reply], generating: true, live: { key: reply.key, text: '' } });

  const run = resumeRun<DocumentStreamEvent>({ kind: DOCUMENT_RUN, stop: stopAsk, onText: (text) => showLive(reply.key, text) }, record);
  const outcome = await run.settled;
  if (outcome.kind === 'gone' || (outcome.kind === 'error' && outcome.event === null) || (outcome.kind === 'cut' && !outcome.text)) {
    if (useDocuments.getState().messagesOf === token) useDocuments.setState({ messages: before });
    useDocuments.setState({ generating: false, live: null });
    return 'gone';
  }
  if (outcome.kind === 'refused' || outcome.kind === 'cancelled') return false;
  return settleAnswer(outcome, reply.key, q?.key ?? null);
}
