import { createHash, createPrivateKey, createPublicKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { guardRefusal } from '../../core/safe-fetch.ts';
import { NotificationRejected, PayRequestError, type NotificationAck, type NotificationRequest } from './types.ts';

export const PAY_TIMEOUT_MS = 15_000;

export type Params = Record<string, string>;

/**
 * `k1=v1&k2=v2…` over the keys sorted by code unit (ASCII order for the gateways' keys), raw values
 * (no URL encoding), leaving out `exclude` and, when `dropEmpty`, keys whose value is ''.
 */
export function sortedPairs(params: Params, opts: { exclude: readonly string[]; dropEmpty: boolean }): string {
  return Object.keys(params)
    .filter((k) => !opts.exclude.includes(k) && !(opts.dropEmpty && params[k] === ''))
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests, case-insensitive; false for anything that is not hex of the same length. */
export function hexEquals(expected: string, given: string): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]+$/.test(given) || given.length !== expected.length || given.length % 2) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** Random upper-case hex (32 characters by default): the nonce style the gateways' own samples use. */
export function randomNonce(bytes = 16): string {
  return randomBytes(bytes).toString('hex').toUpperCase();
}

/** Appends query parameters with strict percent-encoding (spaces as %20, not '+'). */
export function withQuery(base: string, params: Params): string {
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

export function formBody(params: Params): string {
  return new URLSearchParams(params).toString();
}

/** The single value of a request header, matched case-insensitively. */
export function headerValue(headers: NotificationRequest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
    return value;
  }
  return undefined;
}

function singleValued(source: Record<string, string | string[] | undefined>): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      // A repeated parameter is how signature-bypass tricks start; gateways never send one.
      if (value.length !== 1) throw new NotificationRejected(`参数 ${key} 重复`, 'format');
      out[key] = value[0]!;
    } else if (typeof value === 'string') {
      out[key] = value;
    } else {
      throw new NotificationRejected(`参数 ${key} 格式错误`, 'format');
    }
  }
  return out;
}

function parseUrlEncoded(text: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(out, key)) throw new NotificationRejected(`参数 ${key} 重复`, 'format');
    out[key] = value;
  }
  return out;
}

const bodyText = (raw: string | Buffer) => (typeof raw === 'string' ? raw : raw.toString('utf8'));

/**
 * The key-value parameters of a notification: the parsed form when the HTTP layer gave one, else
 * the raw body parsed as application/x-www-form-urlencoded, else the query string. `prefer: 'query'`
 * takes the query first when it carries a `sign` (gateways that notify by GET; a notify URL's own
 * query parameters alone do not count). Repeated keys are rejected.
 */
export function notificationParams(req: NotificationRequest, prefer: 'body' | 'query' = 'body'): Params {
  const query = singleValued(req.query ?? {});
  if (prefer === 'query' && Object.hasOwn(query, 'sign')) return query;
  const form = singleValued(req.form ?? {});
  if (Object.keys(form).length > 0) return form;
  const text = bodyText(req.rawBody ?? '').trim();
  if (text && !text.startsWith('{') && !text.startsWith('<')) return parseUrlEncoded(text);
  return query;
}

/** Fields that must be present and non-empty, or the notification is malformed. */
export function requireFields<K extends string>(params: Params, keys: readonly K[]): Record<K, string> {
  const missing = keys.filter((k) => typeof params[k] !== 'string' || params[k] === '');
  if (missing.length) throw new NotificationRejected(`通知缺少字段：${missing.join(', ')}`, 'format');
  return params as Record<K, string>;
}

export function textAck(ok: boolean, success: string, failure: string): NotificationAck {
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? success : failure };
}

// ---- keys ----

/**
 * PEM text as given in a setting: the PEM itself (a literal "\n" in a one-line env value becomes a
 * newline), or the path of a file holding it. Anything else comes back as it is (bare base64).
 */
export function readKeyText(value: string): string {
  const v = value.trim();
  if (v.includes('-----BEGIN')) return v.replace(/\\n/g, '\n');
  if (v.length < 4096 && existsSync(v)) return readFileSync(v, 'utf8').trim();
  return v;
}

function derFromBase64(text: string): Buffer {
  return Buffer.from(text.replace(/\s+/g, ''), 'base64');
}

/** A private key from PEM (PKCS#8 or PKCS#1), a file path, or bare base64 DER (what Alipay's key tool emits). */
export function loadPrivateKey(value: string | KeyObject): KeyObject {
  if (typeof value !== 'string') return value;
  const text = readKeyText(value);
  if (text.includes('-----BEGIN')) return createPrivateKey(text);
  const der = derFromBase64(text);
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** A public key from PEM (SPKI, PKCS#1 or an X.509 certificate), a file path, or bare base64 SPKI DER. */
export function loadPublicKey(value: string | KeyObject): KeyObject {
  if (typeof value !== 'string') return value;
  const text = readKeyText(value);
  if (text.includes('-----BEGIN')) return createPublicKey(text);
  const der = derFromBase64(text);
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

// ---- HTTP ----

export interface GatewayAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** One request to a gateway; network failures and timeouts become PayRequestError naming the gateway. */
export async function callGateway(
  doFetch: typeof fetch,
  gatewayName: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<GatewayAnswer> {
  try {
    const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') {
      throw new PayRequestError(`${gatewayName}响应超时，请稍后重试`);
    }
    const refused = guardRefusal(err);
    if (refused) throw new PayRequestError(`无法连接${gatewayName}：${refused.message}`);
    const code = (err as { cause?: { code?: unknown } }).cause?.code;
    throw new PayRequestError(`无法连接${gatewayName}${typeof code === 'string' ? `（${code}）` : ''}，请稍后重试`);
  }
}

export function parseJson(text: string, gatewayName: string, status: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PayRequestError(`${gatewayName}返回了无法识别的响应（HTTP ${status}）`);
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON scalar as the string a PHP gateway would have signed (numbers and strings only). */
export function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

export const trimSlash = (url: string) => url.trim().replace(/\/+$/, '');

/** Cuts `text` to at most `maxBytes` of UTF-8 without splitting a character (gateways limit names in bytes). */
export function truncateUtf8(text: string, maxBytes: number): string {
  let out = '';
  let used = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (used + size > maxBytes) break;
    out += ch;
    used += size;
  }
  return out;
}
