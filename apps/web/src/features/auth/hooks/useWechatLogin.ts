import { useCallback, useEffect, useState } from 'react';
import type { WechatQrReply } from '@app/shared';
import { Code } from '@app/shared/codes';
import { WECHAT_LOGIN_POLL_MS } from '@app/shared/constants';
import { fetchWechatQr, pollWechatLogin } from '../api.ts';
import { completeLogin } from '../complete-login.ts';

export type WechatQrState = 'loading' | 'ready' | 'expired' | 'failed';

/**
 * SPEC §4.3: fetch a login QR, then poll every second until the scan logs the user in (200)
 * or the ticket expires (400). Polling lives as long as the component using this hook, so
 * closing the dialog or switching method stops it.
 */
export function useWechatLogin() {
  const [qr, setQr] = useState<WechatQrReply | null>(null);
  const [state, setState] = useState<WechatQrState>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setState('loading');
    fetchWechatQr()
      .then((data) => {
        if (cancelled) return;
        setQr(data);
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  useEffect(() => {
    if (state !== 'ready' || !qr) return;
    const abort = new AbortController();
    let inFlight = false;
    let done = false;
    const stop = (next?: WechatQrState) => {
      done = true;
      clearInterval(timer);
      clearTimeout(expiry);
      if (next) setState(next);
    };
    const poll = async () => {
      if (inFlight || done) return;
      inFlight = true;
      try {
        const reply = await pollWechatLogin(qr.loginTicket, abort.signal);
        if (done) return;
        if (reply.code === Code.OK && reply.data) {
          stop();
          await completeLogin(reply.data);
        } else if (reply.code !== Code.PENDING) {
          stop('expired');
        }
      } catch {
        // A dropped request is retried on the next tick.
      } finally {
        inFlight = false;
      }
    };
    const timer = setInterval(() => void poll(), WECHAT_LOGIN_POLL_MS);
    const expiry = setTimeout(() => stop('expired'), qr.expiresIn * 1000);
    return () => {
      done = true;
      clearInterval(timer);
      clearTimeout(expiry);
      abort.abort();
    };
  }, [state, qr]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { qr, state, refresh };
}
