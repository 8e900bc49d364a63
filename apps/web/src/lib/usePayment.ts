import { useEffect, useRef, useState } from 'react';
import { Code, type ApiReply } from '@app/shared/codes';
import { ApiError } from './http.ts';
import { toast } from './toast.ts';
import { useCountdown } from './useCountdown.ts';

export type PayPhase = 'loading' | 'ready' | 'expired' | 'paid' | 'failed';

/** Shows the server's reason for a refused order; a network failure only resets the loading state (SPEC §8). */
export function reportOrderFailure(err: unknown) {
  if (err instanceof ApiError && err.code !== -1 && err.status !== 401 && err.message) toast.error(err.message);
}

/** How one kind of payment is made and watched. */
export interface PaySource<T, R> {
  /** What is being paid for (package, channel); a change makes a new order. Null keeps it idle. */
  key: string | null;
  /** `signal` aborts when the key changes or the dialog closes: a create still waiting must then make no order. */
  create(signal: AbortSignal): Promise<ApiReply<T>>;
  /** The paid result, or null while unpaid (a thrown error is ignored: the next tick asks again). */
  check(order: T, signal: AbortSignal): Promise<R | null>;
  pollMs: number;
  /** How long the order (its QR code) stays payable. */
  expireSeconds: number;
}

interface Handlers<T, R> {
  onPaid(order: T, result: R): void;
  /** The countdown ran out. Return 'refresh' to make a new order at once (the promo's QR). */
  onExpired?(): 'refresh' | void;
  /** A refused order (e.g. an offer already used); the default shows the server's message. */
  onRefused?(message: string): void;
}

/**
 * The one payment hook (SPEC §4.4 pay dialog, §4.5 membership QR and promo, a thesis package): makes the order,
 * polls its result (one call at a time, the call in flight aborted when it stops), counts down
 * to its expiry and reports success once.
 */
export function usePayment<T, R>(source: PaySource<T, R>, handlers: Handlers<T, R>) {
  const { key, pollMs, expireSeconds } = source;
  const [order, setOrder] = useState<T | null>(null);
  const [phase, setPhase] = useState<PayPhase>('loading');
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ source, handlers });
  useEffect(() => {
    latest.current = { source, handlers };
  });
  const { left, start, stop } = useCountdown(() => {
    if (latest.current.handlers.onExpired?.() === 'refresh') {
      setAttempt((n) => n + 1);
      return;
    }
    setPhase('expired');
  });

  useEffect(() => {
    stop();
    setOrder(null);
    setPhase('loading');
    if (key === null) return; // closed: no order, no countdown, no polling
    let alive = true;
    const abort = new AbortController();
    latest.current.source
      .create(abort.signal)
      .then((reply) => {
        if (!alive) return;
        if (reply.code !== Code.OK) {
          const { onRefused } = latest.current.handlers;
          if (onRefused) onRefused(reply.message);
          else if (reply.message) toast.error(reply.message);
          setPhase('failed');
          return;
        }
        setOrder(reply.data);
        setPhase('ready');
        start(expireSeconds);
      })
      .catch((err: unknown) => {
        if (!alive) return;
        reportOrderFailure(err);
        setPhase('failed');
      });
    return () => {
      alive = false;
      abort.abort();
    };
  }, [key, attempt, expireSeconds, start, stop]);

  const polling = key !== null && phase === 'ready' && order !== null;
  useEffect(() => {
    if (!polling || order === null) return;
    const abort = new AbortController();
    let inFlight = false;
    let done = false;
    const id = setInterval(() => {
      if (inFlight || done) return;
      inFlight = true;
      latest.current.source
        .check(order, abort.signal)
        .then((result) => {
          if (result === null || done || abort.signal.aborted) return;
          done = true;
          setPhase('paid');
          stop();
          latest.current.handlers.onPaid(order, result);
        })
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
        });
    }, pollMs);
    return () => {
      clearInterval(id);
      abort.abort();
    };
  }, [polling, order, pollMs, stop]);

  return { order, phase, secondsLeft: left, refresh: () => setAttempt((n) => n + 1) };
}
