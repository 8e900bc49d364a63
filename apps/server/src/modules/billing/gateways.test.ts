/**
 * Each real gateway, configured through the environment as in production, against its local fake
 * (providers/pay/fakes) that signs exactly as the real one: orders reach the gateway, and its
 * notifications are verified, checked against the order and fulfilled exactly once.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderBuyReply } from '@app/shared';
import { FakeAlipay } from '../../providers/pay/fakes/alipay.ts';
import { FakeCodepay, FakeEpay } from '../../providers/pay/fakes/epay.ts';
import { FakeHupi } from '../../providers/pay/fakes/hupi.ts';
import { FakeWechatPay } from '../../providers/pay/fakes/wechat.ts';
import type { NotificationRequest, PayProviderName } from '../../providers/pay/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { balanceRow, deliver, notificationLog, orderRow, purchaseRows, userIdOf } from './test-kit.ts';

interface Kit {
  name: Exclude<PayProviderName, 'sandbox'>;
  channel: 'wxpay' | 'alipay';
  start(): Promise<Record<string, string>>;
  stop(): Promise<void>;
  /** Checks the order reached the gateway (or its link is one the gateway accepts). */
  accepted(reply: OrderBuyReply): void;
  paid(orderNo: string): NotificationRequest;
  forged(orderNo: string): NotificationRequest;
  wrongAmount(orderNo: string): NotificationRequest;
  ack: { ok: string; fail: string };
}

const pem = (k: import('node:crypto').KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

function wechatKit(): Kit {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const opts = { mchid: '1900000109', appid: 'wx8888888888888888', merchantSerial: '3775B6A45ACD588826D15E583A95F5DD00000000', apiV3Key: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' };
  const fake = new FakeWechatPay({ ...opts, merchantPublicKey: merchant.publicKey });
  return {
    name: 'wechat',
    channel: 'wxpay',
    async start() {
      await fake.start();
      return {
        PUBLIC_URL: 'https://ai.example.test',
        WECHAT_PAY_MCHID: opts.mchid,
        WECHAT_PAY_APPID: opts.appid,
        WECHAT_PAY_SERIAL_NO: opts.merchantSerial,
        WECHAT_PAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
        WECHAT_PAY_API_V3_KEY: opts.apiV3Key,
        WECHAT_PAY_PLATFORM_CERT: pem(fake.platformPublicKey, 'spki'),
        WECHAT_PAY_PLATFORM_SERIAL: fake.platformSerial,
        WECHAT_PAY_API_BASE: fake.base,
      };
    },
    stop: () => fake.stop(),
    accepted(reply) {
      expect(reply.payMode).toBe('qr');
      expect(reply.url_qrcode).toMatch(/^weixin:\/\/wxpay\/bizpayurl/);
      expect(fake.orders.get(reply.orderId)?.body.amount.total).toBe(Math.round(Number(reply.amount) * 100));
      expect(fake.orders.get(reply.orderId)?.body.notify_url).toBe('https://ai.example.test/api/pay/notify/wechat');
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { key: other }),
    wrongAmount: (no) => fake.notification(no, { amountFen: 1 }),
    ack: { ok: '"SUCCESS"', fail: '"FAIL"' },
  };
}

function alipayKit(): Kit {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fake = new FakeAlipay({ appId: '2021000123456789', appPublicKey: app.publicKey });
  return {
    name: 'alipay',
    channel: 'alipay',
    async start() {
      await fake.start();
      return {
        ALIPAY_APP_ID: '2021000123456789',
        ALIPAY_PRIVATE_KEY: pem(app.privateKey, 'pkcs8'),
        ALIPAY_PUBLIC_KEY: pem(fake.alipayPublicKey, 'spki'),
        ALIPAY_GATEWAY: fake.gateway,
      };
    },
    stop: () => fake.stop(),
    accepted(reply) {
      expect(reply.payMode).toBe('qr');
      expect(reply.url_qrcode).toMatch(/^https:\/\/qr\.alipay\.com\//);
      expect(fake.orders.get(reply.orderId)?.totalAmount).toBe('19.90');
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { key: other }),
    wrongAmount: (no) => fake.notification(no, { totalAmount: '0.01' }),
    ack: { ok: 'success', fail: 'failure' },
  };
}

function epayKit(): Kit {
  const fake = new FakeEpay('1001', 'epay-merchant-key-123');
  return {
    name: 'epay',
    channel: 'alipay',
    async start() {
      await fake.start();
      return { EPAY_API_URL: fake.base, EPAY_PID: '1001', EPAY_KEY: 'epay-merchant-key-123' };
    },
    stop: () => fake.stop(),
    accepted(reply) {
      expect(reply.payMode).toBe('qr');
      expect(fake.orders.get(reply.orderId)).toMatchObject({ type: 'alipay', status: 0 });
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { key: 'not-the-key' }),
    wrongAmount: (no) => fake.notification(no, { money: '0.01' }),
    ack: { ok: 'success', fail: 'fail' },
  };
}

function hupiKit(): Kit {
  const fake = new FakeHupi('201906123456', 'f3a1c9e07b2d48d6a5e4c3b2a1908f7e');
  return {
    name: 'hupi',
    channel: 'wxpay',
    async start() {
      await fake.start();
      return { HUPI_APP_ID: '201906123456', HUPI_APP_SECRET: 'f3a1c9e07b2d48d6a5e4c3b2a1908f7e', HUPI_API_URL: fake.apiUrl };
    },
    stop: () => fake.stop(),
    accepted(reply) {
      expect(reply.payMode).toBe('iframe');
      expect(reply.iframeUrl).toMatch(/^https:\/\/api\.xunhupay\.com\/payment\/cashier\.html/);
      expect(fake.orders.has(reply.orderId)).toBe(true);
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { secret: 'not-the-secret' }),
    wrongAmount: (no) => fake.notification(no, { totalFee: '0.01' }),
    ack: { ok: 'success', fail: 'failed' },
  };
}

function mpayKit(): Kit {
  const fake = new FakeCodepay('28921', 'codepay-key-abc');
  return {
    name: 'mpay',
    channel: 'alipay',
    start: async () => ({ MPAY_API_URL: 'https://codepay.example.test/', MPAY_ID: '28921', MPAY_KEY: 'codepay-key-abc' }),
    stop: async () => undefined,
    accepted(reply) {
      // 码支付 is a redirect to its page (SPEC §4.4: a button instead of a QR code).
      expect(reply.payMode).toBe('redirect');
      const link = new URL(reply.redirectUrl);
      expect(fake.createOrder(Object.fromEntries(link.searchParams))).toBeNull();
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { key: 'not-the-key' }),
    wrongAmount: (no) => fake.notification(no, { price: '0.01' }),
    ack: { ok: 'success', fail: 'fail' },
  };
}

describe.each([wechatKit, alipayKit, epayKit, hupiKit, mpayKit].map((make, i) => ({ make, i, name: make.name.replace('Kit', '') })))('$name', ({ make, i }) => {
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
