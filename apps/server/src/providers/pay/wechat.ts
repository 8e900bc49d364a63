import { createDecipheriv, createSign, createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import {
  NotificationRejected,
  PayRequestError,
  type NotificationAck,
  type NotificationRequest,
  type PaymentAction,
  type PayNotification,
  type PayOrder,
  type PayProvider,
  type WechatJsapiParams,
} from './types.ts';
import {
  callGateway,
  headerValue,
  isRecord,
  loadPrivateKey,
  loadPublicKey,
  PAY_TIMEOUT_MS,
  randomNonce,
  readKeyText,
  trimSlash,
  truncateUtf8,
  withQuery,
} from './util.ts';

/** How far a signed timestamp may be from our clock (WeChat's own guidance: 5 minutes). */
const MAX_SKEW_SECONDS = 5 * 60;
const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
const GATEWAY = '微信支付';

export interface WechatPlatformKey {
  /** The platform certificate serial number, or the public key id (PUB_KEY_ID_…), as sent in Wechatpay-Serial. */
  serial: string;
  key: KeyObject;
}

export interface WechatPayOptions {
  mchid: string;
  /** The app id (official account / mini program) bound to the merchant; JSAPI payers' openids belong to it. */
  appid: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  serialNo: string;
  /** The merchant API private key (apiclient_key.pem): PEM, file path or KeyObject. */
  privateKey: string | KeyObject;
  /** The 32-byte APIv3 key that encrypts notification resources. */
  apiV3Key: string;
  /** Keys that may sign WeChat's answers and notifications, selected by Wechatpay-Serial. */
  platformKeys: WechatPlatformKey[];
  apiBase?: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  nonce?: () => string;
  timeoutMs?: number;
  /** Where the adapter says which platform serials it trusts and what went wrong refreshing them. */
  log?: { info(msg: string): void; warn(msg: string): void };
  /** Keep the platform certificates fresh from GET /v3/certificates (default: on). */
  downloadCertificates?: boolean;
}

/** Downloaded platform certificates are refreshed this often, and on an unknown serial at most once per cooldown. */
export const CERT_REFRESH_MS = 12 * 3600_000;
export const CERT_UNKNOWN_SERIAL_COOLDOWN_MS = 60_000;

// ---- the protocol, as pure functions ----

/** The request signature message: `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n` (URL = path plus query). */
export function wechatRequestMessage(method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** SHA256 with RSA (PKCS#1 v1.5), base64. */
export function wechatSign(message: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function wechatAuthorization(fields: { mchid: string; nonce: string; timestamp: string; serialNo: string; signature: string }): string {
  const { mchid, nonce, timestamp, serialNo, signature } = fields;
  return `${SIGNATURE_TYPE} mchid="${mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${serialNo}"`;
}

/** The JSAPI paySign message: `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function wechatJsapiMessage(appId: string, timeStamp: string, nonceStr: string, pkg: string): string {
  return `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`;
}

/** The message WeChat signs on answers and notifications: `timestamp\nnonce\nbody\n`, over the body's exact bytes. */
export function wechatResponseMessage(timestamp: string, nonce: string, body: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'), Buffer.from('\n')]);
}

/** AEAD_AES_256_GCM with the APIv3 key: ciphertext is base64 of encrypted bytes followed by the 16-byte tag. */
export function decryptWechatResource(resource: { ciphertext: string; nonce: string; associated_data?: string }, apiV3Key: string): string {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('APIv3 key must be 32 bytes');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/**
 * A platform key from a setting: an X.509 platform certificate (its serial number is read from it
 * unless given) or a WeChat Pay public key, which needs its id (PUB_KEY_ID_…) as `serial`.
 */
export function wechatPlatformKey(material: string, serial?: string): WechatPlatformKey {
  const text = readKeyText(material);
  if (text.includes('BEGIN CERTIFICATE')) {
    const cert = new X509Certificate(text);
    return { serial: (serial?.trim() || cert.serialNumber).toUpperCase(), key: cert.publicKey };
  }
  if (!serial?.trim()) {
    throw new Error('WeChat Pay public key mode needs the key id (PUB_KEY_ID_…) as the platform serial (WECHAT_PAY_PLATFORM_SERIAL)');
  }
  return { serial: serial.trim(), key: loadPublicKey(text) };
}

interface Transaction {
  mchid?: unknown;
  appid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  amount?: { total?: unknown };
}

/** WeChat Pay API v3, direct merchant: Native (QR), JSAPI (inside WeChat) and H5 payments. */
export class WechatPay implements PayProvider {
  readonly name = 'wechat' as const;
  readonly channels = ['wxpay'] as const;
  private readonly apiBase: string;
  private readonly privateKey: KeyObject;
  private readonly doFetch: typeof fetch;
  private readonly now: () => number;
  private readonly nonce: () => string;
  /** Trusted platform keys by upper-case serial: the configured ones plus the downloaded certificates. */
  private readonly keys = new Map<string, KeyObject>();
  private readonly configuredSerials: Set<string>;
  private refreshing: Promise<void> | null = null;
  private lastRefreshAt = -Infinity;
  private lastAttemptAt = -Infinity;
  private readonly downloads: boolean;

  constructor(private readonly opts: WechatPayOptions) {
    if (Buffer.byteLength(opts.apiV3Key, 'utf8') !== 32) throw new Error('WeChat Pay APIv3 key must be 32 bytes');
    if (opts.platformKeys.length === 0) throw new Error('WeChat Pay needs at least one platform certificate or public key');
    this.apiBase = trimSlash(opts.apiBase ?? 'https://api.mch.weixin.qq.com');
    this.privateKey = loadPrivateKey(opts.privateKey);
    this.doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
    this.now = opts.now ?? (() => Date.now());
    this.nonce = opts.nonce ?? (() => randomNonce());
    for (const k of opts.platformKeys) this.keys.set(k.serial.toUpperCase(), k.key);
    this.configuredSerials = new Set(this.keys.keys());
    // A merchant on the WeChat Pay public key (PUB_KEY_ID_…) has no platform certificates to download.
    this.downloads = opts.downloadCertificates ?? ![...this.configuredSerials].some((s) => s.startsWith('PUB_KEY_ID_'));
  }

  /** The platform serials whose signatures are accepted now. */
  trustedSerials(): string[] {
    return [...this.keys.keys()];
  }

  /**
   * Downloads the platform certificates (GET /v3/certificates): each one is AES-256-GCM encrypted
   * with the APIv3 key, decrypted here, checked (its serial, its validity) and kept by serial; the
   * answer's own signature must verify with a key already trusted or one just downloaded. One
   * refresh runs at a time; failures are logged and leave the trusted keys as they were.
   */
  refreshCertificates(): Promise<void> {
    if (!this.downloads) return Promise.resolve();
    this.refreshing ??= this.downloadCertificates()
      .catch((err: unknown) => this.opts.log?.warn(`WeChat Pay platform certificates not refreshed: ${(err as Error).message}`))
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async downloadCertificates(): Promise<void> {
    this.lastAttemptAt = this.now();
    const res = await this.request('GET', '/v3/certificates', undefined, { verify: false });
    if (res.status < 200 || res.status >= 300) throw this.failure('下载平台证书失败', res);
    const list = Array.isArray(res.json.data) ? res.json.data : [];
    const fresh = new Map<string, KeyObject>();
    for (const item of list) {
      if (!isRecord(item) || typeof item.serial_no !== 'string' || !isRecord(item.encrypt_certificate)) continue;
      const enc = item.encrypt_certificate;
      if (enc.algorithm !== 'AEAD_AES_256_GCM' || typeof enc.ciphertext !== 'string' || typeof enc.nonce !== 'string') continue;
      let cert: X509Certificate;
      try {
        const pem = decryptWechatResource(
          { ciphertext: enc.ciphertext, nonce: enc.nonce, associated_data: typeof enc.associated_data === 'string' ? enc.associated_data : '' },
          this.opts.apiV3Key,
        );
        cert = new X509Certificate(pem);
      } catch {
        this.opts.log?.warn(`WeChat Pay platform certificate ${item.serial_no} could not be decrypted with the APIv3 key; ignored`);
        continue;
      }
      const serial = item.serial_no.toUpperCase();
      if (cert.serialNumber.toUpperCase() !== serial) continue;
      if (Date.parse(cert.validTo) <= this.now() || Date.parse(cert.validFrom) > this.now() + MAX_SKEW_SECONDS * 1000) continue;
      fresh.set(serial, cert.publicKey);
    }
    if (fresh.size === 0) throw new Error('the answer held no usable certificate');
    const union = new Map([...this.keys, ...fresh]);
    this.verifySigned((name) => res.headers.get(name) ?? undefined, Buffer.from(res.text, 'utf8'), union);
    // Configured keys stay; downloaded ones are replaced by the latest list.
    for (const serial of [...this.keys.keys()]) if (!this.configuredSerials.has(serial)) this.keys.delete(serial);
    for (const [serial, key] of fresh) this.keys.set(serial, key);
    this.lastRefreshAt = this.now();
    this.opts.log?.info(`WeChat Pay platform serials trusted: ${this.trustedSerials().join(', ')}`);
  }

  /** Refreshes when the certificates are old, or once per cooldown when a message names an unknown serial. */
  private async ensureSerial(serial: string | undefined): Promise<void> {
    if (!this.downloads) return;
    const now = this.now();
    const unknown = !!serial && !this.keys.has(serial.toUpperCase());
    if (now - this.lastRefreshAt > CERT_REFRESH_MS && now - this.lastAttemptAt > CERT_UNKNOWN_SERIAL_COOLDOWN_MS) await this.refreshCertificates();
    else if (unknown && now - this.lastAttemptAt > CERT_UNKNOWN_SERIAL_COOLDOWN_MS) await this.refreshCertificates();
    else if (this.refreshing) await this.refreshing;
  }

  async createPayment(order: PayOrder): Promise<PaymentAction> {
    if (order.channel !== 'wxpay') throw new PayRequestError('微信支付只支持微信渠道');
    const body: Record<string, unknown> = {
      appid: this.opts.appid,
      mchid: this.opts.mchid,
      description: truncateUtf8(order.subject, 127) || '商品',
      out_trade_no: order.orderNo,
      notify_url: order.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
    };
    if (order.mode === 'jsapi') {
      if (!order.openid) throw new PayRequestError('微信内支付需要先获取用户的 openid');
      body.payer = { openid: order.openid };
      const { json } = await this.expectOk('POST', '/v3/pay/transactions/jsapi', body);
      const prepayId = typeof json.prepay_id === 'string' ? json.prepay_id : '';
      if (!prepayId) throw new PayRequestError('微信支付下单失败：未返回 prepay_id');
      return { kind: 'jsapi', params: this.jsapiParams(prepayId) };
    }
    if (order.mode === 'h5' || order.mode === 'redirect') {
      body.scene_info = { payer_client_ip: order.clientIp || '127.0.0.1', h5_info: { type: 'Wap' } };
      const { json } = await this.expectOk('POST', '/v3/pay/transactions/h5', body);
      const h5Url = typeof json.h5_url === 'string' ? json.h5_url : '';
      if (!h5Url) throw new PayRequestError('微信支付下单失败：未返回 h5_url');
      return { kind: 'redirect', url: withQuery(h5Url, { redirect_url: order.returnUrl }) };
    }
    const { json } = await this.expectOk('POST', '/v3/pay/transactions/native', body);
    const codeUrl = typeof json.code_url === 'string' ? json.code_url : '';
    if (!codeUrl) throw new PayRequestError('微信支付下单失败：未返回 code_url');
    return { kind: 'qr', qrContent: codeUrl };
  }

  /** The signed parameters for WeixinJSBridge getBrandWCPayRequest. */
  jsapiParams(prepayId: string): WechatJsapiParams {
    const timeStamp = String(Math.floor(this.now() / 1000));
    const nonceStr = this.nonce();
    const pkg = `prepay_id=${prepayId}`;
    const paySign = wechatSign(wechatJsapiMessage(this.opts.appid, timeStamp, nonceStr, pkg), this.privateKey);
    return { appId: this.opts.appid, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  async verifyNotification(req: NotificationRequest): Promise<PayNotification> {
    const raw = Buffer.isBuffer(req.rawBody) ? req.rawBody : Buffer.from(req.rawBody ?? '', 'utf8');
    await this.ensureSerial(headerValue(req.headers, 'Wechatpay-Serial'));
    this.verifySigned((name) => headerValue(req.headers, name), raw);

    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new NotificationRejected('通知不是 JSON', 'format');
    }
    const resource = isRecord(body) && isRecord(body.resource) ? body.resource : undefined;
    if (!resource || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
      throw new NotificationRejected('通知缺少加密资源', 'format');
    }
    if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new NotificationRejected('不支持的加密算法', 'format');
    let plain: string;
    try {
      plain = decryptWechatResource(
        {
          ciphertext: resource.ciphertext,
          nonce: resource.nonce,
          associated_data: typeof resource.associated_data === 'string' ? resource.associated_data : '',
        },
        this.opts.apiV3Key,
      );
    } catch {
      throw new NotificationRejected('通知资源解密失败', 'signature');
    }
    let tx: unknown;
    try {
      tx = JSON.parse(plain);
    } catch {
      throw new NotificationRejected('通知资源不是 JSON', 'format');
    }
    return this.transactionResult(tx);
  }

  notificationAck(ok: boolean, message?: string): NotificationAck {
    return ok
      ? { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
      : { status: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: message || '失败' }) };
  }

  async queryOrder(orderNo: string): Promise<PayNotification | null> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.opts.mchid)}`;
    const res = await this.request('GET', path);
    if (res.status === 404 || res.json.code === 'ORDER_NOT_EXIST') return null;
    if (res.status < 200 || res.status >= 300) throw this.failure('微信支付查单失败', res);
    try {
      return this.transactionResult(res.json);
    } catch (err) {
      throw new PayRequestError(`微信支付查单失败：${(err as Error).message}`);
    }
  }

  /**
   * Checks Wechatpay-Signature over `timestamp\nnonce\nbody\n` with the platform key named by
   * Wechatpay-Serial, and that the timestamp is fresh. Throws NotificationRejected.
   */
  private verifySigned(header: (name: string) => string | undefined, body: Buffer, keys: Map<string, KeyObject> = this.keys): void {
    const timestamp = header('Wechatpay-Timestamp');
    const nonce = header('Wechatpay-Nonce');
    const signature = header('Wechatpay-Signature');
    const serial = header('Wechatpay-Serial');
    const type = header('Wechatpay-Signature-Type');
    if (!timestamp || !nonce || !signature || !serial) throw new NotificationRejected('缺少微信支付签名头', 'format');
    if (type && type !== SIGNATURE_TYPE) throw new NotificationRejected(`不支持的签名类型 ${type}`, 'format');
    if (!/^\d{1,12}$/.test(timestamp)) throw new NotificationRejected('签名时间戳格式错误', 'format');
    if (Math.abs(this.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) {
      throw new NotificationRejected('签名时间戳已过期', 'stale');
    }
    const platform = keys.get(serial.toUpperCase());
    if (!platform) throw new NotificationRejected(`未知的微信支付平台证书序列号 ${serial}`, 'signature');
    let valid: boolean;
    try {
      valid = createVerify('RSA-SHA256').update(wechatResponseMessage(timestamp, nonce, body)).verify(platform, signature, 'base64');
    } catch {
      valid = false;
    }
    if (!valid) throw new NotificationRejected('微信支付签名验证失败', 'signature');
  }

  private transactionResult(value: unknown): PayNotification {
    if (!isRecord(value)) throw new NotificationRejected('交易数据格式错误', 'format');
    const tx = value as Transaction;
    if (tx.mchid !== this.opts.mchid) throw new NotificationRejected('商户号不匹配', 'mismatch');
    if (tx.appid !== undefined && tx.appid !== this.opts.appid) throw new NotificationRejected('AppID 不匹配', 'mismatch');
    const total = tx.amount?.total;
    if (typeof tx.out_trade_no !== 'string' || !tx.out_trade_no || typeof tx.trade_state !== 'string' || !Number.isSafeInteger(total) || (total as number) < 0) {
      throw new NotificationRejected('交易数据缺少订单号、状态或金额', 'format');
    }
    const tradeNo = typeof tx.transaction_id === 'string' ? tx.transaction_id : '';
    // A paid trade always has WeChat's own number; only unpaid ones (queried) come without.
    if (tx.trade_state === 'SUCCESS' && !tradeNo) throw new NotificationRejected('交易数据缺少微信支付订单号', 'format');
    return {
      orderNo: tx.out_trade_no,
      gatewayTradeNo: tradeNo,
      amountFen: total as number,
      paid: tx.trade_state === 'SUCCESS',
      gatewayStatus: tx.trade_state,
    };
  }

  private async request(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    body?: unknown,
    opts: { verify?: boolean } = {},
  ): Promise<{ status: number; json: Record<string, unknown>; headers: Headers; text: string }> {
    const bodyText = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(this.now() / 1000));
    const nonce = this.nonce();
    const signature = wechatSign(wechatRequestMessage(method, pathWithQuery, timestamp, nonce, bodyText), this.privateKey);
    const headers: Record<string, string> = {
      Authorization: wechatAuthorization({ mchid: this.opts.mchid, nonce, timestamp, serialNo: this.opts.serialNo, signature }),
      Accept: 'application/json',
      'User-Agent': 'zhida-server/1.0 (+node)',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await callGateway(
      this.doFetch,
      GATEWAY,
      `${this.apiBase}${pathWithQuery}`,
      { method, headers, body: body === undefined ? undefined : bodyText },
      this.opts.timeoutMs ?? PAY_TIMEOUT_MS,
    );
    if (res.status >= 200 && res.status < 300 && opts.verify !== false) {
      // A success is trusted only when signed by the platform, as the official SDKs require.
      await this.ensureSerial(res.headers.get('Wechatpay-Serial') ?? undefined);
      try {
        this.verifySigned((name) => res.headers.get(name) ?? undefined, Buffer.from(res.text, 'utf8'));
      } catch (err) {
        throw new PayRequestError(`微信支付应答验签失败：${(err as Error).message}`);
      }
    }
    let json: Record<string, unknown> = {};
    if (res.text) {
      try {
        const parsed: unknown = JSON.parse(res.text);
        if (isRecord(parsed)) json = parsed;
      } catch {
        throw new PayRequestError(`${GATEWAY}返回了无法识别的响应（HTTP ${res.status}）`);
      }
    }
    return { status: res.status, json, headers: res.headers, text: res.text };
  }

  private async expectOk(method: 'POST', path: string, body: unknown) {
    const res = await this.request(method, path, body);
    if (res.status < 200 || res.status >= 300) throw this.failure('微信支付下单失败', res);
    return res;
  }

  private failure(what: string, res: { status: number; json: Record<string, unknown> }): PayRequestError {
    const code = typeof res.json.code === 'string' ? res.json.code : undefined;
    const message = typeof res.json.message === 'string' ? res.json.message : `HTTP ${res.status}`;
    return new PayRequestError(`${what}：${message}`, code);
  }
}
