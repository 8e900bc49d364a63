import { useEffect, useRef } from 'react';
import { requestEventStream } from './event-stream.ts';

/** How long a cut progress stream waits before it opens again. */
export const JOB_RECONNECT_MS = 2000;

/** The closing event every job-progress stream ends with (server: turns/job-stream.ts). */
export interface JobEnd {
  type: 'job.end';
  status: string;
  error: string | null;
  charged: number;
}

/**
 * A background job's progress over SSE (the job's snapshot first, its events, then `job.end`):
 * open while `url` is set, opened again where the job is after a cut connection, closed at
 * `job.end`, on a refusal (a reply that was not a stream) and when the screen goes. No polling.
 */
export function useJobProgress<E extends { type: string }>(url: string | null, onEvent: (e: E | JobEnd) => void) {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!url) return;
    const ctrl = new AbortController();
    void watchJob<E>(url, (e) => handler.current(e), ctrl.signal);
    return () => ctrl.abort();
  }, [url]);
}

/** The loop of useJobProgress (exported for tests): resolves when the job ended, was refused or `signal` aborted. */
export async function watchJob<E extends { type: string }>(url: string, onEvent: (e: E | JobEnd) => void, signal: AbortSignal, retryMs = JOB_RECONNECT_MS) {
  let ended = false;
  while (!signal.aborted && !ended) {
    try {
      const end = await requestEventStream<E | JobEnd>(url, { method: 'GET', signal }, (e) => {
        if (e.type === 'job.end') ended = true;
        onEvent(e);
      });
      // Refused (gone, not allowed): opening again would be refused too.
      if (end.kind === 'failed') return;
    } catch {
      // cut: open again below
    }
    if (!ended && !signal.aborted) await pause(retryMs, signal);
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const id = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(id), resolve()), { once: true });
  });
