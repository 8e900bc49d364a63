import type { OrderBuyBody, OrderBuyReply } from '@app/shared';
import { Code } from '@app/shared/codes';
import { PAY_DIALOG_COUNTDOWN_SECONDS, PAY_DIALOG_POLL_MS } from '@app/shared/constants';
import { endpoint, requestRoute } from '../../lib/api.ts';
import { storage, StorageKey } from '../../lib/storage.ts';
import type { PaySource } from '../../lib/usePayment.ts';

const orderBuy = endpoint('billing.orderBuy', 'POST', '/order/buy');
const orderQuery = endpoint('billing.orderQuery', 'POST', '/order/queryByOrderId');

/**
 * SPEC §4.4: an order of a package (membership, slides or thesis) through a channel, its status
 * polled every second, 300 s to pay. A new key (package or channel) makes a new order.
 */
export const orderSource = (goodsId: number | null, payType: OrderBuyBody['payType']): PaySource<OrderBuyReply, true> => ({
  key: goodsId ? `${goodsId}:${payType}` : null,
  create: (signal) => {
    const buy = () => requestRoute(orderBuy, { goodsId: goodsId!, payType }, { silent: true });
    if (storage.get<string>(StorageKey.token) || storage.get<string>(StorageKey.clientCode)) return buy();
    // A guest who switches channel (or closes) while the code is fetched made no order yet: make none.
    return clientCodeReady().then(() => (signal.aborted ? Promise.reject(new DOMException('superseded', 'AbortError')) : buy()));
  },
  check: async (order, signal) => {
    const reply = await requestRoute(orderQuery, { orderId: order.orderId }, { silent: true, signal });
    return reply.code === Code.OK && reply.data.status === 1 ? true : null;
  },
  pollMs: PAY_DIALOG_POLL_MS,
  expireSeconds: PAY_DIALOG_COUNTDOWN_SECONDS,
});

/**
 * A guest's order is bound to their client_code, which tracking asks for only after the first
 * screen: a guest who taps 购买 at once waits for it here instead of being refused.
 */
async function clientCodeReady() {
  const { ensureClientCode } = await import('../../lib/tracking.ts');
  await ensureClientCode();
}
