import { useEffect } from 'react';
import { on } from '../lib/events.ts';
import { toastError } from '../lib/http.ts';
import { useSession } from '../lib/session.ts';

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
        toastError(message);
      }),
      on('balance-low', () => useSession.getState().openDialog('goods')),
      on('ppt-quota', () => useSession.getState().openDialog('ppt')),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
