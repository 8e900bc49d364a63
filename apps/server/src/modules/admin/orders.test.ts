import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminOrderDetail, adminOrderListReply } from '@app/shared';
import { balanceLedger, orders, packages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, auditRows, idOf, phone } from './test-kit.ts';

let t: TestApp;
let admin: { token: string; id: number };
let monthly: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  const [p] = await t.ctx.db.select().from(packages).where(eq(packages.name, '体验月卡'));
  monthly = p!.id;
});
afterAll(() => t.close());
const A = () => ({ token: admin.token });

async function newOrder() {
  const token = await t.loginByPhone(phone());
  const userId = await idOf(t, token);
  const created = await t.call('POST', '/api/order/pay-qrcode', { token, body: { package_id: monthly } });
  return { token, userId, orderNo: created.body.data.order_sn as string };
}
const purchases = (orderNo: string) => t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.type, 'purchase'), eq(balanceLedger.ref, orderNo)));

describe('admin: orders', () => {
  it('lists with filters (state, channel, user, order number, dates)', async () => {
    const o = await newOrder();
    const list = async (query: Record<string, string>) => adminOrderListReply.parse((await t.call('GET', '/api/admin/orders', { ...A(), query })).body.data);
    expect((await list({})).rows.map((r) => r.orderNo)).toContain(o.orderNo);
    expect((await list({ q: String(o.userId) })).rows.map((r) => r.orderNo)).toEqual([o.orderNo]);
    const [row] = (await list({ q: o.orderNo })).rows;
    expect(row).toMatchObject({ orderNo: o.orderNo, status: 0, packageName: '体验月卡', amount: 1990 });
    expect((await list({ q: o.orderNo, status: '1' })).rows).toEqual([]);
    const today = new Date(new Date(row!.createdAt).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await list({ q: o.orderNo, from: today, to: today })).rows).toHaveLength(1);
    expect((await list({ q: o.orderNo, to: '2020-01-01' })).rows).toEqual([]);
    for (const query of [{ status: '7' }, { channel: 'bitcoin' }, { from: '2026-13-01' }, { size: '500' }] as Record<string, string>[]) {
      expect((await t.call('GET', '/api/admin/orders', { ...A(), query })).status, JSON.stringify(query)).toBe(400);
    }
  });

  it('manual fulfil goes through the normal path exactly once, even twice at once, with the audit row and the notification stored', async () => {
    const o = await newOrder();
    const results = await Promise.all([1, 2].map(() => t.call('POST', `/api/admin/orders/${o.orderNo}/fulfil`, { ...A(), body: { reason: '用户转账已核实' } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.message).toBe('订单已支付，无需入账');
    expect(await purchases(o.orderNo)).toHaveLength(1);
    const info = await t.call('GET', '/api/user/info', { token: o.token });
    expect(info.body.data.is_vip).toBeTruthy();
    const d = adminOrderDetail.parse((await t.call('GET', `/api/admin/orders/${o.orderNo}`, A())).body.data);
    expect(d.order.status).toBe(1);
    // The loser of the race may reach fulfil too (logged as a duplicate there); exactly one paid.
    expect(d.notifications.filter((n) => n.outcome === 'paid').map((n) => JSON.parse(n.raw).manual)).toEqual([true]);
    expect(d.notifications.every((n) => ['paid', 'duplicate'].includes(n.outcome))).toBe(true);
    const audit = await auditRows(t, 'order', o.orderNo);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'order.fulfil', before: { status: 0 }, after: { status: 1, outcome: 'paid' }, reason: '用户转账已核实' });
  });

  it('records a refund once, on paid orders only', async () => {
    const o = await newOrder();
    const unpaid = await t.call('POST', `/api/admin/orders/${o.orderNo}/refund`, { ...A(), body: { reason: '退款' } });
    expect(unpaid.status).toBe(400);
    await t.call('POST', `/api/admin/orders/${o.orderNo}/fulfil`, { ...A(), body: { reason: '核实' } });
    const r = await t.call('POST', `/api/admin/orders/${o.orderNo}/refund`, { ...A(), body: { reason: '用户申请退款，已线下退回' } });
    expect(r.body.data.order).toMatchObject({ refundStatus: 2, refundReason: '用户申请退款，已线下退回' });
    const again = await t.call('POST', `/api/admin/orders/${o.orderNo}/refund`, { ...A(), body: { reason: '再退' } });
    expect(again.body.message).toBe('该订单已登记退款');
    const audit = (await auditRows(t, 'order', o.orderNo)).filter((a) => a.action === 'order.refund');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toEqual({ refundStatus: 0, refundReason: null });
    expect((await t.call('POST', `/api/admin/orders/${o.orderNo}/refund`, { ...A(), body: { reason: '' } })).status).toBe(400);
    expect((await t.call('GET', '/api/admin/orders/no such', A())).status).toBe(400);
    expect((await t.call('GET', '/api/admin/orders/NOPE123', A())).status).toBe(404);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.orderNo, o.orderNo));
    expect(row!.refundStatus).toBe(2);
  });
});
