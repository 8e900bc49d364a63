/**
 * 码支付 (mpay).
 *
 * Two protocols go by this name, and sources disagree:
 *  - the classic codepay protocol (码支付 / codepay.fateqq.com and its clones): the browser is sent
 *    to `{api}/creat_order/?id=&pay_id=&type=&price=…&sign=`, sign = md5(sorted non-empty `k=v&…`
 *    without `sign`, then the key appended); the notification is a form POST with pay_id (our order),
 *    pay_no (the gateway's serial), price (the order price), money (what was actually paid),
 *    type, param, pay_time, pay_tag and sign, answered with `success`. This is the default here: it
 *    is the protocol the name refers to in most published integrations (shop systems, epay plugins).
 *  - newer self-hosted 码支付 servers (and what 99AI-style settings with a submit.php URL point at)
 *    speak the 易支付 protocol; an MPAY_API_URL ending in submit.php or mapi.php selects that one,
 *    served by the epay adapter under the name mpay (always as a redirect, SPEC §4.4).
 */
import { EpayPay } from './epay.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import {
  NotificationRejected,
  type NotificationAck,
  type NotificationRequest,
  type PaymentAction,
  type PayNotification,
  type PayOrder,
  type PayProvider,
} from './types.ts';
import { hexEquals, md5Hex, notificationParams, requireFields, sortedPairs, textAck, trimSlash, withQuery, type Params } from './util.ts';

export type MpayProtocol = 'codepay' | 'epay';

export interface MpayOptions {
  /** The gateway's base URL (or its full creat_order URL); a submit.php / mapi.php URL means the 易支付 protocol. */
  apiUrl: string;
  /** The 码支付 ID (codepay `id`; the `pid` under the 易支付 protocol). */
  id: string;
  key: string;
  protocol?: MpayProtocol;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Codepay's channel numbers: 1 Alipay, 2 QQ wallet, 3 WeChat. */
const CODEPAY_TYPE = { alipay: '1', wxpay: '3' } as const;

export function mpayProtocol(apiUrl: string): MpayProtocol {
  return /(submit|mapi)\.php/i.test(apiUrl) ? 'epay' : 'codepay';
}

/** Sorted `k=v&…` of the non-empty parameters except `sign`, raw values (the codepay demo's loop). */
export function codepaySignContent(params: Params): string {
  return sortedPairs(params, { exclude: ['sign'], dropEmpty: true });
}

/** md5(signContent + key), lower-case hex. */
export function codepaySign(params: Params, key: string): string {
  return md5Hex(codepaySignContent(params) + key);
}

export class MpayPay implements PayProvider {
  readonly name = 'mpay' as const;
  readonly channels = ['alipay', 'wxpay'] as const;
  readonly protocol: MpayProtocol;
  private readonly epay?: EpayPay;
  private readonly createUrl: string;

  constructor(private readonly opts: MpayOptions) {
    this.protocol = opts.protocol ?? mpayProtocol(opts.apiUrl);
    if (this.protocol === 'epay') {
      this.epay = new EpayPay({ apiUrl: opts.apiUrl, pid: opts.id, key: opts.key, variant: 'submit', fetch: opts.fetch, timeoutMs: opts.timeoutMs }, 'mpay');
    }
    const url = opts.apiUrl.trim();
    this.createUrl = /creat_order/.test(url) ? url : `${trimSlash(url)}/creat_order/`;
  }

  async createPayment(order: PayOrder): Promise<PaymentAction> {
    if (this.epay) return this.epay.createPayment({ ...order, mode: 'redirect' });
    const params: Params = {
      id: this.opts.id,
      pay_id: order.orderNo,
      type: CODEPAY_TYPE[order.channel],
      price: fenToYuan(order.amountFen),
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
    };
    return { kind: 'redirect', url: withQuery(this.createUrl, { ...params, sign: codepaySign(params, this.opts.key) }) };
  }

  async verifyNotification(req: NotificationRequest): Promise<PayNotification> {
    if (this.epay) return this.epay.verifyNotification(req);
    const params = notificationParams(req);
    const p = requireFields(params, ['sign', 'pay_id', 'pay_no', 'price']);
    if (!hexEquals(codepaySign(params, this.opts.key), p.sign)) throw new NotificationRejected('码支付通知签名验证失败', 'signature');
    if (params.id !== undefined && params.id !== this.opts.id) throw new NotificationRejected('码支付 ID 不匹配', 'mismatch');
    // `price` is the order price the gateway confirms; `money` (what the payer transferred) may be a
    // few fen off when the gateway shifts amounts to tell concurrent orders apart.
    const amountFen = yuanToFen(p.price);
    if (amountFen === null) throw new NotificationRejected('码支付通知金额格式错误', 'format');
    // Codepay notifies paid orders only; there is no unpaid status to report.
    return { orderNo: p.pay_id, gatewayTradeNo: p.pay_no, amountFen, paid: true, gatewayStatus: 'PAID' };
  }

  notificationAck(ok: boolean): NotificationAck {
    return textAck(ok, 'success', 'fail');
  }
}
