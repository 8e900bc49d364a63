import type { AppContext } from '../../core/context.ts';
import { fulfil } from './fulfil.ts';
import type { PayGateways } from './gateways.ts';
import type { OrderService } from './orders.ts';

/**
 * When a browser comes back from a gateway, the notification may still be on its way: an unpaid
 * order is asked about at the gateway (active query), and a verified paid answer fulfils it through
 * the same exactly-once path as a notification. Returns whether the order is paid.
 */
export async function settleOnReturn(ctx: AppContext, gateways: PayGateways, orders: OrderService, orderNo: string): Promise<boolean> {
  if (!/^[0-9A-Za-z_-]{1,64}$/.test(orderNo)) return false;
  const order = await orders.byNumber(orderNo);
  if (!order) return false;
  if (order.status === 1) return true;
  const provider = gateways.get(order.provider as Parameters<PayGateways['get']>[0]);
  if (!provider?.queryOrder) return false;
  try {
    const answer = await provider.queryOrder(orderNo);
    if (!answer?.paid || answer.orderNo !== orderNo) return false;
    const result = await fulfil(ctx, provider.name, answer, JSON.stringify({ query: answer }));
    return result.ok;
  } catch (err) {
    ctx.log.warn({ err, orderNo }, 'active order query failed');
    return false;
  }
}
