import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EpayPay, epayEndpoints, epaySign, epaySignContent, type EpayOptions } from './epay.ts';
import { FakeEpay } from './fakes/epay.ts';
import { NotificationRejected, PayRequestError, type NotificationRequest, type PayOrder } from './types.ts';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('易支付 MD5 signing', () => {
  // No 易支付 deployment publishes a key with a signed example, so the expected value is derived
  // here: the string to sign is written out by hand from the documented rule and hashed with node's md5.
  it('signs sorted, non-empty parameters without sign/sign_type, then the key, lower-case md5', () => {
    const key = '89unJUB8HZ54Hj7x4nUj56HN4nUzUJ8i';
    const params = {
      pid: '1001',
      type: 'alipay',
      out_trade_no: '20160806151343349',
      notify_url: 'http://www.pay.com/notify_url.php',
      return_url: 'http://www.pay.com/return_url.php',
      name: 'VIP会员',
      money: '1.00',
      sitename: '',
      param: '',
      sign: 'ignored',
      sign_type: 'MD5',
    };
    const content = 'money=1.00&name=VIP会员&notify_url=http://www.pay.com/notify_url.php&out_trade_no=20160806151343349&pid=1001&return_url=http://www.pay.com/return_url.php&type=alipay';
    expect(epaySignContent(params)).toBe(content);
    expect(epaySign(params, key)).toBe(md5(content + key));
    expect(epaySign(params, key)).toMatch(/^[0-9a-f]{32}$/);
  });

  // The same rule (非空参数按参数名 ASCII 排序, k=v&…, 密钥拼接在后, md5) with its documented example,
  // from the 德付 (defupay) signing guide: uid 1000, timestamp 1548047628, key 58b31d46….
  it('matches a published example of the same md5 rule', () => {
    expect(epaySign({ uid: '1000', timestamp: '1548047628' }, '58b31d465652be856d7ed80977aa4ce4')).toBe('15540d3398e5ed2a37533e3fc032e1a0');
  });

  it('derives the endpoints and the fixed variant from the configured URL', () => {
    expect(epayEndpoints('https://pay.example.com')).toEqual({
      submit: 'https://pay.example.com/submit.php',
      mapi: 'https://pay.example.com/mapi.php',
      api: 'https://pay.example.com/api.php',
      fixed: undefined,
    });
    expect(epayEndpoints('https://pay.example.com/epay/submit.php')).toMatchObject({ submit: 'https://pay.example.com/epay/submit.php', fixed: 'submit' });
    expect(epayEndpoints('https://pay.example.com/mapi.php')).toMatchObject({ api: 'https://pay.example.com/api.php', fixed: 'mapi' });
  });
});

// ---- against a local 易支付 gateway ----

const PID = '1001';
const KEY = 'Kx8Qm2Zr7Tn4Wv6Yb1Hc3Jd5Lf9Ps0Ge';
const fake = new FakeEpay(PID, KEY);

const adapter = (over: Partial<EpayOptions> = {}) => new EpayPay({ apiUrl: fake.base, pid: PID, key: KEY, ...over });

let seq = 0;
const newOrder = (over: Partial<PayOrder> = {}): PayOrder => ({
  orderNo: `ZD${Date.now()}${++seq}`,
  amountFen: 1990,
  subject: '月度会员',
  notifyUrl: 'https://example.com/api/pay/notify/epay',
  returnUrl: 'https://example.com/pay',
  channel: 'wxpay',
  mode: 'qr',
  clientIp: '203.0.113.7',
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
});

describe('EpayPay against the local gateway', () => {
  it('builds a signed submit.php link for a redirect', async () => {
    const order = newOrder({ mode: 'redirect', channel: 'alipay' });
    const action = await adapter().createPayment(order);
    if (action.kind !== 'redirect') throw new Error(action.kind);
    const url = new URL(action.url);
    expect(url.href.startsWith(`${fake.base}submit.php?`)).toBe(true);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ pid: PID, type: 'alipay', out_trade_no: order.orderNo, money: '19.90', name: '月度会员', sign_type: 'MD5' });
    expect(fake.submit(params)).toBeNull();
    expect(fake.submit({ ...params, money: '0.01' })).toBe('签名校验失败！');
  });

  it('uses submit.php whatever the mode when the configured URL names it (SPEC §4.4)', async () => {
    const action = await adapter({ apiUrl: `${fake.base}submit.php` }).createPayment(newOrder({ mode: 'qr' }));
    expect(action.kind).toBe('redirect');
  });

  it('can post the submit.php form instead', async () => {
    const action = await adapter({ submitMethod: 'POST' }).createPayment(newOrder({ mode: 'redirect' }));
    if (action.kind !== 'form') throw new Error(action.kind);
    expect(action.action).toBe(`${fake.base}submit.php`);
    expect(fake.submit(action.fields)).toBeNull();
  });

  it('gets a QR code from mapi.php', async () => {
    const order = newOrder();
    const action = await adapter().createPayment(order);
    expect(action).toMatchObject({ kind: 'qr', qrContent: expect.stringMatching(/^weixin:\/\//) });
    expect(fake.rejections).toEqual([]);
    expect(fake.orders.get(order.orderNo)).toMatchObject({ money: '19.90', type: 'wxpay' });
  });

  it('gets a pay URL from mapi.php on a phone', async () => {
    const action = await adapter({ variant: 'mapi' }).createPayment(newOrder({ mode: 'h5' }));
    expect(action).toMatchObject({ kind: 'redirect', url: expect.stringContaining(`${fake.base}pay/`) });
  });

  it('passes on mapi.php errors', async () => {
    const err = (await adapter({ key: 'wrong-key' })
      .createPayment(newOrder())
      .catch((e: unknown) => e)) as PayRequestError;
    expect(err).toBeInstanceOf(PayRequestError);
    expect(err.message).toMatch(/签名校验失败/);
    expect(err.providerCode).toBe('-1');
  });

  it('queries an order: unknown, unpaid, then paid', async () => {
    const pay = adapter();
    await expect(pay.queryOrder('NOSUCHORDER')).resolves.toBeNull();
    const order = newOrder();
    await pay.createPayment(order);
    await expect(pay.queryOrder(order.orderNo)).resolves.toMatchObject({ paid: false, amountFen: 1990, gatewayStatus: '0' });
    fake.pay(order.orderNo);
    await expect(pay.queryOrder(order.orderNo)).resolves.toMatchObject({ paid: true, amountFen: 1990, gatewayTradeNo: fake.orders.get(order.orderNo)!.tradeNo });
    await expect(adapter({ key: 'wrong' }).queryOrder(order.orderNo)).rejects.toThrow(/KEY校验失败/);
  });
});

describe('EpayPay notifications', () => {
  let order: PayOrder;
  beforeAll(async () => {
    order = newOrder({ amountFen: 2990, mode: 'redirect' });
    const action = await adapter().createPayment(order);
    fake.submit(Object.fromEntries(new URL((action as { url: string }).url).searchParams));
  });

  it('accepts a paid notification (GET query)', async () => {
    await expect(adapter().verifyNotification(fake.notification(order.orderNo))).resolves.toEqual({
      orderNo: order.orderNo,
      gatewayTradeNo: fake.orders.get(order.orderNo)!.tradeNo,
      amountFen: 2990,
      paid: true,
      gatewayStatus: 'TRADE_SUCCESS',
    });
  });

  it('drops empty values before checking, as the gateway signs', async () => {
    const n = fake.notification(order.orderNo);
    const q = n.query as Record<string, string>;
    expect(q.param).toBe('');
    // Had the empty `param` been kept, the signature would not match.
    const withEmpty = Object.keys(q)
      .filter((k) => k !== 'sign' && k !== 'sign_type')
      .sort()
      .map((k) => `${k}=${q[k]}`)
      .join('&');
    expect(md5(withEmpty + KEY)).not.toBe(q.sign);
    await expect(adapter().verifyNotification(n)).resolves.toMatchObject({ paid: true });
  });

  it('also takes a POSTed notification', async () => {
    const n = fake.notification(order.orderNo);
    const body = new URLSearchParams(n.query as Record<string, string>).toString();
    await expect(adapter().verifyNotification({ headers: {}, query: {}, form: {}, rawBody: body })).resolves.toMatchObject({ paid: true });
  });

  it('reports another trade status as not paid', async () => {
    await expect(adapter().verifyNotification(fake.notification(order.orderNo, { tradeStatus: 'TRADE_CLOSED' }))).resolves.toMatchObject({ paid: false });
  });

  it('rejects a forged signature', async () => {
    expect((await rejection(adapter().verifyNotification(fake.notification(order.orderNo, { key: 'guessed-key' })))).reason).toBe('signature');
    const n = fake.notification(order.orderNo);
    for (const sign of ['', 'x', '0'.repeat(32), undefined]) {
      const query = { ...(n.query as Record<string, string>) } as Record<string, string | undefined>;
      query.sign = sign;
      await rejection(adapter().verifyNotification({ ...n, query }));
    }
  });

  it('rejects a tampered amount', async () => {
    const n = fake.notification(order.orderNo);
    const tampered: NotificationRequest = { ...n, query: { ...n.query, money: '299.00' } };
    expect((await rejection(adapter().verifyNotification(tampered))).reason).toBe('signature');
  });

  it('rejects a repeated parameter and another merchant', async () => {
    const n = fake.notification(order.orderNo);
    expect((await rejection(adapter().verifyNotification({ ...n, query: { ...n.query, money: ['29.90', '0.01'] } }))).reason).toBe('format');
    expect((await rejection(adapter().verifyNotification(fake.notification(order.orderNo, { pid: '2002' })))).reason).toBe('mismatch');
  });

  it('answers success / fail as plain text', () => {
    expect(adapter().notificationAck(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(adapter().notificationAck(false).body).toBe('fail');
  });
});
