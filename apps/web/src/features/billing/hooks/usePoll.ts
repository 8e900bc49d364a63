import { useEffect, useRef } from 'react';

/**
 * Calls `check` every `ms` while `active`, one call at a time (a slow answer is not overlapped),
 * aborting the call in flight when it stops. A thrown error (network) is ignored: the next tick retries.
 */
export function usePoll(active: boolean, ms: number, check: (signal: AbortSignal) => Promise<void>) {
  const checkRef = useRef(check);
  useEffect(() => {
    checkRef.current = check;
  });

  useEffect(() => {
    if (!active) return;
    const abort = new AbortController();
    let inFlight = false;
    const id = setInterval(() => {
      if (inFlight) return;
      inFlight = true;
      checkRef.current(abort.signal)
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
        });
    }, ms);
    return () => {
      clearInterval(id);
      abort.abort();
    };
  }, [active, ms]);
}
