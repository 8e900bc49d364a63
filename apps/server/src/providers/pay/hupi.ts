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
  hexEquals,
  isRecord,
  md5Hex,
  notificationParams,
  parseJson,
  PAY_TIMEOUT_MS,
  randomNonce,
  requireFields,
  sortedPairs,
  textAck,
  truncateUtf8,
  type Params,
} from './util.ts';

const GATEWAY = '虎皮椒';

export interface HupiOptions {
  /** The 虎皮椒 APPID (one per channel account). */
  appId: string;
  appSecret: string;
  /** The payment/do.html endpoint. */
  apiUrl?: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  nonce?: () => string;
  timeoutMs?: number;
}

// ---- the protocol, as pure functions ----

/** Sorted `k=v&…` of the non-empty parameters except `hash`, raw values. */
export function hupiSignContent(params: Params): string {
  return sortedPairs(params, { exclude: ['hash'], dropEmpty: true });
}

/** md5(signContent + appsecret), lower-case hex. */
export function hupiHash(params: Params, appSecret: string): string {
  return md5Hex(hupiSignContent(params) + appSecret);
}

/** The answer's fields as the PHP SDK hashes them: scalars as text, null skipped. */
function answerParams(json: Record<string, unknown>): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(json)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v);
    else if (typeof v === 'boolean') out[k] = v ? '1' : '';
    else throw new PayRequestError(`${GATEWAY}返回了无法识别的响应`);
  }
  return out;
}

/** 虎皮椒 (xunhupay): hash-signed POST to payment/do.html; its cashier page goes in a frame. */
export class HupiPay implements PayProvider {
  readonly name = 'hupi' as const;
  readonly channels = ['alipay', 'wxpay'] as const;
  private readonly apiUrl: string;
  private readonly doFetch: typeof fetch;
  private readonly now: () => number;
  private readonly nonce: () => string;

  constructor(private readonly opts: HupiOptions) {
    this.apiUrl = (opts.apiUrl ?? 'https://api.xunhupay.com/payment/do.html').trim();
    this.doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
    this.now = opts.now ?? (() => Date.now());
    this.nonce = opts.nonce ?? (() => randomNonce());
  }

  async createPayment(order: PayOrder): Promise<PaymentAction> {
    const params: Params = {
      version: '1.1',
      appid: this.opts.appId,
      trade_order_id: order.orderNo,
      total_fee: fenToYuan(order.amountFen),
      // 127 bytes keeps within both documented limits (127 characters, 42 Chinese characters).
      title: truncateUtf8(order.subject, 127) || '商品',
      time: String(Math.floor(this.now() / 1000)),
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
      callback_url: order.returnUrl,
      nonce_str: this.nonce(),
    };
    if (order.mode === 'h5') {
      params.type = 'WAP';
      params.wap_url = new URL(order.returnUrl).origin;
      params.wap_name = truncateUtf8(order.subject, 64) || '商品';
    }
    params.hash = hupiHash(params, this.opts.appSecret);
    // The official SDK posts the parameters as a JSON body.
    const res = await callGateway(
      this.doFetch,
      GATEWAY,
      this.apiUrl,
      { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(params) },
      this.opts.timeoutMs ?? PAY_TIMEOUT_MS,
    );
    const json = parseJson(res.text, GATEWAY, res.status);
    if (!isRecord(json)) throw new PayRequestError(`${GATEWAY}返回了无法识别的响应（HTTP ${res.status}）`);
    const answer = answerParams(json);
    if (answer.errcode !== '0') {
      throw new PayRequestError(`${GATEWAY}下单失败：${answer.errmsg || `HTTP ${res.status}`}`, answer.errcode);
    }
    if (!answer.hash || !hexEquals(hupiHash(answer, this.opts.appSecret), answer.hash)) {
      throw new PayRequestError(`${GATEWAY}应答签名验证失败`);
    }
    if (!answer.url) throw new PayRequestError(`${GATEWAY}下单失败：未返回支付链接`);
    if (order.mode === 'qr') return { kind: 'iframe', url: answer.url, qrImageUrl: answer.url_qrcode || undefined };
    return { kind: 'redirect', url: answer.url };
  }

  async verifyNotification(req: NotificationRequest): Promise<PayNotification> {
    const params = notificationParams(req);
    const p = requireFields(params, ['hash', 'trade_order_id', 'total_fee', 'status']);
    if (!hexEquals(hupiHash(params, this.opts.appSecret), p.hash)) throw new NotificationRejected(`${GATEWAY}通知签名验证失败`, 'signature');
    if (params.appid !== undefined && params.appid !== this.opts.appId) throw new NotificationRejected('APPID 不匹配', 'mismatch');
    const tradeNo = params.transaction_id || params.open_order_id;
    if (!tradeNo) throw new NotificationRejected('通知缺少字段：transaction_id', 'format');
    const amountFen = yuanToFen(p.total_fee);
    if (amountFen === null) throw new NotificationRejected(`${GATEWAY}通知金额格式错误`, 'format');
    return { orderNo: p.trade_order_id, gatewayTradeNo: tradeNo, amountFen, paid: p.status === 'OD', gatewayStatus: p.status };
  }

  notificationAck(ok: boolean): NotificationAck {
    return textAck(ok, 'success', 'failed');
  }
}
