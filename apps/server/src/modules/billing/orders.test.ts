import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_RESULT_PAID } from '@app/shared';
import { SandboxPay } from '../../providers/pay/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { balanceRow, deliver, guest, notificationLog, orderRow, purchaseRows, sandboxCheckout, userIdOf } from './test-kit.ts';

const SECRET = 'test-sandbox-secret';
let t: TestApp;
let sandbox: SandboxPay;
let packageIds: { monthly: number; quarterly: number; refill: number; activity: number };

beforeAll(async () => {
  t = await createTestApp({ env: { PAY_SANDBOX_SECRET: SECRET } });
  sandbox = new SandboxPay({ publicUrl: 'http://localhost:3000', secret: SECRET, now: () => t.clock.now() });
  const list = (await t.call('GET', '/api/package/index')).body.data.list as { id: number; name: string }[];
  const activity = (await t.call('GET', '/api/package/activity')).body.data as { id: number };
  const byName = (n: string) => list.find((p) => p.name === n)!.id;
  packageIds = { monthly: byName('体验月卡'), quarterly: byName('标准季卡'), refill: byName('加油包'), activity: activity.id };
});
afterAll(() => t.close());

const qr = (token: string | undefined, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/order/pay-qrcode', { token, body, headers });

describe('packages and payment methods', () => {
  it('lists the packages in yuan with days and level, and the activity package apart', async () => {
    const list = (await t.call('GET', '/api/package/index')).body.data.list;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['体验月卡', '标准季卡', '专业年卡', '至尊永久卡', '加油包']);
    expect(list[0]).toMatchObject({ price: '19.90', price_y: '29.90', discount: '限时67折', days: 30, level: 1, model3_count: 500 });
    const activity = (await t.call('GET', '/api/package/activity')).body.data;
    expect(activity).toMatchObject({ name: '新人专享月卡', price: '9.90', price_y: '29.90' });
  });

  it('offers the sandbox methods when no gateway is configured (GET and POST)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.call(method, '/api/trade/payments');
      expect(res.body.data).toEqual({
        sandbox: true,
        list: [
          { pay_method: 'sandbox.wxpay', pay_type: 'wechat', pay_name: '微信支付' },
          { pay_method: 'sandbox.alipay', pay_type: 'alipay', pay_name: '支付宝' },
        ],
      });
    }
  });
});

describe('the sandbox, end to end', () => {
  it('membership dialog: QR -> cashier page -> 支付 -> notification -> paid, credits and vip', async () => {
    const token = await t.loginByPhone('13700000001');
    const userId = await userIdOf(t, token);
    const created = await qr(token, { package_id: packageIds.monthly });
    expect(created.body.code).toBe(200);
    expect(created.body.data).toMatchObject({ mode: 'qr', amount: '19.90', sandbox: true, pay_url: '' });
    // A short link (a sparse QR code) to the signed cashier link.
    expect(created.body.data.qr_code).toBe(`http://localhost:3000/api/pay/sandbox/o/${created.body.data.order_sn}`);
    const short = await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/o/${created.body.data.order_sn}` });
    expect(short.statusCode).toBe(302);
    expect(short.headers.location).toMatch(/^http:\/\/localhost:3000\/api\/pay\/sandbox\/checkout\?/);
    expect((await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/o/nope' })).statusCode).toBe(404);
    const { hash, order_sn } = created.body.data;

    const waiting = await t.call('POST', '/api/order/pay-result', { token, body: { hash } });
    expect(waiting.body).toMatchObject({ code: 202, data: { result: { status: 0, order_sn, bound: true } } });

    const { page, res } = await sandboxCheckout(t, created.body.data.qr_code);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const text of ['沙箱支付 · 演示模式', '体验月卡', '19.90', order_sn, '>支付</button>', '>取消</button>']) expect(page.body).toContain(text);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('支付成功');

    const paid = await t.call('GET', '/api/order/pay-result', { token, query: { hash } });
    expect(paid.body).toMatchObject({ code: PAY_RESULT_PAID, success: true, data: { result: { status: 1, order_sn, package_name: '体验月卡', bound: true } } });
    expect((await orderRow(t, order_sn)).status).toBe(1);
    const balance = (await t.call('GET', '/balance/query', { token })).body.data;
    expect(balance.member).toMatchObject({ model3: 500, model4: 50, draw: 20 });
    const info = (await t.call('GET', '/api/user/info', { token })).body.data;
    expect(info.is_vip).toBe(true);
    expect(await purchaseRows(t, order_sn)).toHaveLength(1);
    expect((await notificationLog(t, 'sandbox')).filter((r) => r.orderNo === order_sn).map((r) => r.outcome)).toEqual(['paid']);
    expect((await balanceRow(t, userId)).memberLevel).toBe(1);

    // The page of a paid order says so and pays nothing twice.
    const again = await sandboxCheckout(t, created.body.data.qr_code);
    expect(again.page.body).toContain('支付成功');
    expect(await purchaseRows(t, order_sn)).toHaveLength(1);
  });

  it('mobile: a payment link with a return URL; 支付 returns the browser with trade_status=TRADE_SUCCESS', async () => {
    const token = await t.loginByPhone('13700000002');
    const created = await qr(token, { package_id: packageIds.refill, pay_method: 'sandbox.alipay', return_url: 'http://localhost:3000/pay?from=m' });
    expect(created.body.data).toMatchObject({ mode: 'redirect', amount: '9.90' });
    expect(created.body.data.pay_url).toBe(created.body.data.qr_code);
    const { res } = await sandboxCheckout(t, created.body.data.pay_url);
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location as string);
    expect(back.pathname).toBe(`/api/pay/return/${created.body.data.order_sn}`);
    expect(back.searchParams.get('trade_status')).toBe('TRADE_SUCCESS');
    const ret = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(ret.statusCode).toBe(302);
    expect(ret.headers.location).toBe('/pay?from=m&trade_status=TRADE_SUCCESS');
    const balance = (await t.call('GET', '/balance/query', { token })).body.data;
    expect(balance.base).toMatchObject({ model3: 320, model4: 35 });
  });

  it('取消 sends an unpaid notification: logged, nothing paid, the browser returns with another status', async () => {
    const token = await t.loginByPhone('13700000003');
    const created = await qr(token, { package_id: packageIds.monthly, pay_method: 'sandbox.wxpay', return_url: '/talk' });
    const { res } = await sandboxCheckout(t, created.body.data.pay_url, 'cancel');
    expect(res.statusCode).toBe(303);
    const ret = await t.app.inject({ method: 'GET', url: new URL(res.headers.location as string).pathname + new URL(res.headers.location as string).search });
    expect(ret.headers.location).toBe('/talk?trade_status=WAIT_BUYER_PAY');
    expect((await orderRow(t, created.body.data.order_sn)).status).toBe(0);
    expect((await notificationLog(t, 'sandbox')).filter((r) => r.orderNo === created.body.data.order_sn).map((r) => r.outcome)).toEqual(['not_paid']);
  });

  it('a tampered checkout link is refused', async () => {
    const token = await t.loginByPhone('13700000004');
    const created = await qr(token, { package_id: packageIds.monthly });
    const short = await t.app.inject({ method: 'GET', url: new URL(created.body.data.qr_code).pathname });
    const url = new URL(short.headers.location as string);
    url.searchParams.set('amount', '1');
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('支付链接无效');
  });

  it('a forged sandbox notification is refused and logged; nothing granted', async () => {
    const token = await t.loginByPhone('13700000005');
    const created = await qr(token, { package_id: packageIds.monthly });
    const order_sn = created.body.data.order_sn;
    const forger = new SandboxPay({ publicUrl: 'http://localhost:3000', secret: 'not-the-secret', now: () => t.clock.now() });
    const res = await deliver(t, 'sandbox', forger.buildNotification({ orderNo: order_sn, amountFen: 1990, paid: true }).request);
    expect(res.body).toBe('fail');
    expect((await orderRow(t, order_sn)).status).toBe(0);
    expect(await purchaseRows(t, order_sn)).toHaveLength(0);
    const log = (await notificationLog(t, 'sandbox')).filter((r) => r.orderNo === order_sn);
    expect(log.map((r) => r.outcome)).toEqual(['rejected']);
    expect(log[0]!.detail).toMatch(/signature/);
  });

  it('100 concurrent duplicates of one sandbox notification grant once', async () => {
    const token = await t.loginByPhone('13700000006');
    const userId = await userIdOf(t, token);
    const created = await qr(token, { package_id: packageIds.quarterly });
    const order_sn = created.body.data.order_sn;
    const n = sandbox.buildNotification({ orderNo: order_sn, amountFen: 4990, paid: true }).request;
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(t, 'sandbox', n)));
    expect(answers.every((a) => a.body === 'success')).toBe(true);
    expect(await purchaseRows(t, order_sn)).toHaveLength(1);
    expect(await balanceRow(t, userId)).toMatchObject({ memberModel3: 2000, memberLevel: 2 });
    const outcomes = (await notificationLog(t, 'sandbox')).filter((r) => r.orderNo === order_sn).map((r) => r.outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(99);
  });
});

describe('expiry', () => {
  it('an unpaid order expires after 30 minutes; a payment arriving later is still honoured and logged', async () => {
    const token = await t.loginByPhone('13700000007');
    const userId = await userIdOf(t, token);
    const created = await t.call('POST', '/order/buy', { token, body: { goodsId: packageIds.monthly, payType: 'wxpay' } });
    expect(created.body.data).toMatchObject({ payMode: 'qr', amount: '19.90', sandbox: true, redirectUrl: '', expires_in: 1800 });
    const orderId = created.body.data.orderId;
    expect((await t.call('POST', '/order/queryByOrderId', { token, body: { orderId } })).body.data).toEqual({ status: 0 });
    t.clock.advance(30 * 60_000 + 1000);
    expect((await t.call('GET', '/order/queryByOrderId', { token, query: { orderId } })).body.data).toEqual({ status: 2 });
    expect((await orderRow(t, orderId)).status).toBe(2);
    // The cashier no longer takes it…
    const { page } = await sandboxCheckout(t, created.body.data.url_qrcode);
    expect(page.body).toContain('订单已超时关闭');
    expect(page.body).not.toContain('>支付</button>');
    expect((await orderRow(t, orderId)).status).toBe(2);
    // …but money that did arrive is never lost.
    const late = await deliver(t, 'sandbox', sandbox.buildNotification({ orderNo: orderId, amountFen: 1990, paid: true }).request);
    expect(late.body).toBe('success');
    expect((await t.call('GET', '/order/queryByOrderId', { token, query: { orderId } })).body.data).toEqual({ status: 1 });
    expect((await balanceRow(t, userId)).memberModel3).toBe(500);
    expect((await notificationLog(t, 'sandbox')).filter((r) => r.orderNo === orderId).map((r) => r.outcome)).toEqual(['paid_after_expiry']);
  });

  it('the sweep marks every unpaid order past its time expired', async () => {
    const token = await t.loginByPhone('13700000008');
    const created = await qr(token, { package_id: packageIds.monthly });
    t.clock.advance(31 * 60_000);
    const res = await t.call('GET', '/api/order/index', { token });
    expect(res.body.data.list[0]).toMatchObject({ order_sn: created.body.data.order_sn, status: 2 });
  });
});

describe('guest orders (SPEC §2.6)', () => {
  it('a guest pays, logs in and binds once; a second bind by anyone is refused', async () => {
    const device = guest('guest-device-1');
    const created = await qr(undefined, { package_id: packageIds.monthly }, device);
    expect(created.body.data.sandbox).toBe(true);
    const { hash, order_sn } = created.body.data;
    expect((await t.call('GET', '/api/order/client-order', { headers: device })).body.data).toEqual({ order_sn: null });
    await sandboxCheckout(t, created.body.data.qr_code);
    const paid = await t.call('POST', '/api/order/pay-result', { body: { hash }, headers: device });
    expect(paid.body).toMatchObject({ code: PAY_RESULT_PAID, data: { result: { status: 1, bound: false } } });
    expect((await t.call('GET', '/api/order/client-order', { headers: device })).body.data).toEqual({ order_sn });
    expect((await orderRow(t, order_sn)).userId).toBeNull();
    expect(await purchaseRows(t, order_sn)).toHaveLength(0);

    const token = await t.loginByPhone('13700000010');
    const userId = await userIdOf(t, token);
    const bind = await t.call('POST', '/api/order/bind', { token, body: { order_sn }, headers: device });
    expect(bind.body).toMatchObject({ code: 200, data: { order_sn, package_name: '体验月卡' } });
    expect(await balanceRow(t, userId)).toMatchObject({ memberModel3: 500, memberLevel: 1 });
    expect((await t.call('GET', '/api/user/info', { token })).body.data.is_vip).toBe(true);
    expect((await t.call('GET', '/api/order/client-order', { headers: device })).body.data).toEqual({ order_sn: null });
    expect((await t.call('GET', '/api/order/index', { token })).body.data.list[0]).toMatchObject({ order_sn, status: 1, amount: '19.90' });

    const again = await t.call('POST', '/api/order/bind', { token, body: { order_sn }, headers: device });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(409);
    const other = await t.loginByPhone('13700000011');
    const stolen = await t.call('POST', '/api/order/bind', { token: other, body: { order_sn }, headers: device });
    expect(stolen.status).toBe(409);
    const elsewhere = await t.call('POST', '/api/order/bind', { token: other, body: { order_sn }, headers: guest('other-device') });
    expect(elsewhere.status).toBe(404);
    expect(await purchaseRows(t, order_sn)).toHaveLength(1);
    expect((await balanceRow(t, userId)).memberModel3).toBe(500);
  });

  it('ten users binding one order at once: exactly one gets it', async () => {
    const device = guest('guest-device-2');
    const created = await qr(undefined, { package_id: packageIds.refill }, device);
    await sandboxCheckout(t, created.body.data.qr_code);
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, i) => t.loginByPhone(`1370000002${i}`)));
    const answers = await Promise.all(tokens.map((token) => t.call('POST', '/api/order/bind', { token, body: { order_sn: created.body.data.order_sn }, headers: device })));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await purchaseRows(t, created.body.data.order_sn)).toHaveLength(1);
  });

  it('an unpaid order cannot be bound; a guest without a client code cannot order', async () => {
    const device = guest('guest-device-3');
    const created = await qr(undefined, { package_id: packageIds.monthly }, device);
    const token = await t.loginByPhone('13700000030');
    const res = await t.call('POST', '/api/order/bind', { token, body: { order_sn: created.body.data.order_sn }, headers: device });
    expect(res.status).toBe(400);
    expect(res.body.data.field).toBe('order_sn');
    const anonymous = await qr(undefined, { package_id: packageIds.monthly });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.data.field).toBe('client_code');
  });
});

describe('ownership', () => {
  it("another user's or device's order is invisible (404) by number and by hash", async () => {
    const owner = await t.loginByPhone('13700000040');
    const stranger = await t.loginByPhone('13700000041');
    const mine = await qr(owner, { package_id: packageIds.monthly });
    const { hash, order_sn } = mine.body.data;
    for (const res of [
      await t.call('POST', '/order/queryByOrderId', { token: stranger, body: { orderId: order_sn } }),
      await t.call('POST', '/api/order/pay-result', { token: stranger, body: { hash } }),
      await t.call('POST', '/order/queryByOrderId', { body: { orderId: order_sn }, headers: guest('someone') }),
      await t.call('POST', '/api/order/pay-result', { body: { hash }, headers: guest('someone') }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(404);
    }
    const guestOrder = await qr(undefined, { package_id: packageIds.monthly }, guest('device-x'));
    const other = await t.call('POST', '/api/order/pay-result', { body: { hash: guestOrder.body.data.hash }, headers: guest('device-y') });
    expect(other.status).toBe(404);
    expect((await t.call('GET', '/api/order/index', { token: stranger })).body.data.list).toEqual([]);
  });

  it('my orders need login and page', async () => {
    expect((await t.call('GET', '/api/order/index')).status).toBe(401);
    const token = await t.loginByPhone('13700000050');
    for (let i = 0; i < 3; i++) await qr(token, { package_id: packageIds.monthly });
    const page1 = await t.call('GET', '/api/order/index', { token, query: { page: '1', size: '2' } });
    expect(page1.body.data.meta).toEqual({ page: 1, size: 2, total: 3 });
    expect(page1.body.data.list).toHaveLength(2);
    expect(page1.body.data.list[0]).toMatchObject({ package_name: '体验月卡', amount: '19.90', status: 0, channel: 'wxpay', provider: 'sandbox', paid_at: null });
    const page2 = await t.call('GET', '/api/order/index', { token, query: { page: '2', size: '2' } });
    expect(page2.body.data.list).toHaveLength(1);
  });

  it('a bad token is 403000, never silently a guest', async () => {
    const res = await qr('not-a-token', { package_id: packageIds.monthly }, guest('device-z'));
    expect(res.body.code).toBe(403000);
  });
});

describe('bad input is a 400 naming the field', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.loginByPhone('13700000060');
  });

  it.each([
    ['POST', '/order/buy', {}, 'goodsId'],
    ['POST', '/order/buy', { goodsId: 'abc', payType: 'wxpay' }, 'goodsId'],
    ['POST', '/order/buy', { goodsId: 999999, payType: 'wxpay' }, 'goodsId'],
    ['POST', '/order/buy', { goodsId: 1, payType: 'bitcoin' }, 'payType'],
    ['POST', '/order/queryByOrderId', {}, 'orderId'],
    ['POST', '/order/queryByOrderId', { orderId: '../../etc' }, 'orderId'],
    ['POST', '/api/order/pay-qrcode', { package_id: -1 }, 'package_id'],
    ['POST', '/api/order/pay-qrcode', { package_id: 1, pay_method: 'wechat.wxpay' }, 'pay_method'],
    ['POST', '/api/order/pay-qrcode', { package_id: 1, pay_method: 'sandbox.alipay', return_url: 'https://evil.example.com/x' }, 'return_url'],
    ['POST', '/api/order/pay-qrcode', { package_id: 1, pay_method: 'sandbox.alipay', return_url: 'javascript:alert(1)' }, 'return_url'],
    ['POST', '/api/order/pay-result', {}, 'hash'],
    ['POST', '/api/order/pay-result', { hash: 'x' }, 'hash'],
    ['POST', '/api/order/bind', {}, 'order_sn'],
    ['GET', '/api/order/index', { page: '0' }, 'page'],
    ['GET', '/api/order/index', { size: '500' }, 'size'],
  ] as const)('%s %s %j -> %s', async (method, url, body, field) => {
    const res =
      method === 'GET'
        ? await t.call('GET', url, { token, query: body })
        : await t.call('POST', url, { token, body, headers: guest('device-bad') });
    expect(res.status).toBe(400);
    expect(res.body.data.field).toBe(field);
    expect(res.body.message).toBeTruthy();
  });

  it('the activity package is for the first purchase only', async () => {
    const token = await t.loginByPhone('13700000070');
    const first = await qr(token, { package_id: packageIds.activity });
    expect(first.body.data.amount).toBe('9.90');
    await sandboxCheckout(t, first.body.data.qr_code);
    const second = await qr(token, { package_id: packageIds.activity });
    expect(second.status).toBe(400);
    expect(second.body.data.field).toBe('package_id');
  });

  it('notifications of an unknown gateway path are 404; of a gateway not configured, 404 and logged', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/notify/paypal', payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: '/api/pay/notify/hupi', payload: 'trade_order_id=X1&hash=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(404);
    expect((await notificationLog(t, 'hupi')).map((r) => [r.orderNo, r.outcome])).toEqual([['X1', 'unconfigured']]);
  });
});
