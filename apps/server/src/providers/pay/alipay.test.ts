import { createSign, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AlipayPay,
  alipayNotifyContent,
  alipaySign,
  alipaySignContent,
  alipaySignedSource,
  alipayTimestamp,
  type AlipayOptions,
} from './alipay.ts';
import { FakeAlipay } from './fakes/alipay.ts';
import { NotificationRejected, PayRequestError, type PayOrder } from './types.ts';

describe('Alipay RSA2 signing', () => {
  // 开放平台「自行实现签名」: the sample request and its documented 待签名字符串 (the sample's own
  // sign is left out; the empty `notify_url` is our addition, dropped by the same rule).
  it('builds the documented string to sign', () => {
    const biz =
      '{"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"},{"name":"查询","subButton":[{"actionParam":"ZFB_YECX","actionType":"out","name":"余额查询"},' +
      '{"actionParam":"ZFB_LLCX","actionType":"out","name":"流量查询"},{"actionParam":"ZFB_HFCX","actionType":"out","name":"话费查询"}]},' +
      '{"actionParam":"http://m.alipay.com","actionType":"link","name":"最新优惠"}]}';
    const params = {
      app_id: '2014072300007148',
      method: 'alipay.mobile.public.menu.add',
      charset: 'GBK',
      sign_type: 'RSA2',
      timestamp: '2014-07-24 03:07:50',
      biz_content: biz,
      sign: 'e9zEAe4TTQ4LPLQvETPoLGXTiURcxiAKfMVQ6Hrrsx2hmyIEGvSfAQzbLxHrhyZ48wOJXTsD4FPnt+YGdK57+fP1BCbf9rIVycfjhYCqlFhbTu9pFnZgT55W+xbAFb9y7vL0MyAxwXUXvZtQVqEwW7pURtKilbcBTEW7TAxzgro=',
      version: '1.0',
      notify_url: '',
    };
    expect(alipaySignContent(params)).toBe(
      `app_id=2014072300007148&biz_content=${biz}&charset=GBK&method=alipay.mobile.public.menu.add&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0`,
    );
  });

  it('keeps sign_type out of, and empty values in, what a notification was signed over', () => {
    expect(alipayNotifyContent({ b: '2', sign: 's', sign_type: 'RSA2', a: '1', c: '' })).toBe('a=1&b=2&c=');
  });

  // No key pair is published with the sample, so the signature is derived here with node's RSA-SHA256 directly.
  it('signs with SHA256withRSA (PKCS#1 v1.5), deterministic', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const content = 'app_id=1&biz_content={"a":"中文"}';
    expect(alipaySign(content, privateKey)).toBe(createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64'));
  });

  it('writes the timestamp in Beijing time', () => {
    expect(alipayTimestamp(Date.UTC(2014, 6, 23, 19, 7, 50))).toBe('2014-07-24 03:07:50');
    expect(alipayTimestamp(Date.UTC(2023, 11, 31, 16, 0, 0))).toBe('2024-01-01 00:00:00');
  });

  // The response sample of alipay.trade.precreate: the signed text is the raw value of the response node.
  it('extracts the signed response node byte for byte', () => {
    const node = '{"code":"10000","msg":"Success","out_trade_no":"6823789339978248","qr_code":"https://qr.alipay.com/bavh4wjlxf12tper3a"}';
    expect(alipaySignedSource(`{"alipay_trade_precreate_response":${node},"sign":"ERITJKEIJKJHKKKKKKKHJEREEEEEEEEEEE"}`, 'alipay_trade_precreate_response')).toBe(node);
    // Braces and escaped quotes inside strings, nesting and spacing are kept as sent.
    const tricky = '{ "msg" : "a}\\"{b", "n": {"x": [1, {"y": "}"}]} }';
    expect(alipaySignedSource(`{"sign":"x", "alipay_trade_query_response" :  ${tricky}}`, 'alipay_trade_query_response')).toBe(tricky);
    expect(alipaySignedSource('{"error_response":{"code":"40002"}}', 'alipay_trade_query_response')).toBeNull();
  });
});

// ---- against a local Alipay gateway that checks our signatures as the real one does ----

const APP_ID = '2021000123456789';
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const fake = new FakeAlipay({ appId: APP_ID, appPublicKey: app.publicKey });
// Alipay's key tool hands out bare base64 (PKCS#8 private, SPKI public); the adapter takes that form.
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

function adapter(over: Partial<AlipayOptions> = {}) {
  return new AlipayPay({
    appId: APP_ID,
    privateKey: bare(app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    alipayPublicKey: bare(fake.alipayPublicKey.export({ type: 'spki', format: 'pem' }).toString()),
    gateway: fake.gateway,
    ...over,
  });
}

let seq = 0;
const newOrder = (over: Partial<PayOrder> = {}): PayOrder => ({
  orderNo: `ZD${Date.now()}${++seq}`,
  amountFen: 1990,
  subject: '月度会员',
  notifyUrl: 'https://example.com/api/pay/notify/alipay',
  returnUrl: 'https://example.com/pay',
  channel: 'alipay',
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

describe('AlipayPay against the local gateway', () => {
  it('precreates a QR order with the amount in yuan', async () => {
    const order = newOrder();
    const action = await adapter().createPayment(order);
    expect(action).toMatchObject({ kind: 'qr', qrContent: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//) });
    expect(fake.rejections).toEqual([]);
    expect(fake.orders.get(order.orderNo)).toMatchObject({ totalAmount: '19.90', subject: '月度会员', status: 'WAIT_BUYER_PAY' });
  });

  it('is refused by the gateway when signing with another key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const err = (await adapter({ privateKey: other })
      .createPayment(newOrder())
      .catch((e: unknown) => e)) as PayRequestError;
    expect(err).toBeInstanceOf(PayRequestError);
    expect(err.providerCode).toBe('isv.invalid-signature');
    expect(fake.rejections).toEqual(['isv.invalid-signature']);
  });

  it('does not trust an answer signed by anyone but Alipay', async () => {
    fake.forgeAnswers = true;
    await expect(adapter().createPayment(newOrder())).rejects.toThrow(/应答验签失败/);
  });

  it('builds a wap.pay link the gateway accepts', async () => {
    const action = await adapter().createPayment(newOrder({ mode: 'h5', amountFen: 1 }));
    if (action.kind !== 'redirect') throw new Error(action.kind);
    const url = new URL(action.url);
    expect(`${url.origin}${url.pathname}`).toBe(fake.gateway);
    const params = Object.fromEntries(url.searchParams);
    expect(fake.checkRequest(params)).toBeNull();
    expect(params).toMatchObject({ method: 'alipay.trade.wap.pay', return_url: 'https://example.com/pay', notify_url: 'https://example.com/api/pay/notify/alipay' });
    expect(JSON.parse(params.biz_content!)).toMatchObject({ total_amount: '0.01', product_code: 'QUICK_WAP_WAY' });
    // Any change to the link breaks its signature.
    expect(fake.checkRequest({ ...params, biz_content: params.biz_content!.replace('0.01', '0.02') })).toBe('isv.invalid-signature');
  });

  it('takes only the Alipay channel', async () => {
    await expect(adapter().createPayment(newOrder({ channel: 'wxpay' }))).rejects.toThrow(PayRequestError);
  });

  it('queries an order: unknown, unpaid, then paid', async () => {
    const pay = adapter();
    await expect(pay.queryOrder('NOSUCHORDER')).resolves.toBeNull();
    const order = newOrder();
    await pay.createPayment(order);
    await expect(pay.queryOrder(order.orderNo)).resolves.toMatchObject({ paid: false, gatewayStatus: 'WAIT_BUYER_PAY', amountFen: 1990 });
    fake.pay(order.orderNo);
    await expect(pay.queryOrder(order.orderNo)).resolves.toMatchObject({ paid: true, gatewayStatus: 'TRADE_SUCCESS', amountFen: 1990 });
  });
});

describe('AlipayPay notifications', () => {
  let order: PayOrder;
  beforeAll(async () => {
    order = newOrder({ amountFen: 2990 });
    await adapter().createPayment(order);
  });

  it('accepts a paid notification (TRADE_SUCCESS and TRADE_FINISHED)', async () => {
    await expect(adapter().verifyNotification(fake.notification(order.orderNo))).resolves.toEqual({
      orderNo: order.orderNo,
      gatewayTradeNo: fake.orders.get(order.orderNo)!.tradeNo,
      amountFen: 2990,
      paid: true,
      gatewayStatus: 'TRADE_SUCCESS',
    });
    await expect(adapter().verifyNotification(fake.notification(order.orderNo, { tradeStatus: 'TRADE_FINISHED' }))).resolves.toMatchObject({ paid: true });
  });

  it('reads the raw form body when the HTTP layer did not parse it', async () => {
    const n = fake.notification(order.orderNo);
    await expect(adapter().verifyNotification({ ...n, form: {} })).resolves.toMatchObject({ paid: true, amountFen: 2990 });
  });

  it('keeps empty values Alipay signed', async () => {
    await expect(adapter().verifyNotification(fake.notification(order.orderNo, { extra: { passback_params: '' } }))).resolves.toMatchObject({ paid: true });
  });

  it('reports an unpaid or closed trade as not paid', async () => {
    for (const tradeStatus of ['WAIT_BUYER_PAY', 'TRADE_CLOSED']) {
      await expect(adapter().verifyNotification(fake.notification(order.orderNo, { tradeStatus }))).resolves.toMatchObject({ paid: false, gatewayStatus: tradeStatus });
    }
  });

  it('rejects a forged signature', async () => {
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await rejection(adapter().verifyNotification(fake.notification(order.orderNo, { key: forger })))).reason).toBe('signature');
    const n = fake.notification(order.orderNo);
    expect((await rejection(adapter().verifyNotification({ ...n, form: { ...n.form, sign: 'AAAA' } })))).toBeInstanceOf(NotificationRejected);
  });

  it('rejects a tampered amount', async () => {
    const n = fake.notification(order.orderNo);
    const tampered = { ...n, form: { ...n.form, total_amount: '0.01' } };
    expect((await rejection(adapter().verifyNotification(tampered))).reason).toBe('signature');
  });

  it('rejects a genuine notification for another application', async () => {
    expect((await rejection(adapter().verifyNotification(fake.notification(order.orderNo, { appId: '2021000999999999' })))).reason).toBe('mismatch');
  });

  it('rejects a genuine notification for another seller when ALIPAY_SELLER_ID is set (seller_id check)', async () => {
    const mine = adapter({ sellerId: '2088102176934385' });
    await expect(mine.verifyNotification(fake.notification(order.orderNo))).resolves.toMatchObject({ paid: true });
    const other = fake.notification(order.orderNo, { extra: { seller_id: '2088999999999999' } });
    expect((await rejection(mine.verifyNotification(other))).reason).toBe('mismatch');
    const missing = fake.notification(order.orderNo, { extra: { seller_id: '' } });
    expect((await rejection(mine.verifyNotification(missing))).reason).toBe('mismatch');
  });

  it('rejects a notification missing what it must carry', async () => {
    const n = fake.notification(order.orderNo);
    const { trade_status: _dropped, ...form } = n.form as Record<string, string>;
    expect((await rejection(adapter().verifyNotification({ ...n, form, rawBody: '' }))).reason).toBe('format');
  });

  it('answers success / failure as plain text', () => {
    expect(adapter().notificationAck(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(adapter().notificationAck(false).body).toBe('failure');
  });
});
