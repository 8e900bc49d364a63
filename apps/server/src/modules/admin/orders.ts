import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderDetail, AdminOrderRow } from '@app/shared';
import { ID_MAX } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { orders, packages, paymentNotifications } from '../../db/schema/index.ts';
import type { PayProviderName } from '../../providers/pay/index.ts';
import { fulfil } from '../billing/public.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

type OrderRow = typeof orders.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const rowOf = (o: OrderRow, packageName: string | null): AdminOrderRow => ({
  orderNo: o.orderNo,
  userId: o.userId,
  packageId: o.packageId,
  packageName: packageName ?? '',
  amount: o.amount,
  provider: o.provider,
  channel: o.channel,
  status: o.status,
  refundStatus: o.refundStatus,
  refundReason: o.refundReason,
  gatewayTradeNo: o.gatewayTradeNo,
  createdAt: o.createdAt.toISOString(),
  paidAt: iso(o.paidAt),
});

/** A day boundary in the site's time zone (SPEC §9: +8 h). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

export interface OrderFilter {
  page: number;
  size: number;
  status?: number;
  channel?: string;
  q?: string;
  from?: string;
  to?: string;
}

export async function listOrders(db: Db, f: OrderFilter) {
  const conds: SQL[] = [];
  if (f.status !== undefined) conds.push(eq(orders.status, f.status));
  if (f.channel) conds.push(eq(orders.channel, f.channel));
  if (f.q) {
    const byUser = /^\d+$/.test(f.q) && Number(f.q) <= ID_MAX ? eq(orders.userId, Number(f.q)) : undefined;
    conds.push(or(eq(orders.orderNo, f.q), byUser)!);
  }
  if (f.from) conds.push(gte(orders.createdAt, dayStart(f.from)));
  if (f.to) conds.push(lt(orders.createdAt, new Date(dayStart(f.to).getTime() + 86400_000)));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ o: orders, name: packages.name })
      .from(orders)
      .leftJoin(packages, eq(packages.id, orders.packageId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(f.size)
      .offset((f.page - 1) * f.size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows: rows.map((r) => rowOf(r.o, r.name)), total: total?.n ?? 0 };
}

export async function orderDetail(db: Db, orderNo: string): Promise<AdminOrderDetail> {
  const [row] = await db.select({ o: orders, name: packages.name }).from(orders).leftJoin(packages, eq(packages.id, orders.packageId)).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!row) throw notFound('订单不存在');
  const notes = await db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).orderBy(desc(paymentNotifications.id)).limit(100);
  return {
    order: rowOf(row.o, row.name),
    notifications: notes.map((n) => ({ id: n.id, provider: n.provider, outcome: n.outcome, detail: n.detail, raw: n.raw, createdAt: n.createdAt.toISOString() })),
  };
}

/**
 * Marks an unpaid order paid by hand through billing's own fulfil path (the package is granted
 * exactly once, however often and concurrently this is called); the audit row is written in its
 * transaction, only by the call that flipped the order.
 */
export async function fulfilByHand(ctx: AppContext, a: Actor, orderNo: string, reason: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!order) throw notFound('订单不存在');
  if (order.status === 1) throw badRequest('订单已支付，无需入账');
  const raw = JSON.stringify({ manual: true, adminId: a.adminId, reason });
  const result = await fulfil(
    ctx,
    order.provider as PayProviderName,
    { orderNo, amountFen: order.amount, paid: true, gatewayTradeNo: '', gatewayStatus: 'MANUAL' },
    raw,
    (tx, outcome) =>
      writeAudit(tx, { ...a, action: 'order.fulfil', targetType: 'order', targetId: orderNo, before: { status: order.status, paidAt: iso(order.paidAt) }, after: { status: 1, outcome }, reason }),
  );
  if (result.outcome === 'duplicate') throw badRequest('订单已支付，无需入账');
  if (!result.ok) throw badRequest(`入账失败：${result.outcome}`);
  return orderDetail(ctx.db, orderNo);
}

/** Records a refund made outside the site (the money went back by hand): once, paid orders only. */
export async function recordRefund(ctx: AppContext, a: Actor, orderNo: string, reason: string) {
  await ctx.db.transaction(async (raw) => {
    const db = raw as unknown as Db;
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1).for('update');
    if (!order) throw notFound('订单不存在');
    if (order.status !== 1) throw badRequest('只有已支付的订单可以登记退款');
    if (order.refundStatus === 2) throw badRequest('该订单已登记退款');
    await db.update(orders).set({ refundStatus: 2, refundReason: reason }).where(and(eq(orders.id, order.id), sql`${orders.refundStatus} <> 2`));
    await writeAudit(db, { ...a, action: 'order.refund', targetType: 'order', targetId: orderNo, before: { refundStatus: order.refundStatus, refundReason: order.refundReason }, after: { refundStatus: 2, refundReason: reason }, reason });
  });
  return orderDetail(ctx.db, orderNo);
}
