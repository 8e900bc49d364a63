import { createHmac, randomBytes } from 'node:crypto';
import {
  NotificationRejected,
  type NotificationAck,
  type NotificationRequest,
  type PayChannel,
  type PaymentAction,
  type PayNotification,
  type PayOrder,
  type PayProvider,
} from './types.ts';
import { hexEquals, notificationParams, randomNonce, requireFields, textAck, trimSlash, withQuery, type Params } from './util.ts';

/** The local checkout page the billing module serves (支付 / 取消 buttons). */
export const SANDBOX_CHECKOUT_PATH = '/api/pay/sandbox/checkout';
const SCHEME = 'sandbox-pay-v1';

export type SandboxPurpose = 'checkout' | 'notify';

/**
 * The canonical string both sides sign: scheme, purpose, then the fields except `sig`/`sign`,
 * sorted, each key and value percent-encoded so no value can smuggle in a separator.
 */
export function sandboxCanonical(purpose: SandboxPurpose, fields: Params): string {
  const pairs = Object.keys(fields)
    .filter((k) => k !== 'sig' && k !== 'sign')
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(fields[k]!)}`);
  return `${SCHEME}\n${purpose}\n${pairs.join('&')}`;
}

/** HMAC-SHA256 of the canonical string, lower-case hex. */
export function sandboxSign(secret: string, purpose: SandboxPurpose, fields: Params): string {
  return createHmac('sha256', secret).update(sandboxCanonical(purpose, fields), 'utf8').digest('hex');
}

export interface SandboxOptions {
  /** Where browsers reach this server; the checkout link points there. */
  publicUrl: string;
  /** The signing secret; a random one per instance when absent (links die with the process). */
  secret?: string;
  checkoutPath?: string;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** How long a checkout link stays valid. */
  checkoutTtlSeconds?: number;
  /** How far a notification's timestamp may be from our clock. */
  notifyMaxSkewSeconds?: number;
}

/** What a verified checkout link says. */
export interface SandboxCheckout {
  orderNo: string;
  amountFen: number;
  subject: string;
  channel: PayChannel;
  notifyUrl: string;
  returnUrl: string;
}

/** A notification as the sandbox gateway sends it: a signed form POST to the order's notify URL. */
export interface SandboxNotification {
  contentType: 'application/x-www-form-urlencoded';
  body: string;
  fields: Params;
  /** The same notification in the shape verifyNotification takes, for an in-process hand-over. */
  request: NotificationRequest;
}

const isChannel = (v: string | undefined): v is PayChannel => v === 'alipay' || v === 'wxpay';

/**
 * The zero-config gateway: its QR code and redirect lead to our own checkout page, which makes the
 * sandbox send a notification signed with HMAC-SHA256, verified exactly like a real gateway's.
 */
export class SandboxPay implements PayProvider {
  readonly name = 'sandbox' as const;
  readonly channels = ['alipay', 'wxpay'] as const;
  private readonly secret: string;
  private readonly checkoutUrl: string;
  private readonly now: () => number;

  constructor(private readonly opts: SandboxOptions) {
    this.secret = opts.secret || randomBytes(32).toString('hex');
    this.checkoutUrl = `${trimSlash(opts.publicUrl)}${opts.checkoutPath ?? SANDBOX_CHECKOUT_PATH}`;
    this.now = opts.now ?? (() => Date.now());
  }

  async createPayment(order: PayOrder): Promise<PaymentAction> {
    const fields: Params = {
      order: order.orderNo,
      amount: String(order.amountFen),
      subject: order.subject,
      channel: order.channel,
      notify: order.notifyUrl,
      return: order.returnUrl,
      ts: String(Math.floor(this.now() / 1000)),
    };
    const url = withQuery(this.checkoutUrl, { ...fields, sig: sandboxSign(this.secret, 'checkout', fields) });
    return order.mode === 'qr' ? { kind: 'qr', qrContent: url } : { kind: 'redirect', url };
  }

  /** Checks a checkout link's query (its signature and age). Throws NotificationRejected. */
  verifyCheckout(query: Record<string, string | string[] | undefined>): SandboxCheckout {
    const params = notificationParams({ headers: {}, rawBody: '', query, form: {} });
    const p = requireFields(params, ['order', 'amount', 'channel', 'notify', 'return', 'ts', 'sig']);
    const expected = sandboxSign(this.secret, 'checkout', params);
    if (!hexEquals(expected, p.sig)) throw new NotificationRejected('支付链接签名无效', 'signature');
    const age = this.now() / 1000 - Number(p.ts);
    if (!/^\d{1,12}$/.test(p.ts) || age > (this.opts.checkoutTtlSeconds ?? 3600) || age < -300) {
      throw new NotificationRejected('支付链接已过期', 'stale');
    }
    if (!/^\d{1,15}$/.test(p.amount) || !isChannel(p.channel)) throw new NotificationRejected('支付链接格式错误', 'format');
    return {
      orderNo: p.order,
      amountFen: Number(p.amount),
      subject: params.subject ?? '',
      channel: p.channel,
      notifyUrl: p.notify,
      returnUrl: p.return,
    };
  }

  /** The notification the sandbox gateway sends when the user clicks 支付 (paid) or 取消 (not paid). */
  buildNotification(input: { orderNo: string; amountFen: number; paid: boolean; tradeNo?: string }): SandboxNotification {
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 0) throw new RangeError('amountFen must be a non-negative integer');
    const timestamp = String(Math.floor(this.now() / 1000));
    const fields: Params = {
      out_trade_no: input.orderNo,
      trade_no: input.tradeNo ?? `SBX${timestamp}${randomNonce(6)}`,
      amount_fen: String(input.amountFen),
      trade_status: input.paid ? 'SUCCESS' : 'CLOSED',
      timestamp,
      nonce: randomNonce(),
    };
    fields.sign = sandboxSign(this.secret, 'notify', fields);
    const body = new URLSearchParams(fields).toString();
    return {
      contentType: 'application/x-www-form-urlencoded',
      body,
      fields,
      request: { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: body, query: {}, form: { ...fields } },
    };
  }

  async verifyNotification(req: NotificationRequest): Promise<PayNotification> {
    const params = notificationParams(req);
    const p = requireFields(params, ['out_trade_no', 'trade_no', 'amount_fen', 'trade_status', 'timestamp', 'nonce', 'sign']);
    if (!hexEquals(sandboxSign(this.secret, 'notify', params), p.sign)) {
      throw new NotificationRejected('沙箱支付通知签名验证失败', 'signature');
    }
    if (!/^\d{1,12}$/.test(p.timestamp) || Math.abs(this.now() / 1000 - Number(p.timestamp)) > (this.opts.notifyMaxSkewSeconds ?? 300)) {
      throw new NotificationRejected('沙箱支付通知已过期', 'stale');
    }
    if (!/^\d{1,15}$/.test(p.amount_fen)) throw new NotificationRejected('沙箱支付通知金额格式错误', 'format');
    return {
      orderNo: p.out_trade_no,
      gatewayTradeNo: p.trade_no,
      amountFen: Number(p.amount_fen),
      paid: p.trade_status === 'SUCCESS',
      gatewayStatus: p.trade_status,
    };
  }

  notificationAck(ok: boolean): NotificationAck {
    return textAck(ok, 'success', 'fail');
  }
}
