import type { DocumentStreamEvent } from '@app/shared';
import { DOCUMENT_STATUS } from '@app/shared/constants';
import { createCoalescer } from '../../../lib/coalescer.ts';
import { handleReplyCode } from '../../../lib/http.ts';
import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { stopAsk, validateAsk } from '../api.ts';
import { activeGroup, useDocuments } from '../stores/document-store.ts';
import { openAskStream, type StreamEnd } from '../stream/ask-stream.ts';
import type { DocItem } from '../types.ts';
import '../locales.ts';

const t = (key: string) => i18n.t(`document:${key}`);

/** How long a stop waits for the server's closing event (with the saved ids) before cutting the connection. */
export const STOP_GRACE_MS = 1500;

interface Run {
  abort: AbortController;
  /** The turn's secret once ask/validate answered: what /api/document/stop takes. */
  secret: string | null;
  stopRequested: boolean;
  settled: Promise<void>;
}

let current: Run | null = null;
let seq = 0;
const newKey = () => `d${Date.now().toString(36)}${(seq++).toString(36)}`;

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
  if (useDocuments.getState().generating) return false;
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

  let settle!: () => void;
  const run: Run = { abort: new AbortController(), secret: null, stopRequested: false, settled: new Promise<void>((r) => (settle = r)) };
  current = run;
  const finish = () => {
    if (current === run) current = null;
    useDocuments.setState({ generating: false, live: null });
    settle();
  };
  const rollback = () => {
    if (useDocuments.getState().messagesOf === token) useDocuments.getState().removeMessages([question.key, reply.key]);
    if (input.question && !useDocuments.getState().draft) useDocuments.getState().setDraft(input.question);
  };

  try {
    run.secret = (await validateAsk(body)).secret;
  } catch {
    // The http client showed the refusal (and opened the purchase dialog for 408xxx).
    rollback();
    finish();
    return false;
  }
  if (run.abort.signal.aborted) {
    rollback();
    finish();
    return false;
  }

  let text = '';
  const coalescer = createCoalescer((piece) => {
    text += piece;
    if (useDocuments.getState().live?.key === reply.key) useDocuments.setState({ live: { key: reply.key, text } });
  });
  let last: Extract<DocumentStreamEvent, { type: 'done' | 'error' }> | null = null;
  let end: StreamEnd | 'aborted' | 'network';
  try {
    end = await openAskStream({ secret: run.secret, ...body }, run.abort.signal, (e) => {
      if (e.type === 'delta') coalescer.push(e.text);
      else if (e.type !== 'resume') last = e;
    });
  } catch {
    end = run.abort.signal.aborted ? 'aborted' : 'network';
  }
  coalescer.flush();
  coalescer.dispose();

  const patch = (p: Partial<DocItem>) => useDocuments.getState().patchMessage(reply.key, { text, loading: false, ...p });
  const final = last as Extract<DocumentStreamEvent, { type: 'done' | 'error' }> | null;
  if (final?.type === 'done') {
    patch({ id: final.messageId, status: final.status, citations: final.citations });
    useDocuments.getState().patchMessage(question.key, { id: final.userMessageId });
    if (final.charged > 0) useSession.getState().loadUser().catch(() => {});
  } else if (final?.type === 'error' || (typeof end === 'object' && end.kind === 'failed')) {
    const code = final?.type === 'error' ? final.code : (end as Extract<StreamEnd, { kind: 'failed' }>).code;
    const message = final?.type === 'error' ? final.message : (end as Extract<StreamEnd, { kind: 'failed' }>).message;
    patch({ id: final?.type === 'error' ? final.messageId : null, status: 'error', error: message });
    // SPEC §8: 403000 drops the session, 408xxx opens the purchase dialog; the reply shows the message.
    if (final?.type === 'error') handleReplyCode({ code, message, success: true, data: null }, '/api/document/ask', true);
  } else if (end === 'aborted' || run.stopRequested) {
    patch({ status: 'stopped' });
  } else {
    patch({ status: 'error', error: t('streamCut') });
  }
  finish();
  return final?.type === 'done' || end === 'aborted' || run.stopRequested;
}

/**
 * SPEC §4.2 step 5: stop tells the server (it saves the partial reply and closes the stream) and
 * cuts the connection if it has not closed after a short grace. The partial text stays.
 */
export function stopAnswer(): Promise<void> {
  const run = current;
  if (!run) return Promise.resolve();
  if (!run.stopRequested) {
    run.stopRequested = true;
    if (run.secret) stopAsk(run.secret).catch(() => run.abort.abort());
    else run.abort.abort();
    setTimeout(() => run.abort.abort(), STOP_GRACE_MS);
  }
  return run.settled;
}

/** Leaving the screen or the session: cut the stream now (the server keeps what arrived). */
export function abortAnswer() {
  const run = current;
  if (!run) return;
  run.stopRequested = true;
  if (run.secret) stopAsk(run.secret).catch(() => {});
  run.abort.abort();
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
