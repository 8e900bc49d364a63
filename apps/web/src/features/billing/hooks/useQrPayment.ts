import { useEffect, useRef, useState } from 'react';
import type { PayQrcodeReply, PayResultReply } from '@app/shared';
import { Code, PAY_RESULT_PAID } from '@app/shared/codes';
import { MEMBERSHIP_QR_EXPIRE_SECONDS, MEMBERSHIP_RESULT_POLL_MS } from '@app/shared/constants';
import { toast } from '../../../lib/toast.ts';
import { billingApi } from '../api.ts';
import { reportOrderFailure } from './usePayOrder.ts';
import { useCountdown } from './useCountdown.ts';
import { usePoll } from './usePoll.ts';

export type QrPhase = 'loading' | 'ready' | 'expired' | 'paid' | 'failed';

interface Options {
  packageId: number | null;
  /** False keeps it idle (no QR, no polling). */
  active: boolean;
  /** At expiry make a new code at once (promo) instead of reporting `onExpired` (membership dialog). */
  autoRefresh?: boolean;
  onPaid(result: PayResultReply['result']): void;
  onExpired?(): void;
  /** A refused code (e.g. an offer already used); the default shows the server's message. */
  onRefused?(message: string): void;
}

/**
 * SPEC §4.5: a payment QR for a package, valid 120 s (ticking every second), its result polled
 * about every 2 s by hash; code 3 means paid.
 */
export function useQrPayment(opts: Options) {
  const { packageId, active, autoRefresh = false } = opts;
  const [qr, setQr] = useState<PayQrcodeReply | null>(null);
  const [phase, setPhase] = useState<QrPhase>('loading');
  const [attempt, setAttempt] = useState(0);
  const handlers = useRef(opts);
  useEffect(() => {
    handlers.current = opts;
  });
  const { left, start, stop } = useCountdown(() => {
    if (autoRefresh) {
      setAttempt((n) => n + 1);
      return;
    }
    setPhase('expired');
    handlers.current.onExpired?.();
  });

  useEffect(() => {
    if (!active || !packageId) {
      stop();
      setQr(null);
      setPhase('loading');
      return;
    }
    let alive = true;
    setPhase('loading');
    stop();
    billingApi
      .payQrcode({ package_id: packageId })
      .then((reply) => {
        if (!alive) return;
        if (reply.code !== Code.OK) {
          if (handlers.current.onRefused) handlers.current.onRefused(reply.message);
          else if (reply.message) toast.error(reply.message);
          setPhase('failed');
          return;
        }
        setQr(reply.data);
        setPhase('ready');
        start(MEMBERSHIP_QR_EXPIRE_SECONDS);
      })
      .catch((err: unknown) => {
        if (!alive) return;
        reportOrderFailure(err);
        setPhase('failed');
      });
    return () => {
      alive = false;
    };
  }, [active, packageId, attempt, start, stop]);

  usePoll(active && phase === 'ready' && !!qr, MEMBERSHIP_RESULT_POLL_MS, async (signal) => {
    if (!qr) return;
    const reply = await billingApi.payResult(qr.hash, signal);
    if (reply.code === PAY_RESULT_PAID) {
      setPhase('paid');
      stop();
      handlers.current.onPaid(reply.data.result);
    }
  });

  return { qr: phase === 'loading' ? null : qr, phase, secondsLeft: left, refresh: () => setAttempt((n) => n + 1) };
}
