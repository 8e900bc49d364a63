import { stopTurn } from '../api.ts';

/** How long a stop waits for the server's closing event (with the saved ids) before cutting the connection. */
export const STOP_GRACE_MS = 1500;

/** The turn in flight: at most one at a time (input and picker are disabled meanwhile). */
export interface Run {
  abort: AbortController;
  /** Set once chat/create answered; the handle POST /api/chat/stop takes. */
  secret: string | null;
  stopRequested: boolean;
  /** Resolves when the turn has settled (done, error, stopped or aborted). */
  settled: Promise<void>;
}

let current: Run | null = null;

export const currentRun = () => current;

export function beginRun(): { run: Run; settle(): void } {
  let settle!: () => void;
  const settled = new Promise<void>((r) => (settle = r));
  const run: Run = { abort: new AbortController(), secret: null, stopRequested: false, settled };
  current = run;
  return {
    run,
    settle() {
      if (current === run) current = null;
      settle();
    },
  };
}

/**
 * SPEC §4.2 step 5: stop tells the server (which saves the partial reply and closes the stream
 * with the ids) and aborts the request if the stream has not closed after a short grace.
 */
export function stopReply(): Promise<void> {
  const run = current;
  if (!run) return Promise.resolve();
  if (!run.stopRequested) {
    run.stopRequested = true;
    if (run.secret) stopTurn(run.secret).catch(() => run.abort.abort());
    else run.abort.abort();
    setTimeout(() => run.abort.abort(), STOP_GRACE_MS);
  }
  return run.settled;
}

/** Leaving the screen or the session: cut the stream now (the server saves what arrived). */
export function abortRun() {
  const run = current;
  if (!run) return;
  run.stopRequested = true;
  if (run.secret) stopTurn(run.secret).catch(() => {});
  run.abort.abort();
}
