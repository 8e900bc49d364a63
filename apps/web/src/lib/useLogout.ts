import { useCallback } from 'react';
import { useNavigate } from './router/index.tsx';
import { i18n } from './i18n.ts';
import './locales.ts';
import { useSession } from './session.ts';
import { toast } from './toast.ts';

/** SPEC §4.3 logout: end the session (token, user, balance, chat), say so, reload packages, go to chat. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const session = useSession.getState();
    await session.logout();
    toast.success(i18n.t('common:loggedOut'));
    session.loadPackages().catch(() => undefined);
    void navigate('/talk');
  }, [navigate]);
}
