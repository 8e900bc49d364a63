import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger, orders, packages, siteConfig } from '../../db/schema/index.ts';
import { SandboxPay } from '../../providers/pay/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken } from '../admin/test-kit.ts';
import { deliver, guest, notificationLog, orderRow, purchaseRows, sandboxCheckout, userIdOf } from './test-kit.ts';

const SECRET = 'test-sandbox-secret';
let t: TestApp;
let sandbox: SandboxPay;
let activityId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { PAY_SANDBOX_SECRET: SECRET } });
  sandbox = new SandboxPay({ publicUrl: 'http://localhost:3000', secret: SECRET, now: () => t.clock.now() });
  activityId = ((await t.call('GET', '/api/package/activity')).body.data as { id: number }).id;
});
afterAll(() => t.close());

const order = async (token: string) => {
  const res = await t.call('POST', '/api/order/pay-qrcode', { token, body: { package_id: activityId } });
  expect(res.body.code).toBe(200);
  return res.body.data as { order_sn: string; amount: string; qr_code: string };
};

describe('first-purchase-only package at fulfilment', () => {
  it('100 concurrent paid notifications of two orders of it grant it exactly once; the other is marked for refund', async () => {
    const token = await t.loginByPhone('13700000801');
    // Both orders are placed before either is paid: b closes a, but a's QR can still be paid at the gateway.
    const a = await order(token);
    const b = await order(token);
    expect((await orderRow(t, a.order_sn)).status).toBe(2);
    const amountFen = Math.round(Number(a.amount) * 100);
    const notes = Array.from({ length: 100 }, (_, i) => sandbox.buildNotification({ orderNo: i % 2 ? a.order_sn : b.order_sn, amountFen, paid: true, tradeNo: `T${i % 2}` }));
    const results = await Promise.all(notes.map((n) => deliver(t, 'sandbox', n.request)));
    expect(results.every((r) => r.status === 200)).toBe(true);

    const grants = await t.ctx.db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.type, 'purchase'), inArray(balanceLedger.ref, [a.order_sn, b.order_sn])));
    expect(grants).toHaveLength(1);
    const [ra, rb] = [await orderRow(t, a.order_sn), await orderRow(t, b.order_sn)];
    expect([ra.status, rb.status]).toEqual([1, 1]);
    expect([ra.refundStatus, rb.refundStatus].sort()).toEqual([0, 1]);
    const refunded = ra.refundStatus === 1 ? ra : rb;
    expect(refunded.refundReason).toMatch(/仅限首次开通/);
    expect(grants[0]!.ref).not.toBe(refunded.orderNo);
    const audit = (await notificationLog(t, 'sandbox')).filter((r) => r.outcome === 'refund_due');
    expect(audit.map((r) => r.orderNo)).toEqual([refunded.orderNo]);
    // The operator finds it in the console's order list, marked 待退款.
    const admin = await adminToken(t);
    const list = await t.call('GET', '/api/admin/orders', { token: admin.token, query: { q: refunded.orderNo } });
    expect(list.body.data.rows).toEqual([expect.objectContaining({ orderNo: refunded.orderNo, status: 1, refundStatus: 1 })]);
  });
});

describe('first-purchase-only package at order creation', () => {
  const openOrders = (userId: number) =>
    t.ctx.db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.packageId, activityId), eq(orders.status, 0)));

  it('5 concurrent creations leave at most one open order; the newest QR is the one to pay; once paid, creation is refused', async () => {
    const token = await t.loginByPhone('13700000821');
    const userId = await userIdOf(t, token);
    const created = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', '/api/order/pay-qrcode', { token, body: { package_id: activityId } })));
    expect(created.map((r) => r.body.code)).toEqual([200, 200, 200, 200, 200]);
    const open = await openOrders(userId);
    expect(open).toHaveLength(1);
    // The four others are closed: the sandbox cashier says so instead of taking the money.
    const closed = created.map((r) => r.body.data as { order_sn: string; qr_code: string }).filter((o) => o.order_sn !== open[0]!.orderNo);
    expect(closed).toHaveLength(4);
    for (const o of closed) expect((await orderRow(t, o.order_sn)).status).toBe(2);
    const { res } = await sandboxCheckout(t, closed[0]!.qr_code);
    expect(res.body).not.toContain('支付成功');
    expect((await orderRow(t, closed[0]!.order_sn)).status).toBe(2);

    // A sixth creation replaces the open one; paying it grants the package once.
    const sixth = await order(token);
    expect((await openOrders(userId)).map((r) => r.orderNo)).toEqual([sixth.order_sn]);
    await sandboxCheckout(t, sixth.qr_code);
    expect((await orderRow(t, sixth.order_sn)).status).toBe(1);
    expect(await purchaseRows(t, sixth.order_sn)).toHaveLength(1);

    // Paid: every further creation, concurrent or not, is refused and opens nothing.
    const again = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', '/api/order/pay-qrcode', { token, body: { package_id: activityId } })));
    for (const r of again) expect(r).toMatchObject({ status: 400, body: { message: '该活动套餐仅限首次开通', data: { field: 'package_id' } } });
    expect(await openOrders(userId)).toEqual([]);
    // A normal package is still for sale to them.
    const normal = ((await t.call('GET', '/api/package/index')).body.data as { list: { id: number }[] }).list;
    expect((await t.call('POST', '/api/order/pay-qrcode', { token, body: { package_id: normal[0]!.id } })).body.code).toBe(200);
  });

  it('a device before login: at most one open order too, and none once one is paid', async () => {
    const headers = guest('device-first-purchase');
    const create = () => t.call('POST', '/api/order/pay-qrcode', { headers, body: { package_id: activityId } });
    const created = await Promise.all(Array.from({ length: 5 }, create));
    expect(created.map((r) => r.body.code)).toEqual([200, 200, 200, 200, 200]);
    const open = await t.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.clientCode, 'device-first-purchase'), eq(orders.status, 0)));
    expect(open).toHaveLength(1);
    const paying = created.find((r) => r.body.data.order_sn === open[0]!.orderNo)!.body.data as { qr_code: string };
    await sandboxCheckout(t, paying.qr_code);
    expect((await create()).body).toMatchObject({ code: 400, message: '该活动套餐仅限首次开通' });
  });
});

describe('the referral plan’s commission', () => {
  it('pays the inviter the operator’s percentage of a paid package once, as an invite ledger row; off by default', async () => {
    const inviterToken = await t.loginByPhone('13700000811');
    const inviter = (await t.call('GET', '/api/user/info', { token: inviterToken })).body.data as { id: number; invite_code: string };
    const buy = async (percent: number | null) => {
      if (percent !== null) {
        await t.ctx.db.insert(siteConfig).values({ key: 'inviteCommissionPercent', value: { v: percent } }).onConflictDoUpdate({ target: siteConfig.key, set: { value: { v: percent } } });
      }
      const reg = await t.call('POST', '/api/login/register', { body: { userName: `buyer_${percent}_${Date.now()}`, password: 'Passw0rd!', invitedBy: inviter.invite_code } });
      const o = await order(reg.body.data.token);
      const n = sandbox.buildNotification({ orderNo: o.order_sn, amountFen: Math.round(Number(o.amount) * 100), paid: true, tradeNo: `C${o.order_sn}` });
      // Delivered twice: the commission comes with the one grant.
      await deliver(t, 'sandbox', n.request);
      await deliver(t, 'sandbox', n.request);
      return t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, inviter.id), eq(balanceLedger.ref, `commission:${o.order_sn}`)));
    };
    expect(await buy(null)).toEqual([]);
    const [pkg] = await t.ctx.db.select().from(packages).where(eq(packages.id, activityId));
    const rows = await buy(10);
    expect(rows.map((r) => [r.type, r.pool, r.model3, r.model4, r.draw])).toEqual([['invite', 'base', Math.floor(pkg!.model3Count / 10), Math.floor(pkg!.model4Count / 10), Math.floor(pkg!.drawCount / 10)]]);
    expect(rows[0]!.note).toContain('返佣 10%');
  });
});
