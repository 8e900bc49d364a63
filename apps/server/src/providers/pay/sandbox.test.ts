import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CHECKOUT_PATH, SandboxPay, sandboxCanonical, sandboxSign } from './sandbox.ts';
import { NotificationRejected, type PayOrder } from './types.ts';

const SECRET = 'sandbox-test-secret';
const T0 = Date.UTC(2025, 0, 1, 4, 0, 0);

const order: PayOrder = {
  orderNo: 'ZD202501010001',
  amountFen: 1990,
  subject: '月度会员 & 更多',
  notifyUrl: 'http://localhost:3000/api/pay/notify/sandbox',
  returnUrl: 'http://localhost:3000/pay?from=dialog',
  channel: 'alipay',
  mode: 'qr',
};

function sandbox(now = T0, secret = SECRET) {
  return new SandboxPay({ publicUrl: 'http://localhost:3000/', secret, now: () => now });
}

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

async function rejection(p: Promise<unknown>): Promise<NotificationRejected> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotificationRejected);
  return err as NotificationRejected;
}

/** The signature with its first hex digit changed (case alone must not matter: hex compares case-insensitively). */
function flipFirstHexDigit(sign: string): string {
  return (sign[0] === '0' ? '1' : '0') + sign.slice(1).toUpperCase();
}

function thrown(fn: () => unknown): NotificationRejected {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(NotificationRejected);
    return err as NotificationRejected;
  }
  throw new Error('expected a rejection');
}

describe('sandbox signing', () => {
  // The sandbox is our own protocol; the expected HMAC is computed here from the canonical string
  // written out by hand, with node's HMAC-SHA256 directly.
  it('signs a canonical string with HMAC-SHA256', () => {
    const fields = { trade_status: 'SUCCESS', out_trade_no: 'A&B=C', amount_fen: '1', sign: 'ignored' };
    const canonical = 'sandbox-pay-v1\nnotify\namount_fen=1&out_trade_no=A%26B%3DC&trade_status=SUCCESS';
    expect(sandboxCanonical('notify', fields)).toBe(canonical);
    expect(sandboxSign(SECRET, 'notify', fields)).toBe(createHmac('sha256', SECRET).update(canonical).digest('hex'));
    // The purpose is part of what is signed: a checkout signature is no notification signature.
    expect(sandboxSign(SECRET, 'checkout', fields)).not.toBe(sandboxSign(SECRET, 'notify', fields));
  });
});

describe('SandboxPay checkout links', () => {
  it('points QR codes and redirects at our own checkout page', async () => {
    const qr = await sandbox().createPayment(order);
    if (qr.kind !== 'qr') throw new Error(qr.kind);
    expect(qr.qrContent.startsWith(`http://localhost:3000${SANDBOX_CHECKOUT_PATH}?`)).toBe(true);
    const redirect = await sandbox().createPayment({ ...order, mode: 'redirect' });
    expect(redirect.kind).toBe('redirect');
  });

  it('verifies a link and reads the order from it', async () => {
    const qr = (await sandbox().createPayment(order)) as { qrContent: string };
    expect(sandbox(T0 + 60_000).verifyCheckout(queryOf(qr.qrContent))).toEqual({
      orderNo: 'ZD202501010001',
      amountFen: 1990,
      subject: '月度会员 & 更多',
      channel: 'alipay',
      notifyUrl: 'http://localhost:3000/api/pay/notify/sandbox',
      returnUrl: 'http://localhost:3000/pay?from=dialog',
    });
  });

  it('refuses an edited, foreign or expired link', async () => {
    const query = queryOf(((await sandbox().createPayment(order)) as { qrContent: string }).qrContent);
    expect(thrown(() => sandbox().verifyCheckout({ ...query, amount: '1' })).reason).toBe('signature');
    expect(thrown(() => sandbox().verifyCheckout({ ...query, notify: 'http://evil.example/notify' })).reason).toBe('signature');
    expect(thrown(() => sandbox(T0, 'another-secret').verifyCheckout(query)).reason).toBe('signature');
    expect(thrown(() => sandbox(T0 + 2 * 3600_000).verifyCheckout(query)).reason).toBe('stale');
  });
});

describe('SandboxPay notifications', () => {
  it('accepts the paid notification it built', async () => {
    const pay = sandbox();
    const n = pay.buildNotification({ orderNo: order.orderNo, amountFen: 1990, paid: true, tradeNo: 'SBX1' });
    expect(n.contentType).toBe('application/x-www-form-urlencoded');
    await expect(pay.verifyNotification(n.request)).resolves.toEqual({ orderNo: order.orderNo, gatewayTradeNo: 'SBX1', amountFen: 1990, paid: true, gatewayStatus: 'SUCCESS' });
    // As a raw form body, the way it arrives over HTTP.
    await expect(pay.verifyNotification({ headers: {}, query: {}, form: {}, rawBody: n.body })).resolves.toMatchObject({ paid: true });
  });

  it('reports a cancelled payment as not paid', async () => {
    const pay = sandbox();
    await expect(pay.verifyNotification(pay.buildNotification({ orderNo: order.orderNo, amountFen: 1990, paid: false }).request)).resolves.toMatchObject({
      paid: false,
      gatewayStatus: 'CLOSED',
    });
  });

  it('rejects a forged signature and a tampered amount', async () => {
    const pay = sandbox();
    const forged = sandbox(T0, 'guessed').buildNotification({ orderNo: order.orderNo, amountFen: 1990, paid: true });
    expect((await rejection(pay.verifyNotification(forged.request))).reason).toBe('signature');
    const n = pay.buildNotification({ orderNo: order.orderNo, amountFen: 1990, paid: true });
    expect((await rejection(pay.verifyNotification({ ...n.request, form: { ...n.fields, amount_fen: '1' } }))).reason).toBe('signature');
    expect((await rejection(pay.verifyNotification({ ...n.request, form: { ...n.fields, sign: flipFirstHexDigit(n.fields.sign!) } }))).reason).toBe('signature');
  });

  it('rejects a notification replayed later than five minutes', async () => {
    const n = sandbox(T0).buildNotification({ orderNo: order.orderNo, amountFen: 1990, paid: true });
    await expect(sandbox(T0 + 299_000).verifyNotification(n.request)).resolves.toMatchObject({ paid: true });
    expect((await rejection(sandbox(T0 + 301_000).verifyNotification(n.request))).reason).toBe('stale');
  });

  it('uses a random secret per instance when none is configured', async () => {
    const a = new SandboxPay({ publicUrl: 'http://localhost:3000' });
    const b = new SandboxPay({ publicUrl: 'http://localhost:3000' });
    const n = a.buildNotification({ orderNo: 'X1', amountFen: 1, paid: true });
    await expect(a.verifyNotification(n.request)).resolves.toMatchObject({ paid: true });
    await rejection(b.verifyNotification(n.request));
  });

  it('answers success / fail', () => {
    expect(sandbox().notificationAck(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(sandbox().notificationAck(false).body).toBe('fail');
  });
});
