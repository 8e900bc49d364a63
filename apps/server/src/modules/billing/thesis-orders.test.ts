/**
 * Thesis packages are sold through the same order endpoint as membership (/order/buy): every
 * gateway and pay type the membership dialog uses works for them too, and bad input or another
 * user's order changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { GATEWAY_KITS } from './gateway-kits.ts';
import { deliver, guest, orderRow, userIdOf } from './test-kit.ts';

const thesisPackage = async (t: TestApp, token: string) => {
  const index = await t.call('GET', '/api/thesis/order/index', { token });
  const pkg = index.body.data.packages[0] as { id: number; price: string };
  expect(pkg.id).toBeGreaterThan(0);
  return pkg;
};
const thesisOrders = async (t: TestApp, token: string) =>
  (await t.call('GET', '/api/thesis/order/index', { token })).body.data.list as { order_sn: string; state: string }[];

describe.each(GATEWAY_KITS.map((make, i) => ({ make, i, name: make.name.replace('Kit', '') })))('a thesis package through $name', ({ make, i }) => {
  const kit = make();
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: await kit.start() });
    token = await t.loginByPhone(`1390000${String(i).padStart(2, '0')}11`);
  });
  afterAll(async () => {
    await t.close();
    await kit.stop();
  });

  it('is ordered at its gateway and a paid notification makes it usable, once', async () => {
    const pkg = await thesisPackage(t, token);
    const res = await t.call('POST', '/order/buy', { token, body: { goodsId: pkg.id, payType: kit.channel } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.sandbox).toBe(false);
    expect(res.body.data.amount).toBe(Number(pkg.price).toFixed(2));
    kit.accepted(res.body.data);
    const orderNo = res.body.data.orderId as string;
    expect((await thesisOrders(t, token)).find((o) => o.order_sn === orderNo)?.state).toBe('unpaid');
    const paid = await deliver(t, kit.name, kit.paid(orderNo));
    expect(paid.status).toBe(200);
    expect(paid.body).toContain(kit.ack.ok);
    expect((await deliver(t, kit.name, kit.paid(orderNo))).status).toBe(200);
    expect((await t.call('POST', '/order/queryByOrderId', { token, body: { orderId: orderNo } })).body.data.status).toBe(1);
    expect((await thesisOrders(t, token)).filter((o) => o.order_sn === orderNo).map((o) => o.state)).toEqual(['available']);
  });

  it('a forged notification leaves it unpaid', async () => {
    const pkg = await thesisPackage(t, token);
    const orderNo = (await t.call('POST', '/order/buy', { token, body: { goodsId: pkg.id, payType: kit.channel } })).body.data.orderId as string;
    expect((await deliver(t, kit.name, kit.forged(orderNo))).body).toContain(kit.ack.fail);
    expect((await orderRow(t, orderNo)).status).toBe(0);
    expect((await thesisOrders(t, token)).find((o) => o.order_sn === orderNo)?.state).toBe('unpaid');
  });

  if (kit.name === 'wechat') {
    it("inside WeChat (jsapi): WeChat's pay sheet for a user who logged in with WeChat; refused without", async () => {
      const pkg = await thesisPackage(t, token);
      const before = (await t.ctx.db.select().from(orders)).length;
      const refused = await t.call('POST', '/order/buy', { token, body: { goodsId: pkg.id, payType: 'jsapi' } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('请先用微信登录后再使用微信内支付');
      expect((await t.ctx.db.select().from(orders)).length).toBe(before);
      await t.ctx.db.update(users).set({ wechatOpenid: 'o-thesis-buyer' }).where(eq(users.id, await userIdOf(t, token)));
      const res = await t.call('POST', '/order/buy', { token, body: { goodsId: pkg.id, payType: 'jsapi' } });
      expect(res.body.code).toBe(200);
      expect(res.body.data.payMode).toBe('jsapi');
      expect(res.body.data.jsapi).toMatchObject({ appId: expect.any(String), package: expect.stringMatching(/^prepay_id=/), paySign: expect.any(String) });
    });
  }
});

describe('thesis package orders: bad input and other people', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes every pay type the membership dialog sends, through the sandbox', async () => {
    const token = await t.loginByPhone('13900000201');
    const pkg = await thesisPackage(t, token);
    for (const payType of ['wxpay', 'alipay', 'native']) {
      const res = await t.call('POST', '/order/buy', { token, body: { goodsId: pkg.id, payType } });
      expect(res.body.code, payType).toBe(200);
      expect(res.body.data.payMode).toBe('qr');
    }
  });

  it('a bad pay type or package is a 400 naming the field; nothing is ordered', async () => {
    const token = await t.loginByPhone('13900000202');
    const pkg = await thesisPackage(t, token);
    const before = (await t.ctx.db.select().from(orders)).length;
    for (const [body, field] of [
      [{ goodsId: pkg.id, payType: 'paypal' }, 'payType'],
      [{ goodsId: pkg.id }, 'payType'],
      [{ goodsId: pkg.id, payType: 'x'.repeat(10_000) }, 'payType'],
      [{ goodsId: 999_999, payType: 'wxpay' }, 'goodsId'],
      [{ goodsId: -1, payType: 'wxpay' }, 'goodsId'],
    ] as const) {
      const res = await t.call('POST', '/order/buy', { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.data.field).toBe(field);
    }
    expect((await t.ctx.db.select().from(orders)).length).toBe(before);
  });

  it("another user's or device's thesis order is invisible and cannot be bound by them", async () => {
    const owner = await t.loginByPhone('13900000203');
    const stranger = await t.loginByPhone('13900000204');
    const pkg = await thesisPackage(t, owner);
    const orderNo = (await t.call('POST', '/order/buy', { token: owner, body: { goodsId: pkg.id, payType: 'alipay' } })).body.data.orderId as string;
    for (const res of [
      await t.call('POST', '/order/queryByOrderId', { token: stranger, body: { orderId: orderNo } }),
      await t.call('POST', '/order/queryByOrderId', { body: { orderId: orderNo }, headers: guest('someone-else') }),
      await t.call('POST', '/api/thesis/order/bind', { token: stranger, body: { order_sn: orderNo } }),
    ])
      expect(res.status).toBe(404);
    expect((await thesisOrders(t, stranger)).map((o) => o.order_sn)).not.toContain(orderNo);
    expect((await orderRow(t, orderNo)).userId).toBe(await userIdOf(t, owner));
  });
});
