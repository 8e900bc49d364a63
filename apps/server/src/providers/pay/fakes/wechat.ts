/**
 * A local WeChat Pay API v3 (api.mch.weixin.qq.com) for tests: checks the WECHATPAY2-SHA256-RSA2048
 * Authorization of every request against the merchant certificate's public key, answers with
 * platform-signed responses, and produces notifications signed and encrypted like the real ones.
 */
import { createCipheriv, createPublicKey, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { NotificationRequest } from '../types.ts';
import { FakeHttpServer, json, type FakeReply, type FakeRequest } from './http.ts';

export interface FakeWechatPayOptions {
  mchid: string;
  appid: string;
  /** The merchant API certificate serial the requests must name. */
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  apiV3Key: string;
}

export interface FakeWechatOrder {
  kind: 'native' | 'jsapi' | 'h5';
  body: Record<string, any>;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string;
}

const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();

/** A platform certificate the fake publishes at /v3/certificates. */
export interface FakePlatformCert {
  serial: string;
  /** The certificate PEM (encrypted with the APIv3 key when served). */
  pem: string;
  privateKey: KeyObject;
}

export class FakeWechatPay {
  platformSerial = hex(20);
  platformPublicKey: KeyObject;
  private platformPrivateKey: KeyObject;
  /** What GET /v3/certificates lists; empty until published. */
  certificates: FakePlatformCert[] = [];
  /** How often GET /v3/certificates was called. */
  certificateDownloads = 0;
  readonly orders = new Map<string, FakeWechatOrder>();
  /** Why requests were turned away, for assertions. */
  readonly rejections: string[] = [];
  private readonly nonces = new Set<string>();
  private readonly http = new FakeHttpServer((req) => this.handle(req));

  constructor(private readonly opts: FakeWechatPayOptions) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.platformPrivateKey = pair.privateKey;
    this.platformPublicKey = pair.publicKey;
  }

  get base() {
    return this.http.base;
  }
  start() {
    return this.http.start();
  }
  stop() {
    return this.http.stop();
  }

  /** Publishes platform certificates at /v3/certificates (the list replaces the previous one). */
  publishCertificates(certs: FakePlatformCert[]) {
    this.certificates = certs;
  }

  /** Rotates the platform key: answers and notifications are signed with `cert` from now on. */
  rotateTo(cert: FakePlatformCert) {
    this.platformSerial = cert.serial;
    this.platformPrivateKey = cert.privateKey;
    this.platformPublicKey = createPublicKey(cert.privateKey);
  }

  /** The /v3/certificates answer: each certificate AES-256-GCM encrypted with the APIv3 key (associated data "certificate"). */
  private certificateList(): FakeReply {
    this.certificateDownloads++;
    const data = this.certificates.map((c) => {
      const nonce = hex(6);
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(this.opts.apiV3Key), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('certificate'));
      const ciphertext = Buffer.concat([cipher.update(c.pem, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
      return {
        serial_no: c.serial,
        effective_time: '2026-01-01T00:00:00+08:00',
        expire_time: '2126-01-01T00:00:00+08:00',
        encrypt_certificate: { algorithm: 'AEAD_AES_256_GCM', associated_data: 'certificate', nonce, ciphertext },
      };
    });
    return this.reply(200, { data });
  }

  /** Marks an order paid, as if the user scanned and paid. */
  pay(orderNo: string) {
    const order = this.orders.get(orderNo);
    if (!order) throw new Error(`no order ${orderNo}`);
    order.state = 'SUCCESS';
  }

  /** Headers WeChat puts on a signed message: `timestamp\nnonce\nbody\n` signed with the platform key. */
  signHeaders(body: string, opts: { timestamp?: number; serial?: string; key?: KeyObject } = {}): Record<string, string> {
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = hex(16);
    const signature = createSign('sha256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(opts.key ?? this.platformPrivateKey, 'base64');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': opts.serial ?? this.platformSerial,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
      'Request-ID': hex(12),
    };
  }

  /** The transaction WeChat reports for an order. */
  transaction(orderNo: string, over: { tradeState?: string; amountFen?: number; mchid?: string } = {}): Record<string, unknown> {
    const order = this.orders.get(orderNo);
    const state = over.tradeState ?? order?.state ?? 'SUCCESS';
    const total = over.amountFen ?? order?.body.amount.total ?? 1;
    const tx: Record<string, unknown> = {
      appid: this.opts.appid,
      mchid: over.mchid ?? this.opts.mchid,
      out_trade_no: orderNo,
      trade_type: (order?.kind ?? 'native').toUpperCase(),
      trade_state: state,
      trade_state_desc: state === 'SUCCESS' ? '支付成功' : '未支付',
      bank_type: 'OTHERS',
      attach: '',
      payer: { openid: order?.body.payer?.openid ?? 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
    };
    if (state === 'SUCCESS') {
      tx.transaction_id = order?.transactionId ?? `42000${Date.now()}`;
      tx.success_time = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
    }
    return tx;
  }

  /**
   * A transaction notification as WeChat posts it: the transaction encrypted with AEAD_AES_256_GCM
   * under the APIv3 key, the body signed with the platform key.
   */
  notification(
    orderNo: string,
    over: { tradeState?: string; amountFen?: number; mchid?: string; timestamp?: number; serial?: string; key?: KeyObject; apiV3Key?: string } = {},
  ): NotificationRequest {
    const plain = JSON.stringify(this.transaction(orderNo, { ...over, tradeState: over.tradeState ?? 'SUCCESS' }));
    const nonce = randomBytes(6).toString('hex');
    const associatedData = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(over.apiV3Key ?? this.opts.apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(associatedData));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const success = (over.tradeState ?? 'SUCCESS') === 'SUCCESS';
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
      resource_type: 'encrypt-resource',
      event_type: success ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED',
      summary: success ? '支付成功' : '订单已关闭',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce },
    });
    const headers = this.signHeaders(body, { timestamp: over.timestamp, serial: over.serial, key: over.key });
    return {
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
      rawBody: body,
      query: {},
      form: {},
    };
  }

  private reply(status: number, body: unknown): FakeReply {
    const text = JSON.stringify(body);
    return { status, headers: status < 300 ? this.signHeaders(text) : { 'Request-ID': hex(12) }, body: text };
  }

  private reject(status: number, code: string, message: string): FakeReply {
    this.rejections.push(`${code}: ${message}`);
    return json(status, { code, message });
  }

  /** Checks the Authorization header exactly as the gateway does. Returns a rejection or null. */
  private checkAuthorization(req: FakeRequest): FakeReply | null {
    const auth = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return this.reject(401, 'SIGN_ERROR', '错误的签名认证类型');
    const fields: Record<string, string> = {};
    for (const part of m[1]!.split(',')) {
      const kv = /^\s*(\w+)="([^"]*)"\s*$/.exec(part);
      if (!kv) return this.reject(401, 'SIGN_ERROR', 'Authorization 格式错误');
      fields[kv[1]!] = kv[2]!;
    }
    const { mchid, nonce_str: nonce, timestamp, serial_no: serial, signature } = fields;
    if (!mchid || !nonce || !timestamp || !serial || !signature) return this.reject(401, 'SIGN_ERROR', 'Authorization 缺少字段');
    if (mchid !== this.opts.mchid) return this.reject(401, 'SIGN_ERROR', '商户号不匹配');
    if (serial !== this.opts.merchantSerial) return this.reject(401, 'SIGN_ERROR', '商户证书序列号有误');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return this.reject(401, 'SIGN_ERROR', '请求时间戳过期');
    if (this.nonces.has(nonce)) return this.reject(401, 'SIGN_ERROR', '重复的随机串');
    const message = `${req.method}\n${req.url.pathname}${req.url.search}\n${timestamp}\n${nonce}\n${req.body.toString('utf8')}\n`;
    if (!createVerify('sha256').update(message).verify(this.opts.merchantPublicKey, signature, 'base64')) {
      return this.reject(401, 'SIGN_ERROR', '签名错误');
    }
    this.nonces.add(nonce);
    return null;
  }

  private handle(req: FakeRequest): FakeReply {
    const denied = this.checkAuthorization(req);
    if (denied) return denied;
    if (req.method === 'GET' && req.url.pathname === '/v3/certificates') return this.certificateList();
    const create = /^\/v3\/pay\/transactions\/(native|jsapi|h5)$/.exec(req.url.pathname);
    if (req.method === 'POST' && create) return this.createOrder(create[1] as FakeWechatOrder['kind'], req);
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(req.url.pathname);
    if (req.method === 'GET' && query) {
      if (req.url.searchParams.get('mchid') !== this.opts.mchid) return this.reject(400, 'PARAM_ERROR', 'mchid 有误');
      const orderNo = decodeURIComponent(query[1]!);
      if (!this.orders.has(orderNo)) return this.reject(404, 'ORDER_NOT_EXIST', '订单不存在');
      return this.reply(200, this.transaction(orderNo));
    }
    return this.reject(404, 'NOT_FOUND', '接口不存在');
  }

  private createOrder(kind: FakeWechatOrder['kind'], req: FakeRequest): FakeReply {
    if (!/^application\/json/.test(req.headers['content-type'] ?? '')) return this.reject(415, 'PARAM_ERROR', 'Content-Type 须为 application/json');
    let body: Record<string, any>;
    try {
      body = JSON.parse(req.body.toString('utf8'));
    } catch {
      return this.reject(400, 'PARAM_ERROR', '请求体不是 JSON');
    }
    const problems: string[] = [];
    if (body.appid !== this.opts.appid) problems.push('appid 与商户号不匹配');
    if (body.mchid !== this.opts.mchid) problems.push('mchid 有误');
    if (typeof body.description !== 'string' || !body.description || Buffer.byteLength(body.description) > 127) problems.push('description 长度有误');
    if (typeof body.out_trade_no !== 'string' || !/^[0-9A-Za-z_\-|*]{6,32}$/.test(body.out_trade_no)) problems.push('out_trade_no 格式有误');
    if (typeof body.notify_url !== 'string' || !/^https:\/\//.test(body.notify_url)) problems.push('notify_url 须为 https 地址');
    if (!Number.isInteger(body.amount?.total) || body.amount.total < 1) problems.push('amount.total 须为正整数（分）');
    if (body.amount?.currency !== undefined && body.amount.currency !== 'CNY') problems.push('currency 有误');
    if (kind === 'jsapi' && typeof body.payer?.openid !== 'string') problems.push('缺少 payer.openid');
    if (kind === 'h5' && (typeof body.scene_info?.payer_client_ip !== 'string' || typeof body.scene_info?.h5_info?.type !== 'string')) {
      problems.push('缺少 scene_info');
    }
    if (problems.length) return this.reject(400, 'PARAM_ERROR', problems.join('；'));
    const existing = this.orders.get(body.out_trade_no);
    if (existing && existing.body.amount.total !== body.amount.total) return this.reject(400, 'INVALID_REQUEST', '订单号重复');
    if (!existing) this.orders.set(body.out_trade_no, { kind, body, state: 'NOTPAY', transactionId: `42000${Date.now()}${hex(2)}` });
    const prepay = `wx${Date.now()}${hex(8).toLowerCase()}`;
    if (kind === 'native') return this.reply(200, { code_url: `weixin://wxpay/bizpayurl?pr=${hex(4)}` });
    if (kind === 'jsapi') return this.reply(200, { prepay_id: prepay });
    return this.reply(200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=${Date.now() % 1e10}` });
  }
}
