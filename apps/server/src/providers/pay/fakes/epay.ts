/**
 * A local 易支付 gateway (彩虹易支付 protocol) for tests: mapi.php and api.php?act=order over HTTP,
 * submit.php links checked in-process, and GET notifications signed as the gateway signs them.
 * Also the classic 码支付 (codepay) protocol's link check and notifications.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { NotificationRequest } from '../types.ts';
import { FakeHttpServer, formParams, json, type FakeReply, type FakeRequest } from './http.ts';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** sign = md5(sorted `k=v&…` over non-empty values, without sign and sign_type, then the key). */
function epaySignature(params: Record<string, string>, key: string): string {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return md5(content + key);
}

const MONEY = /^\d{1,8}(\.\d{1,2})?$/;

export interface FakeEpayOrder {
  outTradeNo: string;
  tradeNo: string;
  type: string;
  name: string;
  money: string;
  status: 0 | 1;
}

export class FakeEpay {
  readonly orders = new Map<string, FakeEpayOrder>();
  readonly rejections: string[] = [];
  private readonly http = new FakeHttpServer((req) => this.handle(req));

  constructor(
    readonly pid: string,
    private readonly key: string,
  ) {}

  get base() {
    return `${this.http.base}/`;
  }
  start() {
    return this.http.start();
  }
  stop() {
    return this.http.stop();
  }

  pay(outTradeNo: string) {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`no order ${outTradeNo}`);
    order.status = 1;
  }

  /** What submit.php does with a request: the error message, or null after recording the order. */
  submit(params: Record<string, string>): string | null {
    return this.accept(params, false);
  }

  /** A notification as the gateway sends it: a GET to notify_url with signed query parameters. */
  notification(outTradeNo: string, over: { tradeStatus?: string; money?: string; pid?: string; key?: string; extra?: Record<string, string> } = {}): NotificationRequest {
    const order = this.orders.get(outTradeNo);
    const query: Record<string, string> = {
      pid: over.pid ?? this.pid,
      trade_no: order?.tradeNo ?? `2024${Date.now()}`,
      out_trade_no: outTradeNo,
      type: order?.type ?? 'alipay',
      name: order?.name ?? '会员套餐',
      money: over.money ?? order?.money ?? '0.01',
      trade_status: over.tradeStatus ?? 'TRADE_SUCCESS',
      // Sent empty when the merchant passed no param; empty values take no part in the signature.
      param: '',
      ...over.extra,
    };
    const signed = { ...query, sign: epaySignature(query, over.key ?? this.key), sign_type: 'MD5' };
    return { headers: {}, rawBody: '', query: signed, form: {} };
  }

  private accept(params: Record<string, string>, api: boolean): string | null {
    const fail = (msg: string) => {
      this.rejections.push(msg);
      return msg;
    };
    if (params.pid !== this.pid) return fail('商户ID不存在');
    if (!params.sign || params.sign !== epaySignature(params, this.key)) return fail('签名校验失败！');
    if (!['alipay', 'wxpay', 'qqpay'].includes(params.type ?? '')) return fail('支付方式(type)不存在');
    if (!params.out_trade_no || !params.notify_url || !params.name) return fail('参数不完整');
    if (!MONEY.test(params.money ?? '') || Number(params.money) <= 0) return fail('金额不合法');
    if (api && !params.clientip) return fail('clientip不能为空');
    const existing = this.orders.get(params.out_trade_no);
    if (existing && existing.money !== params.money) return fail('该订单号已存在');
    if (!existing) {
      this.orders.set(params.out_trade_no, {
        outTradeNo: params.out_trade_no,
        tradeNo: `2024${Date.now()}${randomBytes(2).toString('hex')}`,
        type: params.type!,
        name: params.name,
        money: params.money!,
        status: 0,
      });
    }
    return null;
  }

  private handle(req: FakeRequest): FakeReply {
    if (req.method === 'POST' && req.url.pathname === '/mapi.php') {
      const params = formParams(req.body.toString('utf8'));
      const problem = this.accept(params, true);
      if (problem) return json(200, { code: -1, msg: problem });
      const order = this.orders.get(params.out_trade_no!)!;
      const reply: Record<string, unknown> = { code: 1, msg: '', trade_no: order.tradeNo };
      if (params.device === 'pc') reply.qrcode = `weixin://wxpay/bizpayurl?pr=${randomBytes(4).toString('hex')}`;
      else reply.payurl = `${this.base}pay/${order.tradeNo}/`;
      return json(200, reply);
    }
    if (req.method === 'GET' && req.url.pathname === '/api.php' && req.url.searchParams.get('act') === 'order') {
      const q = req.url.searchParams;
      if (q.get('pid') !== this.pid || q.get('key') !== this.key) return json(200, { code: -3, msg: 'KEY校验失败' });
      const order = this.orders.get(q.get('out_trade_no') ?? '');
      if (!order) return json(200, { code: -1, msg: '订单号不存在' });
      return json(200, {
        code: 1,
        msg: '查询订单号成功！',
        trade_no: order.tradeNo,
        out_trade_no: order.outTradeNo,
        type: order.type,
        pid: this.pid,
        addtime: '2024-01-01 12:00:00',
        endtime: order.status ? '2024-01-01 12:01:00' : null,
        name: order.name,
        money: order.money,
        status: order.status,
        param: '',
        buyer: '',
      });
    }
    return { status: 404, body: 'not found' };
  }
}

/** codepay: sign = md5(sorted `k=v&…` over non-empty values except sign, then the key). */
function codepaySignature(params: Record<string, string>, key: string): string {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return md5(content + key);
}

/** The classic 码支付 (codepay) gateway: its creat_order link check and its POST notifications. */
export class FakeCodepay {
  readonly orders = new Map<string, { price: string; type: string }>();

  constructor(
    readonly id: string,
    private readonly key: string,
  ) {}

  /** What creat_order does with the link's query: the error message, or null after recording the order. */
  createOrder(query: Record<string, string>): string | null {
    if (query.id !== this.id) return '码支付ID错误';
    if (!query.sign || query.sign !== codepaySignature(query, this.key)) return '签名错误';
    if (!['1', '2', '3'].includes(query.type ?? '')) return '支付方式错误';
    if (!query.pay_id) return 'pay_id不能为空';
    if (!MONEY.test(query.price ?? '') || Number(query.price) < 0.01) return '金额错误';
    this.orders.set(query.pay_id, { price: query.price!, type: query.type! });
    return null;
  }

  /** The paid notification: a form POST of pay_id, money, price, type, pay_no, param, pay_time, pay_tag, sign. */
  notification(payId: string, over: { price?: string; money?: string; key?: string } = {}): NotificationRequest {
    const order = this.orders.get(payId);
    const price = over.price ?? order?.price ?? '0.01';
    const fields: Record<string, string> = {
      pay_id: payId,
      money: over.money ?? price,
      price,
      type: order?.type ?? '1',
      pay_no: `2024${Date.now()}`,
      param: '',
      pay_time: String(Math.floor(Date.now() / 1000)),
      pay_tag: '0',
    };
    const form = { ...fields, sign: codepaySignature(fields, over.key ?? this.key) };
    return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: new URLSearchParams(form).toString(), query: {}, form };
  }
}
