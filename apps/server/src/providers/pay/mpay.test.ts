import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCodepay, FakeEpay } from './fakes/epay.ts';
import { codepaySign, codepaySignContent, MpayPay, mpayProtocol } from './mpay.ts';
import { NotificationRejected, type PayOrder } from './types.ts';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

const ID = '60905';
const KEY = 'Zr7Tn4Wv6Yb1Hc3Jd5Lf9Ps0GeKx8Qm2';
const API = 'https://codepay.example.com';

describe('码支付 (codepay) signing', () => {
  // The codepay demo documents the rule (sorted non-empty k=v&…, key appended, md5) without a key
  // and result, so the expected value is derived here from a hand-written string with node's md5.
  it('signs sorted non-empty parameters except sign, then the key', () => {
    const params = {
      id: ID,
      pay_id: 'admin',
      type: '1',
      price: '100.00',
      param: '',
      notify_url: 'https://example.com/notify',
      return_url: 'https://example.com/return',
      sign: 'ignored',
    };
    const content = 'id=60905&notify_url=https://example.com/notify&pay_id=admin&price=100.00&return_url=https://example.com/return&type=1';
    expect(codepaySignContent(params)).toBe(content);
    expect(codepaySign(params, KEY)).toBe(md5(content + KEY));
  });

  it('tells the two 码支付 protocols apart by the URL', () => {
    expect(mpayProtocol('https://codepay.example.com')).toBe('codepay');
    expect(mpayProtocol('https://codepay.example.com/creat_order/')).toBe('codepay');
    expect(mpayProtocol('https://mpay.example.com/submit.php')).toBe('epay');
    expect(mpayProtocol('https://mpay.example.com/mapi.php')).toBe('epay');
  });
});

let seq = 0;
const newOrder = (over: Partial<PayOrder> = {}): PayOrder => ({
  orderNo: `ZD${Date.now()}${++seq}`,
  amountFen: 1990,
  subject: '月度会员',
  notifyUrl: 'https://example.com/api/pay/notify/mpay',
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

describe('MpayPay with the codepay protocol', () => {
  const gateway = new FakeCodepay(ID, KEY);
  const pay = new MpayPay({ apiUrl: API, id: ID, key: KEY });

  it('sends the user to a signed creat_order link (always a redirect, SPEC §4.4)', async () => {
    const order = newOrder({ channel: 'wxpay' });
    const action = await pay.createPayment(order);
    if (action.kind !== 'redirect') throw new Error(action.kind);
    const url = new URL(action.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${API}/creat_order/`);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({ id: ID, pay_id: order.orderNo, type: '3', price: '19.90' });
    expect(gateway.createOrder(query)).toBeNull();
    expect(gateway.createOrder({ ...query, price: '0.01' })).toBe('签名错误');
    const alipay = await pay.createPayment(newOrder({ channel: 'alipay' }));
    expect(new URL((alipay as { url: string }).url).searchParams.get('type')).toBe('1');
  });

  it('accepts a paid notification, taking the order price the gateway confirms', async () => {
    const order = newOrder({ amountFen: 2990 });
    gateway.createOrder(Object.fromEntries(new URL(((await pay.createPayment(order)) as { url: string }).url).searchParams));
    const n = gateway.notification(order.orderNo);
    await expect(pay.verifyNotification(n)).resolves.toEqual({
      orderNo: order.orderNo,
      gatewayTradeNo: (n.form as Record<string, string>).pay_no,
      amountFen: 2990,
      paid: true,
      gatewayStatus: 'PAID',
    });
    // The payer's actual transfer may differ by the gateway's identification offset.
    await expect(pay.verifyNotification(gateway.notification(order.orderNo, { money: '29.89' }))).resolves.toMatchObject({ amountFen: 2990 });
    // The empty `param` is posted but takes no part in the signature.
    expect((n.form as Record<string, string>).param).toBe('');
  });

  it('rejects forged and tampered notifications', async () => {
    const order = newOrder();
    expect((await rejection(pay.verifyNotification(gateway.notification(order.orderNo, { key: 'guess' })))).reason).toBe('signature');
    const n = gateway.notification(order.orderNo, { price: '19.90' });
    expect((await rejection(pay.verifyNotification({ ...n, form: { ...n.form, price: '199.00' } }))).reason).toBe('signature');
    expect((await rejection(pay.verifyNotification({ ...n, form: { ...n.form, pay_no: '' } }))).reason).toBe('format');
  });

  it('answers success / fail', () => {
    expect(pay.notificationAck(true).body).toBe('success');
    expect(pay.notificationAck(false).body).toBe('fail');
  });
});

describe('MpayPay with the 易支付 protocol', () => {
  const gateway = new FakeEpay(ID, KEY);
  beforeAll(async () => {
    await gateway.start();
  });
  afterAll(async () => {
    await gateway.stop();
  });

  it('redirects to submit.php and verifies 易支付-style notifications under its own name', async () => {
    const pay = new MpayPay({ apiUrl: `${gateway.base}submit.php`, id: ID, key: KEY });
    expect(pay.protocol).toBe('epay');
    const order = newOrder({ mode: 'qr' });
    const action = await pay.createPayment(order);
    if (action.kind !== 'redirect') throw new Error(action.kind);
    expect(gateway.submit(Object.fromEntries(new URL(action.url).searchParams))).toBeNull();
    await expect(pay.verifyNotification(gateway.notification(order.orderNo))).resolves.toMatchObject({ orderNo: order.orderNo, amountFen: 1990, paid: true });
    await expect(pay.verifyNotification(gateway.notification(order.orderNo, { tradeStatus: 'WAIT' }))).resolves.toMatchObject({ paid: false });
    expect((await rejection(pay.verifyNotification(gateway.notification(order.orderNo, { money: '0.01', key: 'guess' })))).reason).toBe('signature');
    expect(pay.name).toBe('mpay');
  });
});
