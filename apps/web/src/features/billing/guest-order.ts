import { i18n } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { storage, StorageKey } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { billingApi } from './api.ts';
import './locales.ts';

/**
 * Binds a guest's paid order to the account now logged in (SPEC §2.6): POST /api/order/bind, then
 * the user info (vip, balances) is refreshed. A refusal shows the server's message.
 */
export async function bindOrder(orderSn: string, opts: { quiet?: boolean } = {}) {
  try {
    await billingApi.bind(orderSn);
    if (!opts.quiet) toast.success(i18n.t('billing:bind.success'));
  } catch {
    // The server's reason was shown by http.
  } finally {
    const s = useSession.getState();
    if (s.orderSn === orderSn) useSession.setState({ showOrder: false, orderSn: '' });
    await s.loadUser().catch(() => undefined);
  }
}

let checked = false;

/** Once per page load, for a guest: a paid order of this device waiting for an account opens the login dialog with it. */
export async function offerClientOrder() {
  if (checked) return;
  checked = true;
  const s = useSession.getState();
  if (s.token || !storage.get<string>(StorageKey.clientCode)) return;
  try {
    const { order_sn } = await billingApi.clientOrder();
    const now = useSession.getState();
    if (order_sn && !now.token && !now.loginOpen) now.openLogin({ orderSn: order_sn });
  } catch {
    // Nothing to offer.
  }
}

/** Tests only. */
export function resetClientOrderCheck() {
  checked = false;
}
