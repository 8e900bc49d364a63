import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeHupi } from './fakes/hupi.ts';
import { HupiPay, hupiHash, hupiSignContent, type HupiOptions } from './hupi.ts';
import { NotificationRejected, PayRequestError, type PayOrder } from './types.ts';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('虎皮椒 hash', () => {
  // The parameters of xunhupay's own PHP demo (its public test account 20146123713 / 6D7B02…);
  // the demo prints no hash, so the expected value is the hand-written string hashed with node's md5.
  it('hashes sorted non-empty parameters except hash, then the appsecret', () => {
    const secret = '6D7B025B8DD098C485F0805193136FB9';
    const params = {
      version: '1.1',
      lang: 'zh-cn',
      plugins: 'my-plugins-id',
      appid: '20146123713',
      trade_order_id: '1489381532',
      payment: 'wechat',
      total_fee: '0.1',
      title: '耐克球鞋',
      time: '1489381532',
      notify_url: 'http://www.xx.com/notify.php',
      return_url: 'http://www.xx.com/pay/success.html',
      callback_url: 'http://www.xx.com/pay/checkout.html',
      nonce_str: '2381581934',
      attach: '',
      hash: 'ignored',
    };
    const content =
      'appid=20146123713&callback_url=http://www.xx.com/pay/checkout.html&lang=zh-cn&nonce_str=2381581934&notify_url=http://www.xx.com/notify.php' +
      '&payment=wechat&plugins=my-plugins-id&return_url=http://www.xx.com/pay/success.html&time=1489381532&title=耐克球鞋&total_fee=0.1' +
      '&trade_order_id=1489381532&version=1.1';
    expect(hupiSignContent(params)).toBe(content);
    expect(hupiHash(params, secret)).toBe(md5(content + secret));
  });
});

// ---- against a local payment/do.html ----

const APP_ID = '201906123456';
const SECRET = 'f3a1c9e07b2d48d6a5e4c3b2a1908f7e';
const fake = new FakeHupi(APP_ID, SECRET);
const adapter = (over: Partial<HupiOptions> = {}) => new HupiPay({ appId: APP_ID, appSecret: SECRET, apiUrl: fake.apiUrl, ...over });

let seq = 0;
const newOrder = (over: Partial<PayOrder> = {}): PayOrder => ({
  orderNo: `ZD${Date.now()}${++seq}`,
  amountFen: 1990,
  subject: '月度会员',
  notifyUrl: 'https://example.com/api/pay/notify/hupi',
  returnUrl: 'https://example.com/pay',
  channel: 'wxpay',
  mode: 'qr',
  ...over,
});

async function rejection(p: Promise<unknown>): Promise<NotificationRejected> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotificationRejected);
  return err as NotificationRejected;
}

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.rejections.length = 0;
  fake.forgeAnswers = false;
});

describe('HupiPay against the local gateway', () => {
  it('creates a payment whose cashier page goes in a frame, with its QR image', async () => {
    const order = newOrder();
    const action = await adapter().createPayment(order);
    expect(action).toEqual({
      kind: 'iframe',
      url: expect.stringMatching(/^https:\/\/api\.xunhupay\.com\/payment\/cashier\.html\?order_id=/),
      qrImageUrl: expect.stringMatching(/qrcode\.html/),
    });
    expect(fake.rejections).toEqual([]);
    expect(fake.orders.get(order.orderNo)).toMatchObject({ totalFee: '19.90', title: '月度会员' });
  });

  it('redirects on a phone', async () => {
    expect(await adapter().createPayment(newOrder({ mode: 'redirect' }))).toMatchObject({ kind: 'redirect' });
    expect(await adapter().createPayment(newOrder({ mode: 'h5' }))).toMatchObject({ kind: 'redirect' });
  });

  it('is refused with the wrong secret, and refuses an answer not hashed with ours', async () => {
    const err = (await adapter({ appSecret: 'wrong' })
      .createPayment(newOrder())
      .catch((e: unknown) => e)) as PayRequestError;
    expect(err).toBeInstanceOf(PayRequestError);
    expect(err.message).toMatch(/Invalid sign/);
    expect(err.providerCode).toBe('40029');
    fake.forgeAnswers = true;
    await expect(adapter().createPayment(newOrder())).rejects.toThrow(/应答签名验证失败/);
  });

  it('is refused with a stale clock', async () => {
    await expect(adapter({ now: () => Date.now() - 3600_000 }).createPayment(newOrder())).rejects.toThrow(/超时/);
  });
});

describe('HupiPay notifications', () => {
  let order: PayOrder;
  beforeAll(async () => {
    order = newOrder({ amountFen: 2990 });
    await adapter().createPayment(order);
  });

  it('accepts a paid notification (status OD), empty values dropped before hashing', async () => {
    const n = fake.notification(order.orderNo);
    expect((n.form as Record<string, string>).plugins).toBe('');
    await expect(adapter().verifyNotification(n)).resolves.toEqual({
      orderNo: order.orderNo,
      gatewayTradeNo: fake.orders.get(order.orderNo)!.transactionId,
      amountFen: 2990,
      paid: true,
      gatewayStatus: 'OD',
    });
  });

  it('reports an unpaid status as not paid', async () => {
    await expect(adapter().verifyNotification(fake.notification(order.orderNo, { status: 'WP' }))).resolves.toMatchObject({ paid: false, gatewayStatus: 'WP' });
  });

  it('rejects a forged hash and a tampered amount', async () => {
    expect((await rejection(adapter().verifyNotification(fake.notification(order.orderNo, { secret: 'guess' })))).reason).toBe('signature');
    const n = fake.notification(order.orderNo);
    expect((await rejection(adapter().verifyNotification({ ...n, form: { ...n.form, total_fee: '299.00' } }))).reason).toBe('signature');
  });

  it('rejects a notification for another APPID', async () => {
    const n = fake.notification(order.orderNo, { appId: '201906999999' });
    expect((await rejection(adapter().verifyNotification(n))).reason).toBe('mismatch');
  });

  it('answers success / failed', () => {
    expect(adapter().notificationAck(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(adapter().notificationAck(false).body).toBe('failed');
  });
});
