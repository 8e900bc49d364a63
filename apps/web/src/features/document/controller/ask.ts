import type { DocumentStreamEvent } from '@app/shared';
import { DOCUMENT_STATUS } from '@app/shared/constants';
import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { readRecord, type ResumeRecord } from '../../../lib/stream-run/record.ts';
import { abortRun, currentRun, startRun, stopRun, type RunOutcome } from '../../../lib/stream-run/run.ts';
import { stopAsk, validateAsk } from '../api.ts';
import { activeGroup, useDocuments } from '../stores/document-store.ts';
import type { DocItem } from '../types.ts';
import '../locales.ts';

const t = (key: string) => i18n.t(`document:${key}`);

/** The document chat's kind of turn in lib/stream-run (one answer in flight at a time). */
export const DOCUMENT_RUN = 'document';

/** What a reload needs to show a document answer again. */
export interface DocumentResumeContext {
  token: string;
  question: string;
  action: string;
  language: string;
}

let seq = 0;
export const newKey = () => `d${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface AskInput {
  question: string;
  /** Action value. */
  action: string;
  language: string;
  /** The action needs a question (问答). */
  questionRequired: boolean;
}

/**
 * Checks what SPEC §4.2 / §5 ask of a document turn. Returns the reason it cannot be sent, or
 * null. A guest is asked to log in instead.
 */
function refusal(input: AskInput): string | null {
  const s = useDocuments.getState();
  const doc = activeGroup(s);
  if (!doc) return t('needDocument');
  if (doc.status === DOCUMENT_STATUS.FAILED) return t('docFailed');
  if (doc.status !== DOCUMENT_STATUS.DONE) return t('stillParsing');
  if (!input.action) return t('needAction');
  if (input.questionRequired && !input.question.trim()) return t('needQuestion');
  return null;
}

/**
 * SPEC §4.2 for a document: ask/validate gives the turn's secret, then POST /api/document/ask
 * streams the reply; deltas are shown at most once per animation frame. Resolves true when a
 * reply streamed (or was stopped).
 */
export async function askDocument(input: AskInput): Promise<boolean> {
  const session = useSession.getState();
  if (!session.token) {
    session.openLogin();
    return false;
  }
  if (useDocuments.getState().generating || currentRun(DOCUMENT_RUN)) return false;
  const problem = refusal(input);
  if (problem) {
    toast.error(problem);
    return false;
  }
  const token = useDocuments.getState().active!;
  const body = { token, question: input.question.trim(), action: input.action, language: input.language };

  const before = useDocuments.getState().messages;
  const question: DocItem = { key: newKey(), id: null, role: 'user', text: body.question, action: body.action, language: body.language, status: 'complete', error: null, citations: [], loading: false };
  const reply: DocItem = { key: newKey(), id: null, role: 'assistant', text: '', action: body.action, language: body.language, status: 'complete', error: null, citations: [], loading: true };
  useDocuments.setState({ messages: [...before, question, reply], messagesOf: token, generating: true, live: { key: reply.key, text: '' } });

  const rollback = () => {
    if (useDocuments.getState().messagesOf === token) useDocuments.getState().removeMessages([question.key, reply.key]);
    if (input.question && !useDocuments.getState().draft) useDocuments.getState().setDraft(input.question);
  };

  const run = startRun<DocumentStreamEvent, { secret: string }>({
    kind: DOCUMENT_RUN,
    prepare: () => validateAsk(body),
    // POST /api/document/ask (SPEC §4.2 step 2 for documents).
    stream: ({ secret }) => ({ url: '/api/document/ask', method: 'POST', body: { secret, ...body } }),
    stop: stopAsk,
    context: (): DocumentResumeContext => ({ token, question: body.question, action: body.action, language: body.language }),
    onText: (text) => showLive(reply.key, text),
  });
  const outcome = await run.settled;
  if (outcome.kind === 'refused' || outcome.kind === 'cancelled') {
    // The http client showed the refusal (and opened the purchase dialog for 408xxx).
    rollback();
    useDocuments.setState({ generating: false, live: null });
    return false;
  }
  return settleAnswer(outcome, reply.key, question.key);
}

export const showLive = (key: string, text: string) => {
  if (useDocuments.getState().live?.key === key) useDocuments.setState({ live: { key, text } });
};

/** Shows how an answer ended: ids and citations, stopped, or its error (SPEC §8 was applied by lib/stream-run). */
export function settleAnswer(outcome: RunOutcome<DocumentStreamEvent>, replyKey: string, questionKey: string | null): boolean {
  const text = 'text' in outcome ? outcome.text : '';
  const patch = (p: Partial<DocItem>) => useDocuments.getState().patchMessage(replyKey, { text, loading: false, ...p });
  if (outcome.kind === 'done') {
    const done = outcome.event;
    patch({ id: done.messageId, status: done.status, citations: done.citations });
    if (questionKey) useDocuments.getState().patchMessage(questionKey, { id: done.userMessageId });
    if (done.charged > 0) useSession.getState().loadUser().catch(() => {});
  } else if (outcome.kind === 'error') {
    patch({ id: outcome.event?.messageId ?? null, status: 'error', error: outcome.message });
  } else if (outcome.kind === 'stopped') {
    patch({ status: 'stopped' });
  } else {
    patch({ status: 'error', error: t('streamCut') });
  }
  useDocuments.setState({ generating: false, live: null });
  return outcome.kind === 'done' || outcome.kind === 'stopped';
}

/**
 * SPEC §4.2 step 5: stop tells the server (it saves the partial reply and closes the stream) and
 * cuts the connection if it has not closed after a short grace. The partial text stays.
 */
export const stopAnswer = () => stopRun(DOCUMENT_RUN);

/** Leaving the screen or the session: tell the server and cut the stream now (the server keeps what arrived). */
export const abortAnswer = () => abortRun(DOCUMENT_RUN);

/** The answer this tab was streaming before a reload, if any (younger than ten minutes). */
export function pendingResume(): ResumeRecord<DocumentResumeContext> | null {
  if (!useSession.getState().token || currentRun(DOCUMENT_RUN)) return null;
  const record = readRecord<DocumentResumeContext>(DOCUMENT_RUN);
  return record && typeof record.context.token === 'string' && record.context.token ? record : null;
}

/** A failed reply asked again: its question and action go out once more as a new turn. */
export async function retryAnswer(replyKey: string, questionRequired: (action: string) => boolean) {
  const list = useDocuments.getState().messages;
  const i = list.findIndex((m) => m.key === replyKey);
  const q = list
    .slice(0, i)
    .reverse()
    .find((m) => m.role === 'user');
  if (i < 0 || !q) return false;
  if (useDocuments.getState().generating) await stopAnswer();
  useDocuments.getState().removeMessages([q.key, list[i]!.key]);
  return askDocument({ question: q.text, action: q.action, language: q.language, questionRequired: questionRequired(q.action) });
}
