/**
 * Each real gateway, configured through the environment as in production, against its local fake
 * (providers/pay/fakes) that signs exactly as the real one: orders reach the gateway, and its
 * notifications are verified, checked against the order and fulfilled exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { GATEWAY_KITS } from './gateway-kits.ts';
import { balanceRow, deliver, notificationLog, orderRow, purchaseRows, userIdOf } from './test-kit.ts';

describe.each(GATEWAY_KITS.map((make, i) => ({ make, i, name: make.name.replace('Kit', '') })))('$name', ({ make, i }) => {
  const kit = make();
  let t: TestApp;
  let token: string;
  let userId: number;
  let monthly: number;

  beforeAll(async () => {
    t = await createTestApp({ env: await kit.start() });
    token = await t.loginByPhone(`1380000${String(i).padStart(2, '0')}01`);
    userId = await userIdOf(t, token);
    const list = (await t.call('GET', '/api/package/index')).body.data.list as { id: number; name: string }[];
    monthly = list.find((p) => p.name === '体验月卡')!.id;
  });
  afterAll(async () => {
    await t.close();
    await kit.stop();
  });

  const newOrder = async () => {
    const res = await t.call('POST', '/order/buy', { token, body: { goodsId: monthly, payType: kit.channel } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.sandbox).toBe(false);
    kit.accepted(res.body.data);
    return res.body.data.orderId as string;
  };
  const log = async (orderNo: string) => (await notificationLog(t, kit.name)).filter((r) => r.orderNo === orderNo).map((r) => r.outcome);

  it('offers its own payment methods, never the sandbox', async () => {
    const methods = (await t.call('GET', '/api/trade/payments')).body.data;
    expect(methods.sandbox).toBe(false);
    expect(methods.list.length).toBeGreaterThan(0);
    for (const m of methods.list) expect(m.pay_method.startsWith(`${kit.name}.`)).toBe(true);
  });

  it('a paid notification grants once; a replay grants nothing more', async () => {
    const orderNo = await newOrder();
    const before = await balanceRow(t, userId);
    const note = kit.paid(orderNo);
    const first = await deliver(t, kit.name, note);
    expect(first.status).toBe(200);
    expect(first.body).toContain(kit.ack.ok);
    expect((await orderRow(t, orderNo)).status).toBe(1);
    expect((await t.call('POST', '/order/queryByOrderId', { token, body: { orderId: orderNo } })).body.data.status).toBe(1);
    const after = await balanceRow(t, userId);
    expect(after.memberModel3).toBe((before.memberExpiresAt && before.memberExpiresAt.getTime() > t.clock.now() ? before.memberModel3 : 0) + 500);
    expect((await t.call('GET', '/api/user/info', { token })).body.data.is_vip).toBe(true);

    const replay = await deliver(t, kit.name, note);
    expect(replay.body).toContain(kit.ack.ok);
    expect((await balanceRow(t, userId)).memberModel3).toBe(after.memberModel3);
    expect(await purchaseRows(t, orderNo)).toHaveLength(1);
    expect(await log(orderNo)).toEqual(['paid', 'duplicate']);
  });

  it('a forged signature is refused: nothing granted, logged', async () => {
    const orderNo = await newOrder();
    const res = await deliver(t, kit.name, kit.forged(orderNo));
    expect(res.body).toContain(kit.ack.fail);
    expect((await orderRow(t, orderNo)).status).toBe(0);
    expect(await purchaseRows(t, orderNo)).toHaveLength(0);
    const rows = (await notificationLog(t, kit.name)).filter((r) => r.outcome === 'rejected');
    expect(rows.at(-1)!.detail).toMatch(/^signature/);
    if (kit.name !== 'wechat') expect(rows.at(-1)!.orderNo).toBe(orderNo);
  });

  it('a wrong amount is refused: nothing granted, logged', async () => {
    const orderNo = await newOrder();
    const res = await deliver(t, kit.name, kit.wrongAmount(orderNo));
    expect(res.body).toContain(kit.ack.fail);
    expect((await orderRow(t, orderNo)).status).toBe(0);
    expect(await purchaseRows(t, orderNo)).toHaveLength(0);
    expect(await log(orderNo)).toEqual(['amount_mismatch']);
  });

  it('an unknown order is refused and logged', async () => {
    const res = await deliver(t, kit.name, kit.paid('20991231000000UNKNOWN1'));
    expect(res.body).toContain(kit.ack.fail);
    expect(await log('20991231000000UNKNOWN1')).toEqual(['unknown_order']);
  });

  it('100 concurrent duplicate notifications grant once', async () => {
    const orderNo = await newOrder();
    const before = await balanceRow(t, userId);
    const note = kit.paid(orderNo);
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(t, kit.name, note)));
    expect(answers.every((a) => a.body.includes(kit.ack.ok))).toBe(true);
    expect(await purchaseRows(t, orderNo)).toHaveLength(1);
    expect((await balanceRow(t, userId)).memberModel3).toBe(before.memberModel3 + 500);
    const outcomes = await log(orderNo);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(99);
  });

  it('the sandbox is off once a real gateway is configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: 'out_trade_no=1&sign=00', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/checkout?order=1' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('沙箱支付未启用');
  });
});
