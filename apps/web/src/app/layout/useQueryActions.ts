import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../../lib/router/index.tsx';
import { PURCHASE_TOAST_MS } from '@app/shared/constants';
import { i18n } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { storage, StorageKey } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import '../locales.ts';

/**
 * SPEC §2.2 on any layout route: `token` logs in, `trade_status` reports a payment return,
 * `invitedBy` is kept for registration. Each URL is acted on once.
 */
export function useQueryActions() {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef('');

  useEffect(() => {
    const key = `${location.key}|${location.search}`;
    if (!location.search || handled.current === key) return;
    handled.current = key;
    const params = new URLSearchParams(location.search);
    const session = useSession.getState();

    const invitedBy = params.get('invitedBy');
    if (invitedBy) storage.set(StorageKey.invitedBy, invitedBy.slice(0, 64));

    const token = params.get('token');
    if (token) {
      session.login(token).catch(() => undefined);
      toast.success(i18n.t('app:query.tokenLogin'));
      void navigate('/talk', { replace: true });
      return;
    }

    const tradeStatus = params.get('trade_status');
    if (tradeStatus !== null) {
      if (tradeStatus.toLowerCase().includes('success')) {
        toast.success(i18n.t('app:query.purchaseThanks'), { duration: PURCHASE_TOAST_MS });
        session.loadUser().catch(() => undefined);
        void navigate('/talk', { replace: true });
      } else {
        toast.info(i18n.t('app:query.purchaseNotYet'));
        params.delete('trade_status');
        const rest = params.toString();
        void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
      }
    }
  }, [location.key, location.search, location.pathname, navigate]);
}
