/**
 * A local Alipay openapi gateway (gateway.do) for tests: checks the RSA2 signature of every request
 * with the application public key, answers with responses signed by "Alipay's" key, and produces
 * asynchronous notifications signed as Alipay signs them.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { NotificationRequest } from '../types.ts';
import { FakeHttpServer, formParams, type FakeReply, type FakeRequest } from './http.ts';

export interface FakeAlipayOptions {
  appId: string;
  appPublicKey: KeyObject;
}

export interface FakeAlipayOrder {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  tradeNo: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
}

/** The request rule: drop `sign` and empty values, sort, `k=v` joined by `&`. */
function requestContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

const AMOUNT = /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/;

export class FakeAlipay {
  readonly alipayPublicKey: KeyObject;
  private readonly alipayPrivateKey: KeyObject;
  readonly orders = new Map<string, FakeAlipayOrder>();
  readonly rejections: string[] = [];
  /** Makes the next answers carry a signature by some other key. */
  forgeAnswers = false;
  private readonly http = new FakeHttpServer((req) => this.handle(req));

  constructor(private readonly opts: FakeAlipayOptions) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.alipayPrivateKey = pair.privateKey;
    this.alipayPublicKey = pair.publicKey;
  }

  get gateway() {
    return `${this.http.base}/gateway.do`;
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
    order.status = 'TRADE_SUCCESS';
  }

  sign(content: string, key: KeyObject = this.alipayPrivateKey): string {
    return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
  }

  /**
   * Checks a request's parameters as the gateway does (used for wap.pay links, which the browser
   * opens). Returns the error sub_code, or null when the request is acceptable.
   */
  checkRequest(params: Record<string, string>): string | null {
    if (params.app_id !== this.opts.appId) return 'isv.invalid-app-id';
    if (params.sign_type !== 'RSA2') return 'isv.invalid-signature-type';
    if ((params.charset ?? '').toLowerCase() !== 'utf-8') return 'isv.invalid-charset';
    if (params.version !== '1.0' || params.format?.toUpperCase() !== 'JSON') return 'isv.invalid-parameter';
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '')) return 'isv.invalid-timestamp';
    const beijing = Date.parse(`${params.timestamp!.replace(' ', 'T')}+08:00`);
    if (Math.abs(Date.now() - beijing) > 30 * 60_000) return 'isv.invalid-timestamp';
    if (!params.sign || !createVerify('RSA-SHA256').update(requestContent(params), 'utf8').verify(this.opts.appPublicKey, params.sign, 'base64')) {
      return 'isv.invalid-signature';
    }
    return null;
  }

  /** An asynchronous notification as Alipay posts it (form fields, RSA2 over all but sign and sign_type). */
  notification(
    outTradeNo: string,
    over: { tradeStatus?: string; totalAmount?: string; appId?: string; extra?: Record<string, string>; key?: KeyObject } = {},
  ): NotificationRequest {
    const order = this.orders.get(outTradeNo);
    const amount = over.totalAmount ?? order?.totalAmount ?? '0.01';
    const now = new Date(Date.now() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
    const fields: Record<string, string> = {
      gmt_create: now,
      charset: 'utf-8',
      seller_email: 'merchant@example.com',
      subject: order?.subject ?? '会员套餐',
      buyer_id: '2088102177846875',
      invoice_amount: amount,
      notify_id: randomBytes(16).toString('hex'),
      fund_bill_list: `[{"amount":"${amount}","fundChannel":"ALIPAYACCOUNT"}]`,
      notify_type: 'trade_status_sync',
      trade_status: over.tradeStatus ?? 'TRADE_SUCCESS',
      receipt_amount: amount,
      app_id: over.appId ?? this.opts.appId,
      buyer_pay_amount: amount,
      seller_id: '2088102176934385',
      gmt_payment: now,
      notify_time: now,
      version: '1.0',
      out_trade_no: outTradeNo,
      total_amount: amount,
      trade_no: order?.tradeNo ?? `2024${Date.now()}`,
      auth_app_id: this.opts.appId,
      buyer_logon_id: 'csq***@sandbox.com',
      point_amount: '0.00',
      ...over.extra,
    };
    const content = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    const form = { ...fields, sign_type: 'RSA2', sign: this.sign(content, over.key) };
    return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, rawBody: new URLSearchParams(form).toString(), query: {}, form };
  }

  private answer(nodeName: string, node: Record<string, unknown>): FakeReply {
    const nodeText = JSON.stringify(node);
    const key = this.forgeAnswers ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : this.alipayPrivateKey;
    return {
      status: 200,
      headers: { 'content-type': 'text/html;charset=utf-8' },
      body: `{"${nodeName}":${nodeText},"sign":"${this.sign(nodeText, key)}"}`,
    };
  }

  private handle(req: FakeRequest): FakeReply {
    if (req.method !== 'POST' || req.url.pathname !== '/gateway.do') return { status: 404, body: 'not found' };
    const params = { ...Object.fromEntries(req.url.searchParams), ...formParams(req.body.toString('utf8')) };
    const method = params.method ?? '';
    const nodeName = `${method.replace(/\./g, '_')}_response`;
    const problem = this.checkRequest(params);
    if (problem) {
      this.rejections.push(problem);
      return this.answer('error_response', { code: '40002', msg: 'Invalid Arguments', sub_code: problem, sub_msg: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配' });
    }
    let biz: Record<string, any>;
    try {
      biz = JSON.parse(params.biz_content ?? '');
    } catch {
      return this.answer(nodeName, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: 'biz_content 不是 JSON' });
    }
    if (method === 'alipay.trade.precreate') {
      if (typeof biz.out_trade_no !== 'string' || !biz.out_trade_no || !AMOUNT.test(biz.total_amount ?? '') || Number(biz.total_amount) < 0.01 || !biz.subject) {
        return this.answer(nodeName, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER', sub_msg: '参数无效' });
      }
      if (!/^https?:\/\//.test(params.notify_url ?? '')) {
        return this.answer(nodeName, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-notify-url', sub_msg: 'notify_url 无效' });
      }
      const existing = this.orders.get(biz.out_trade_no);
      if (existing && existing.totalAmount !== biz.total_amount) {
        return this.answer(nodeName, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.CONTEXT_INCONSISTENT', sub_msg: '交易信息被篡改' });
      }
      if (!existing) {
        this.orders.set(biz.out_trade_no, {
          outTradeNo: biz.out_trade_no,
          totalAmount: biz.total_amount,
          subject: biz.subject,
          tradeNo: `2024${Date.now()}${randomBytes(2).toString('hex')}`,
          status: 'WAIT_BUYER_PAY',
        });
      }
      return this.answer(nodeName, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/bax0${randomBytes(8).toString('hex')}` });
    }
    if (method === 'alipay.trade.query') {
      const order = this.orders.get(biz.out_trade_no);
      if (!order) return this.answer(nodeName, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
      return this.answer(nodeName, {
        code: '10000',
        msg: 'Success',
        buyer_logon_id: 'csq***@sandbox.com',
        buyer_pay_amount: order.status === 'TRADE_SUCCESS' ? order.totalAmount : '0.00',
        out_trade_no: order.outTradeNo,
        point_amount: '0.00',
        receipt_amount: '0.00',
        total_amount: order.totalAmount,
        trade_no: order.tradeNo,
        trade_status: order.status,
      });
    }
    return this.answer('error_response', { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' });
  }
}
