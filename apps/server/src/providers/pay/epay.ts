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
  type PayProviderName,
} from './types.ts';
import {
  callGateway,
  formBody,
  hexEquals,
  isRecord,
  md5Hex,
  notificationParams,
  parseJson,
  PAY_TIMEOUT_MS,
  requireFields,
  scalarText,
  sortedPairs,
  textAck,
  trimSlash,
  truncateUtf8,
  withQuery,
  type Params,
} from './util.ts';

const GATEWAY = '易支付';

export type EpayVariant = 'submit' | 'mapi';

export interface EpayOptions {
  /**
   * The gateway: its base URL (`https://pay.example.com/`), or the full submit.php / mapi.php URL,
   * which then fixes the variant (SPEC §4.4: a URL containing "submit" means the redirect variant).
   */
  apiUrl: string;
  pid: string;
  key: string;
  /** Forces a variant; by default the URL decides, else QR payments use mapi.php and the others submit.php. */
  variant?: EpayVariant;
  /** How the submit.php variant is sent: a GET link (default) or an auto-submitted POST form. */
  submitMethod?: 'GET' | 'POST';
  fetch?: typeof fetch;
  timeoutMs?: number;
}

// ---- the protocol, as pure functions ----

/** Every parameter but `sign` and `sign_type`, EMPTY VALUES DROPPED, sorted, `k=v&…`, raw values. */
export function epaySignContent(params: Params): string {
  return sortedPairs(params, { exclude: ['sign', 'sign_type'], dropEmpty: true });
}

/** md5(signContent + key), lower-case hex. */
export function epaySign(params: Params, key: string): string {
  return md5Hex(epaySignContent(params) + key);
}

export function epayEndpoints(apiUrl: string): { submit: string; mapi: string; api: string; fixed?: EpayVariant } {
  const url = apiUrl.trim();
  const m = /^(.*\/)(submit|mapi|api)\.php(?:[?#].*)?$/i.exec(url);
  const base = m ? m[1]! : `${trimSlash(url)}/`;
  const named = m?.[2]!.toLowerCase();
  return {
    submit: `${base}submit.php`,
    mapi: `${base}mapi.php`,
    api: `${base}api.php`,
    fixed: named === 'submit' || named === 'mapi' ? named : /submit/i.test(url) ? 'submit' : undefined,
  };
}

/**
 * 易支付 (the 彩虹易支付 protocol most resellers run): MD5-signed, a browser redirect to submit.php
 * or a server call to mapi.php that returns a QR code or pay URL; notifications arrive by GET.
 */
export class EpayPay implements PayProvider {
  readonly channels = ['alipay', 'wxpay'] as const;
  private readonly endpoints: ReturnType<typeof epayEndpoints>;
  private readonly doFetch: typeof fetch;

  constructor(
    private readonly opts: EpayOptions,
    /** 码支付 gateways that speak this protocol reuse the adapter under their own name. */
    readonly name: PayProviderName = 'epay',
  ) {
    this.endpoints = epayEndpoints(opts.apiUrl);
    this.doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  async createPayment(order: PayOrder): Promise<PaymentAction> {
    const variant = this.opts.variant ?? this.endpoints.fixed ?? (order.mode === 'qr' ? 'mapi' : 'submit');
    const params: Params = {
      pid: this.opts.pid,
      type: order.channel,
      out_trade_no: order.orderNo,
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
      name: truncateUtf8(order.subject, 127) || '商品',
      money: fenToYuan(order.amountFen),
    };
    if (variant === 'submit') {
      const signed = this.signed(params);
      if (this.opts.submitMethod === 'POST') return { kind: 'form', action: this.endpoints.submit, method: 'POST', fields: signed };
      return { kind: 'redirect', url: withQuery(this.endpoints.submit, signed) };
    }
    params.clientip = order.clientIp || '127.0.0.1';
    params.device = order.mode === 'qr' ? 'pc' : order.mode === 'jsapi' ? 'wechat' : 'mobile';
    const res = await callGateway(
      this.doFetch,
      GATEWAY,
      this.endpoints.mapi,
      { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: formBody(this.signed(params)) },
      this.opts.timeoutMs ?? PAY_TIMEOUT_MS,
    );
    const json = parseJson(res.text, GATEWAY, res.status);
    if (!isRecord(json)) throw new PayRequestError(`${GATEWAY}返回了无法识别的响应（HTTP ${res.status}）`);
    if (scalarText(json.code) !== '1') {
      throw new PayRequestError(`${GATEWAY}下单失败：${scalarText(json.msg) || `HTTP ${res.status}`}`, scalarText(json.code));
    }
    const qrcode = scalarText(json.qrcode);
    const payUrl = scalarText(json.payurl) || scalarText(json.urlscheme);
    if (qrcode && (order.mode === 'qr' || !payUrl)) return { kind: 'qr', qrContent: qrcode };
    if (payUrl) return { kind: 'redirect', url: payUrl };
    throw new PayRequestError(`${GATEWAY}下单失败：未返回支付链接`);
  }

  async verifyNotification(req: NotificationRequest): Promise<PayNotification> {
    const params = notificationParams(req, 'query');
    const p = requireFields(params, ['sign', 'out_trade_no', 'trade_no', 'money', 'trade_status']);
    if (params.sign_type !== undefined && params.sign_type.toUpperCase() !== 'MD5') {
      throw new NotificationRejected(`不支持的签名类型 ${params.sign_type}`, 'format');
    }
    if (!hexEquals(epaySign(params, this.opts.key), p.sign)) throw new NotificationRejected(`${GATEWAY}通知签名验证失败`, 'signature');
    if (params.pid !== undefined && params.pid !== this.opts.pid) throw new NotificationRejected('商户号不匹配', 'mismatch');
    const amountFen = yuanToFen(p.money);
    if (amountFen === null) throw new NotificationRejected(`${GATEWAY}通知金额格式错误`, 'format');
    return { orderNo: p.out_trade_no, gatewayTradeNo: p.trade_no, amountFen, paid: p.trade_status === 'TRADE_SUCCESS', gatewayStatus: p.trade_status };
  }

  notificationAck(ok: boolean): NotificationAck {
    return textAck(ok, 'success', 'fail');
  }

  /** api.php?act=order: the merchant key travels in the query, as the protocol has it. */
  async queryOrder(orderNo: string): Promise<PayNotification | null> {
    const url = withQuery(this.endpoints.api, { act: 'order', pid: this.opts.pid, key: this.opts.key, out_trade_no: orderNo });
    const res = await callGateway(this.doFetch, GATEWAY, url, { method: 'GET' }, this.opts.timeoutMs ?? PAY_TIMEOUT_MS);
    const json = parseJson(res.text, GATEWAY, res.status);
    if (!isRecord(json)) throw new PayRequestError(`${GATEWAY}返回了无法识别的响应（HTTP ${res.status}）`);
    const msg = scalarText(json.msg) ?? '';
    if (scalarText(json.code) !== '1') {
      if (/不存在|not\s*exist/i.test(msg)) return null;
      throw new PayRequestError(`${GATEWAY}查单失败：${msg || `HTTP ${res.status}`}`, scalarText(json.code));
    }
    const amountFen = yuanToFen(scalarText(json.money) ?? '');
    const status = scalarText(json.status) ?? '';
    if (scalarText(json.out_trade_no) !== orderNo || amountFen === null) throw new PayRequestError(`${GATEWAY}查单失败：应答缺少订单信息`);
    return { orderNo, gatewayTradeNo: scalarText(json.trade_no) ?? '', amountFen, paid: status === '1', gatewayStatus: status };
  }

  private signed(params: Params): Params {
    return { ...params, sign: epaySign(params, this.opts.key), sign_type: 'MD5' };
  }
}
