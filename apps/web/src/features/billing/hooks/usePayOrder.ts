import { useEffect, useRef, useState } from 'react';
import type { OrderBuyBody, OrderBuyReply } from '@app/shared';
import { Code } from '@app/shared/codes';
import { PAY_DIALOG_COUNTDOWN_SECONDS, PAY_DIALOG_POLL_MS } from '@app/shared/constants';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { billingApi } from '../api.ts';
import { useCountdown } from './useCountdown.ts';
import { usePoll } from './usePoll.ts';

export type PayPhase = 'creating' | 'waiting' | 'paid' | 'failed' | 'timeout';

/** Shows the server's reason for a refused order; a network failure only resets the loading state (SPEC §8). */
export function reportOrderFailure(err: unknown) {
  if (err instanceof ApiError && err.code !== -1 && err.status !== 401 && err.message) toast.error(err.message);
}

/**
 * SPEC §4.4: creates an order for the package and channel (again whenever either changes), polls
 * its status every second until it is paid, and runs the 300 s countdown to the timeout.
 */
export function usePayOrder(opts: { packageId: number | null; payType: OrderBuyBody['payType']; onPaid(order: OrderBuyReply): void; onTimeout(): void }) {
  const { packageId, payType } = opts;
  const [order, setOrder] = useState<OrderBuyReply | null>(null);
  const [phase, setPhase] = useState<PayPhase>('creating');
  const [attempt, setAttempt] = useState(0);
  const handlers = useRef(opts);
  useEffect(() => {
    handlers.current = opts;
  });
  const { left, start, stop } = useCountdown(() => {
    setPhase('timeout');
    handlers.current.onTimeout();
  });

  useEffect(() => {
    if (!packageId) {
      // Closed: no order, no countdown, no polling.
      stop();
      setOrder(null);
      setPhase('creating');
      return;
    }
    let alive = true;
    setPhase('creating');
    setOrder(null);
    stop();
    billingApi
      .buy({ goodsId: packageId, payType })
      .then((reply) => {
        if (!alive) return;
        if (reply.code !== Code.OK) {
          if (reply.message) toast.error(reply.message);
          setPhase('failed');
          return;
        }
        setOrder(reply.data);
        setPhase('waiting');
        start(PAY_DIALOG_COUNTDOWN_SECONDS);
      })
      .catch((err: unknown) => {
        if (!alive) return;
        reportOrderFailure(err);
        setPhase('failed');
      });
    return () => {
      alive = false;
    };
  }, [packageId, payType, attempt, start, stop]);

  usePoll(phase === 'waiting' && !!order, PAY_DIALOG_POLL_MS, async (signal) => {
    if (!order) return;
    const reply = await billingApi.queryOrder(order.orderId, signal);
    if (reply.code === Code.OK && reply.data.status === 1) {
      setPhase('paid');
      stop();
      handlers.current.onPaid(order);
    }
  });

  return { order, phase, secondsLeft: left, retry: () => setAttempt((n) => n + 1) };
}
