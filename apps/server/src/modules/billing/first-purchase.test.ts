import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger, packages, siteConfig } from '../../db/schema/index.ts';
import { SandboxPay } from '../../providers/pay/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { deliver, notificationLog, orderRow } from './test-kit.ts';

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
  return res.body.data as { order_sn: string; amount: string };
};

describe('first-purchase-only package at fulfilment', () => {
  it('100 concurrent paid notifications of two orders of it grant it exactly once; the other is marked for refund', async () => {
    const token = await t.loginByPhone('13700000801');
    // Both orders are placed before either is paid: the order-time check lets both through.
    const a = await order(token);
    const b = await order(token);
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
