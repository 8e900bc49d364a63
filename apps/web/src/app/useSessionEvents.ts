import { useEffect } from 'react';
import { on } from '../lib/events.ts';
import { toastError } from '../lib/http.ts';
import { i18n } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';
import '../lib/locales.ts';

/** The server's generic 401 message (apps/server core/errors.ts `unauthorized()`). */
const GENERIC_401 = '请先登录';

/**
 * SPEC §8 HTTP 401: the server's own message, else "please log in first" in the user's language
 * (zh-CN 请先登录, en-US 'Unauthorized, please verify first.'); the generic one is that text.
 */
export function needLoginText(message: string) {
  return !message || message === GENERIC_401 ? i18n.t('common:unauthorized') : message;
}

/** SPEC §8: what the app does when lib/http reports a session or quota problem. */
export function useSessionEvents() {
  useEffect(() => {
    const offs = [
      on('token-invalid', () => {
        const s = useSession.getState();
        s.clearSession();
        s.openLogin();
      }),
      on('need-login', ({ message }) => {
        const s = useSession.getState();
        s.clearSession();
        if (s.ready) s.openLogin();
        toastError(needLoginText(message));
      }),
      on('balance-low', () => useSession.getState().openDialog('goods')),
      on('ppt-quota', () => useSession.getState().openDialog('ppt')),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
