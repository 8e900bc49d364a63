/**
 * A local 虎皮椒 (xunhupay) payment/do.html for tests: checks the request hash, answers with a
 * hashed reply carrying url and url_qrcode, and produces hashed form notifications.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { NotificationRequest } from '../types.ts';
import { FakeHttpServer, formParams, json, type FakeReply, type FakeRequest } from './http.ts';

/** hash = md5(sorted `k=v&…` over non-empty values except hash, then the appsecret). */
function hupiSignature(params: Record<string, string>, secret: string): string {
  const content = Object.keys(params)
    .filter((k) => k !== 'hash' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(content + secret, 'utf8').digest('hex');
}

export interface FakeHupiOrder {
  tradeOrderId: string;
  totalFee: string;
  title: string;
  openOrderId: string;
  transactionId: string;
}

export class FakeHupi {
  readonly orders = new Map<string, FakeHupiOrder>();
  readonly rejections: string[] = [];
  /** Sign answers with another secret, as an impostor would. */
  forgeAnswers = false;
  private readonly http = new FakeHttpServer((req) => this.handle(req));

  constructor(
    readonly appId: string,
    private readonly secret: string,
  ) {}

  get apiUrl() {
    return `${this.http.base}/payment/do.html`;
  }
  start() {
    return this.http.start();
  }
  stop() {
    return this.http.stop();
  }

  notification(tradeOrderId: string, over: { status?: string; totalFee?: string; appId?: string; secret?: string } = {}): NotificationRequest {
    const order = this.orders.get(tradeOrderId);
    const fields: Record<string, string> = {
      trade_order_id: tradeOrderId,
      total_fee: over.totalFee ?? order?.totalFee ?? '0.01',
      transaction_id: order?.transactionId ?? `4200${Date.now()}`,
      open_order_id: order?.openOrderId ?? String(Date.now()),
      order_title: order?.title ?? '会员套餐',
      status: over.status ?? 'OD',
      // Empty values are posted as such and take no part in the hash.
      plugins: '',
      attach: '',
      appid: over.appId ?? this.appId,
      time: String(Math.floor(Date.now() / 1000)),
      nonce_str: randomBytes(8).toString('hex'),
    };
    const form = { ...fields, hash: hupiSignature(fields, over.secret ?? this.secret) };
    return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: new URLSearchParams(form).toString(), query: {}, form };
  }

  private reply(body: Record<string, string | number>): FakeReply {
    const text: Record<string, string> = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    return json(200, { ...body, hash: hupiSignature(text, this.forgeAnswers ? 'not-the-secret' : this.secret) });
  }

  private handle(req: FakeRequest): FakeReply {
    if (req.method !== 'POST' || req.url.pathname !== '/payment/do.html') return { status: 404, body: 'not found' };
    const text = req.body.toString('utf8');
    let params: Record<string, string>;
    try {
      const parsed: Record<string, unknown> = /^application\/json/.test(req.headers['content-type'] ?? '') ? JSON.parse(text) : formParams(text);
      params = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return this.fail(40000, '参数错误');
    }
    if (params.appid !== this.appId) return this.fail(40029, 'appid无效');
    if (!params.hash || params.hash !== hupiSignature(params, this.secret)) return this.fail(40029, 'Invalid sign!');
    if (params.version !== '1.1') return this.fail(40000, 'version错误');
    if (!/^\d+$/.test(params.time ?? '') || Math.abs(Date.now() / 1000 - Number(params.time)) > 300) return this.fail(40001, '请求已超时');
    if (!params.nonce_str || !params.trade_order_id || !params.title || !params.notify_url) return this.fail(40000, '参数不完整');
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(params.total_fee ?? '') || Number(params.total_fee) < 0.01) return this.fail(40000, '金额错误');
    const existing = this.orders.get(params.trade_order_id);
    if (existing && existing.totalFee !== params.total_fee) return this.fail(40000, '订单号已存在');
    const order = existing ?? {
      tradeOrderId: params.trade_order_id,
      totalFee: params.total_fee!,
      title: params.title,
      openOrderId: String(20_000_000 + this.orders.size),
      transactionId: `4200${Date.now()}`,
    };
    this.orders.set(order.tradeOrderId, order);
    return this.reply({
      openid: Number(order.openOrderId),
      url_qrcode: `https://api.xunhupay.com/payment/qrcode.html?uid=${order.openOrderId}`,
      url: `https://api.xunhupay.com/payment/cashier.html?order_id=${order.openOrderId}`,
      errcode: 0,
      errmsg: 'success!',
    });
  }

  private fail(errcode: number, errmsg: string): FakeReply {
    this.rejections.push(errmsg);
    return this.reply({ errcode, errmsg });
  }
}
