import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { fenToYuan, yuanToFen } from './money.ts';
import {
  NotificationRejected,
  PayRequestError,
  type NotificationAck,
  type NotificationRequest,
  type PaymentAction,
  type PayNotification,
  type PayOrder,
  type PayProvider,
} from './types.ts';
import {
  callGateway,
  formBody,
  isRecord,
  loadPrivateKey,
  loadPublicKey,
  notificationParams,
  parseJson,
  PAY_TIMEOUT_MS,
  requireFields,
  sortedPairs,
  textAck,
  truncateUtf8,
  withQuery,
  type Params,
} from './util.ts';

const GATEWAY = '支付宝';
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

export interface AlipayOptions {
  appId: string;
  /** The application private key (RSA2048): PEM, bare base64 from Alipay's key tool, or a file path. */
  privateKey: string | KeyObject;
  /** Alipay's public key for this application (not the application public key). */
  alipayPublicKey: string | KeyObject;
  gateway?: string;
  /** The merchant's Alipay account id (2088…, seller_id): a notification for another seller is refused. */
  sellerId?: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  timeoutMs?: number;
}

// ---- the protocol, as pure functions ----

/** What we sign on a request: every parameter but `sign`, empty values dropped, sorted, `k=v&…`, raw values. */
export function alipaySignContent(params: Params): string {
  return sortedPairs(params, { exclude: ['sign'], dropEmpty: true });
}

/**
 * What Alipay signed on an asynchronous notification: every parameter but `sign` and `sign_type`
 * (empty ones included, as the official SDK's check does), sorted, `k=v&…`, URL-decoded values.
 */
export function alipayNotifyContent(params: Params): string {
  return sortedPairs(params, { exclude: ['sign', 'sign_type'], dropEmpty: false });
}

/** RSA2: SHA256withRSA, base64. */
export function alipaySign(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function alipayVerify(content: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, the format of the `timestamp` parameter. */
export function alipayTimestamp(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/**
 * The exact text Alipay signed in a synchronous answer: the raw JSON object that is the value of
 * `nodeName` (e.g. alipay_trade_precreate_response), byte for byte as received, not re-serialised.
 */
export function alipaySignedSource(raw: string, nodeName: string): string | null {
  const key = `"${nodeName}"`;
  let i = raw.indexOf(key);
  if (i < 0) return null;
  i += key.length;
  while (i < raw.length && /\s/.test(raw[i]!)) i++;
  if (raw[i] !== ':') return null;
  i++;
  while (i < raw.length && /\s/.test(raw[i]!)) i++;
  if (raw[i] !== '{') return null;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{') {
      depth++;
    } else if (c === '}' && --depth === 0) {
      return raw.slice(start, i + 1);
    }
  }
  return null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Alipay open platform (openapi gateway, RSA2): precreate for QR codes, wap.pay for phones. */
export class AlipayPay implements PayProvider {
  readonly name = 'alipay' as const;
  readonly channels = ['alipay'] as const;
  private readonly gateway: string;
  private readonly privateKey: KeyObject;
  private readonly alipayKey: KeyObject;
  private readonly doFetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly opts: AlipayOptions) {
    this.gateway = (opts.gateway ?? 'https://openapi.alipay.com/gateway.do').trim();
    this.privateKey = loadPrivateKey(opts.privateKey);
    this.alipayKey = loadPublicKey(opts.alipayPublicKey);
    this.doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
    this.now = opts.now ?? (() => Date.now());
  }

  async createPayment(order: PayOrder): Promise<PaymentAction> {
    if (order.channel !== 'alipay') throw new PayRequestError('支付宝只支持支付宝渠道');
    if (order.mode === 'jsapi') throw new PayRequestError('支付宝不支持微信内支付');
    const biz = { out_trade_no: order.orderNo, total_amount: fenToYuan(order.amountFen), subject: truncateUtf8(order.subject, 256) || '商品' };
    if (order.mode === 'qr') {
      const node = await this.call('alipay.trade.precreate', biz, { notify_url: order.notifyUrl });
      const qr = str(node.qr_code);
      if (node.code !== '10000' || !qr) throw failure('支付宝下单失败', node);
      return { kind: 'qr', qrContent: qr };
    }
    // wap.pay is a page the browser opens with the signed parameters.
    const params = this.signedParams(
      'alipay.trade.wap.pay',
      { ...biz, product_code: 'QUICK_WAP_WAY', quit_url: order.returnUrl },
      { notify_url: order.notifyUrl, return_url: order.returnUrl },
    );
    return { kind: 'redirect', url: withQuery(this.gateway, params) };
  }

  async verifyNotification(req: NotificationRequest): Promise<PayNotification> {
    const params = notificationParams(req);
    const p = requireFields(params, ['sign', 'app_id', 'out_trade_no', 'trade_no', 'trade_status', 'total_amount']);
    if (params.sign_type !== undefined && params.sign_type.toUpperCase() !== 'RSA2') {
      throw new NotificationRejected(`不支持的签名类型 ${params.sign_type}`, 'format');
    }
    if (!alipayVerify(alipayNotifyContent(params), p.sign, this.alipayKey)) {
      throw new NotificationRejected('支付宝通知签名验证失败', 'signature');
    }
    if (p.app_id !== this.opts.appId) throw new NotificationRejected('支付宝通知的 app_id 不是本应用', 'mismatch');
    const sellerId = this.opts.sellerId?.trim();
    if (sellerId && params.seller_id !== sellerId) throw new NotificationRejected('支付宝通知的 seller_id 不是本商户', 'mismatch');
    const amountFen = yuanToFen(p.total_amount);
    if (amountFen === null) throw new NotificationRejected('支付宝通知金额格式错误', 'format');
    return { orderNo: p.out_trade_no, gatewayTradeNo: p.trade_no, amountFen, paid: PAID_STATES.has(p.trade_status), gatewayStatus: p.trade_status };
  }

  notificationAck(ok: boolean): NotificationAck {
    return textAck(ok, 'success', 'failure');
  }

  async queryOrder(orderNo: string): Promise<PayNotification | null> {
    const node = await this.call('alipay.trade.query', { out_trade_no: orderNo }, {});
    if (node.code === '40004' && node.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
    if (node.code !== '10000') throw failure('支付宝查单失败', node);
    const amountFen = yuanToFen(str(node.total_amount));
    const status = str(node.trade_status);
    if (str(node.out_trade_no) !== orderNo || amountFen === null || !status) throw new PayRequestError('支付宝查单失败：应答缺少订单信息');
    return { orderNo, gatewayTradeNo: str(node.trade_no), amountFen, paid: PAID_STATES.has(status), gatewayStatus: status };
  }

  private signedParams(method: string, biz: Record<string, string>, extra: Params): Params {
    const params: Params = {
      app_id: this.opts.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTimestamp(this.now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    return { ...params, sign: alipaySign(alipaySignContent(params), this.privateKey) };
  }

  /** Calls an openapi method and returns its response node, after checking Alipay's signature on it. */
  private async call(method: string, biz: Record<string, string>, extra: Params): Promise<Record<string, unknown>> {
    const res = await callGateway(
      this.doFetch,
      GATEWAY,
      this.gateway,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', Accept: 'application/json' },
        body: formBody(this.signedParams(method, biz, extra)),
      },
      this.opts.timeoutMs ?? PAY_TIMEOUT_MS,
    );
    const whole = parseJson(res.text, GATEWAY, res.status);
    const nodeName = `${method.replace(/\./g, '_')}_response`;
    // Gateway-level failures (bad app id, bad signature…) answer under error_response instead.
    const name = !isRecord(whole) ? null : nodeName in whole ? nodeName : 'error_response' in whole ? 'error_response' : null;
    const source = name ? alipaySignedSource(res.text, name) : null;
    if (!isRecord(whole) || !source) throw new PayRequestError(`${GATEWAY}返回了无法识别的响应（HTTP ${res.status}）`);
    const node = JSON.parse(source) as Record<string, unknown>;
    const sign = str(whole.sign);
    if (sign) {
      if (!alipayVerify(source, sign, this.alipayKey)) throw new PayRequestError('支付宝应答验签失败');
    } else if (node.code === '10000') {
      // Only errors may come unsigned (e.g. when Alipay could not check our own signature).
      throw new PayRequestError('支付宝应答缺少签名');
    }
    return node;
  }
}

function failure(what: string, node: Record<string, unknown>): PayRequestError {
  const message = str(node.sub_msg) || str(node.msg) || '未知错误';
  return new PayRequestError(`${what}：${message}`, str(node.sub_code) || str(node.code) || undefined);
}
