import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { orders, packages } from '../../db/schema/index.ts';
import type { PayNotification, PayProviderName } from '../../providers/pay/index.ts';
import { logNotification, type NotificationOutcome } from './audit.ts';
import { grantPaidOrder } from './first-purchase.ts';

export interface FulfilResult {
  /** True when the gateway may stop notifying: the order is paid now, or was already. */
  ok: boolean;
  outcome: NotificationOutcome;
}

const ORDER_NO = /^[0-9A-Za-z_-]{1,64}$/;

/**
 * Fulfils an order from a verified, PAID statement of its gateway, exactly once however often and
 * however concurrently it arrives: in one transaction, the order is checked (exists, same gateway,
 * same amount), flipped to paid by ONE conditional UPDATE (status <> 1), and only the caller whose
 * UPDATE changed the row grants the package. The row lock makes every concurrent duplicate wait
 * and then find status 1. An expired order (status 2) whose money arrived is still honoured.
 * A guest's order is paid here and granted when it is bound to an account.
 */
export async function fulfil(
  ctx: AppContext,
  provider: PayProviderName,
  n: PayNotification,
  raw: string,
  /** Runs in the same transaction, only when this call flipped the order to paid (the admin console's audit row). */
  onPaid?: (tx: Db, outcome: NotificationOutcome) => Promise<void>,
): Promise<FulfilResult> {
  if (!n.paid) throw new Error('fulfil takes paid notifications only');
  const base = { provider, orderNo: n.orderNo, raw };
  if (!ORDER_NO.test(n.orderNo)) {
    await logNotification(ctx.db, { ...base, outcome: 'unknown_order', detail: '订单号格式错误' });
    return { ok: false, outcome: 'unknown_order' };
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.orderNo, n.orderNo)).limit(1);
    const refuse = async (outcome: NotificationOutcome, detail: string): Promise<FulfilResult> => {
      await logNotification(tx, { ...base, outcome, detail });
      ctx.log.warn({ provider, orderNo: n.orderNo, outcome, detail }, 'payment notification refused');
      return { ok: false, outcome };
    };
    if (!order) return refuse('unknown_order', '订单不存在');
    if (order.provider !== provider) return refuse('provider_mismatch', `订单属于 ${order.provider}`);
    if (order.amount !== n.amountFen) return refuse('amount_mismatch', `订单金额 ${order.amount} 分，通知金额 ${n.amountFen} 分`);

    const [paid] = await tx
      .update(orders)
      .set({ status: 1, paidAt: new Date(now), gatewayTradeNo: n.gatewayTradeNo || null })
      .where(and(eq(orders.id, order.id), ne(orders.status, 1)))
      .returning();
    if (!paid) {
      await logNotification(tx, { ...base, outcome: 'duplicate', detail: n.gatewayStatus });
      return { ok: true, outcome: 'duplicate' };
    }
    if (paid.userId !== null) {
      const [pkg] = await tx.select().from(packages).where(eq(packages.id, paid.packageId)).limit(1);
      if (!pkg) throw new Error(`package ${paid.packageId} of order ${paid.orderNo} is gone`);
      await grantPaidOrder(ctx, tx, paid.userId, pkg, paid, now);
    }
    const late = order.status === 2 || order.expiresAt.getTime() <= now;
    const outcome: NotificationOutcome = late ? 'paid_after_expiry' : 'paid';
    await logNotification(tx, { ...base, outcome, detail: `${n.gatewayStatus} ${n.gatewayTradeNo}`.trim() });
    if (onPaid) await onPaid(tx, outcome);
    if (late) ctx.log.warn({ provider, orderNo: n.orderNo }, 'payment arrived for an expired order; honoured');
    return { ok: true, outcome };
  });
}
