import { abortRun as abortKind, currentRun, stopRun } from '../../../lib/stream-run/run.ts';

export { STOP_GRACE_MS } from '../../../lib/stream-run/run.ts';

/** The chat's kind of turn in lib/stream-run: one reply in flight at a time (input and picker are disabled meanwhile). */
export const CHAT_RUN = 'chat';

export const chatRun = () => currentRun(CHAT_RUN);

/**
 * SPEC §4.2 step 5: stop tells the server (which saves the partial reply and closes the stream
 * with the ids) and aborts the request if the stream has not closed after a short grace.
 */
export const stopReply = () => stopRun(CHAT_RUN);

/** Leaving the screen or the session: tell the server and cut the stream now (the server saves what arrived). */
export const abortRun = () => abortKind(CHAT_RUN);
