import type { PayResultReply } from '@app/shared';
import { i18n } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { bindOrder } from './guest-order.ts';
import './locales.ts';

/**
 * SPEC §4.5 after a paid QR: a logged-in user is told 购买成功、祝您使用愉快! and the info is
 * refreshed; a guest is told 购买成功、请登录账号绑定当前订单！, the login dialog opens with the order
 * number and the purchase dialog closes. Returns who paid.
 */
export function onMembershipPaid(result: PayResultReply['result']): 'user' | 'guest' {
  const session = useSession.getState();
  if (session.token) {
    toast.success(i18n.t('billing:membership.successUser'));
    // Logged in while the code was on screen: the order still belongs to this device only.
    if (!result.bound) void bindOrder(result.order_sn, { quiet: true });
    else session.loadUser().catch(() => undefined);
    return 'user';
  }
  toast.success(i18n.t('billing:membership.successGuest'));
  session.openLogin({ orderSn: result.order_sn });
  session.closeDialog();
  return 'guest';
}
