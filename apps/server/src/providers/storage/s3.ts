/**
 * Any S3-compatible store (AWS S3, MinIO, Tencent COS, Aliyun OSS…) over its REST API, signed with
 * AWS Signature Version 4: header signing for the server's own calls, query-string presigning for
 * the slice URLs the browser PUTs to.
 */
import { createHash, createHmac } from 'node:crypto';
import { UPLOAD_SLICE_BYTES } from '@app/shared';
import { guardRefusal } from '../../core/safe-fetch.ts';
import {
  checkUploadRequest,
  partCount,
  partLength,
  UploadIncompleteError,
  type StorageProvider,
  type UploadPlan,
} from './types.ts';

export interface S3StorageOptions {
  /** e.g. `https://s3.us-east-1.amazonaws.com`, `http://127.0.0.1:9000`; default from the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO) instead of `bucket.endpoint/key`. */
  forcePathStyle?: boolean;
  /** Base URL that public objects are served from (a CDN); default the bucket's own URL. */
  publicUrl?: string;
  /** Per request; default 120 s (a 50 MB object over a slow link). */
  timeoutMs?: number;
  /** The time server-side requests are signed with (S3 refuses more than 15 minutes of skew). */
  now?: () => number;
  /** How requests go out (default the global fetch; a guarded one when the endpoint came from the admin console). */
  fetch?: typeof fetch;
}

/** An error answer of the store (`code` as S3 names it, e.g. NoSuchUpload). */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`S3 ${status} ${code}: ${message}`);
  }
}

// ---- Signature V4 ----

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** SigV4's URI encoding: every byte but A-Z a-z 0-9 - _ . ~ (and `/` in paths) as %XX, upper case. */
export function uriEncode(text: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const unreserved =
      (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x5f || byte === 0x2e || byte === 0x7e;
    if (unreserved || (keepSlash && byte === 0x2f)) out += String.fromCharCode(byte);
    else out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** `k=v&…` sorted by encoded name then value, each side URI-encoded (also the query we send). */
function canonicalQuery(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]): [string, string] => [uriEncode(k), uriEncode(v)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** `20261122T040000Z` */
const amzDate = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/[-:]/g, '').replace('.000', '');

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED = 'UNSIGNED-PAYLOAD';

interface Signer {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** The signature of one canonical request; returns the credential scope with it. */
function signRequest(s: Signer, date: string, canonical: string) {
  const scope = `${date.slice(0, 8)}/${s.region}/s3/aws4_request`;
  const toSign = [ALGORITHM, date, scope, sha256(canonical)].join('\n');
  let key = hmac('AWS4' + s.secretAccessKey, date.slice(0, 8));
  for (const part of [s.region, 's3', 'aws4_request']) key = hmac(key, part);
  return { scope, signature: createHmac('sha256', key).update(toSign, 'utf8').digest('hex') };
}

/** The Authorization and x-amz-* headers of a request signed in its headers. */
export function signHeaders(
  s: Signer,
  req: { method: string; host: string; path: string; query: string; headers: Record<string, string>; payloadHash: string; now: number },
): Record<string, string> {
  const date = amzDate(req.now);
  const headers: Record<string, string> = { ...req.headers, 'x-amz-content-sha256': req.payloadHash, 'x-amz-date': date };
  const all: Record<string, string> = { host: req.host };
  for (const [k, v] of Object.entries(headers)) all[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  const names = Object.keys(all).sort();
  const signedHeaders = names.join(';');
  const canonical = [req.method, req.path, req.query, names.map((n) => `${n}:${all[n]}\n`).join(''), signedHeaders, req.payloadHash].join('\n');
  const { scope, signature } = signRequest(s, date, canonical);
  return { ...headers, authorization: `${ALGORITHM} Credential=${s.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}

/** A URL that allows `method` on `path` without other credentials for `expiresIn` seconds from `now`. */
export function presignUrl(
  s: Signer,
  req: { method: string; origin: string; host: string; path: string; params: Record<string, string>; now: number; expiresIn: number },
): string {
  const date = amzDate(req.now);
  const scope = `${date.slice(0, 8)}/${s.region}/s3/aws4_request`;
  const params = {
    ...req.params,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${s.accessKeyId}/${scope}`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(req.expiresIn),
    'X-Amz-SignedHeaders': 'host',
  };
  const query = canonicalQuery(params);
  const canonical = [req.method, req.path, query, `host:${req.host}\n`, 'host', UNSIGNED].join('\n');
  const { signature } = signRequest(s, date, canonical);
  return `${req.origin}${req.path}?${query}&X-Amz-Signature=${signature}`;
}

// ---- XML ----

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'apos' ? "'" : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
/** The text of the first `<name>` element (no attributes expected, as in S3's answers). */
const xmlText = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? unescapeXml(m[1]!) : null;
};
const xmlBlocks = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1]!);

// ---- keys ----

/** What S3 stores and we accept: 1..1024 bytes, no leading slash, no empty, `.` or `..` segment, no control character. */
export function isValidObjectKey(key: string): boolean {
  if (!key || Buffer.byteLength(key, 'utf8') > 1024) return false;
  if (key.split('/').some((seg) => seg === '' || seg === '.' || seg === '..')) return false;
  for (const ch of key) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || c === 0x7f || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

function checkKey(key: string) {
  if (!isValidObjectKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

interface ListedPart {
  partNumber: number;
  etag: string;
  size: number;
}

export class S3Storage implements StorageProvider {
  readonly name = 's3' as const;
  readonly partSize = UPLOAD_SLICE_BYTES;
  readonly bucket: string;
  readonly region: string;
  private signer: Signer;
  private protocol: string;
  /** Host (with port) and path prefix of the bucket's URLs. */
  private host: string;
  private basePath: string;
  private publicBase: string;
  private timeoutMs: number;
  private now: () => number;
  private readonly doFetch: typeof fetch;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.region = opts.region;
    this.signer = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey, region: opts.region };
    const endpoint = new URL(opts.endpoint ?? `https://s3.${opts.region}.amazonaws.com`);
    this.protocol = endpoint.protocol;
    const prefix = endpoint.pathname.replace(/\/+$/, '');
    if (opts.forcePathStyle) {
      this.host = endpoint.host;
      this.basePath = `${prefix}/${uriEncode(opts.bucket)}`;
    } else {
      this.host = `${opts.bucket}.${endpoint.host}`;
      this.basePath = prefix;
    }
    this.publicBase = (opts.publicUrl ?? this.bucketUrl).replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 120_000;
    this.now = opts.now ?? Date.now;
    this.doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The bucket's own URL, e.g. `https://b.s3.us-east-1.amazonaws.com` or `http://127.0.0.1:9000/b`. */
  get bucketUrl() {
    return `${this.protocol}//${this.host}${this.basePath}`;
  }

  private objectPath(key: string) {
    return `${this.basePath}/${uriEncode(key, true)}`;
  }

  /** The object's URL under the bucket (not signed). */
  objectUrl(key: string) {
    checkKey(key);
    return `${this.protocol}//${this.host}${this.objectPath(key)}`;
  }

  /** One request signed in its headers; answers are returned as they are, errors included. */
  private async request(method: string, key: string, params: Record<string, string> = {}, opts: { body?: Buffer | string; headers?: Record<string, string> } = {}) {
    checkKey(key);
    const path = this.objectPath(key);
    const query = canonicalQuery(params);
    const body = opts.body === undefined ? undefined : Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body, 'utf8');
    const headers = signHeaders(this.signer, {
      method,
      host: this.host,
      path,
      query,
      headers: opts.headers ?? {},
      payloadHash: sha256(body ?? ''),
      now: this.now(),
    });
    const url = `${this.protocol}//${this.host}${path}${query ? `?${query}` : ''}`;
    return this.doFetch(url, {
      method,
      headers,
      body: body ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : undefined,
      signal: AbortSignal.timeout(this.timeoutMs),
    }).catch((e: unknown) => {
      // A connection the guard refused says why, not just "fetch failed".
      throw guardRefusal(e) ?? e;
    });
  }

  private async error(res: Response): Promise<S3Error> {
    return this.errorOf(res, await res.text().catch(() => ''));
  }

  private errorOf(res: Response, text: string) {
    return new S3Error(res.status, xmlText(text, 'Code') ?? `Http${res.status}`, xmlText(text, 'Message') ?? (text.slice(0, 200) || res.statusText));
  }

  async put(key: string, body: Buffer, contentType: string) {
    const res = await this.request('PUT', key, {}, { body, headers: { 'content-type': contentType || 'application/octet-stream' } });
    if (!res.ok) throw await this.error(res);
    await res.arrayBuffer();
    return { key, url: `${this.publicBase}/${uriEncode(key, true)}` };
  }

  async get(key: string) {
    if (!isValidObjectKey(key)) return null;
    const res = await this.request('GET', key);
    if (res.status === 404) {
      const err = await this.error(res);
      if (err.code === 'NoSuchKey' || err.code === 'Http404') return null;
      throw err;
    }
    if (!res.ok) throw await this.error(res);
    return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  /** The stored size of the object; null when there is none. */
  async head(key: string): Promise<{ size: number; contentType: string } | null> {
    const res = await this.request('HEAD', key);
    if (res.status === 404) return null;
    if (!res.ok) throw new S3Error(res.status, `Http${res.status}`, 'HeadObject failed');
    return { size: Number(res.headers.get('content-length') ?? 0), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async delete(key: string) {
    if (!isValidObjectKey(key)) return;
    const res = await this.request('DELETE', key);
    if (!res.ok && res.status !== 404) throw await this.error(res);
    await res.arrayBuffer();
  }

  keyOf(url: string) {
    for (const base of new Set([this.publicBase, this.bucketUrl])) {
      if (!url.startsWith(base + '/')) continue;
      const rest = url.slice(base.length + 1);
      if (/[?#]/.test(rest)) return null;
      try {
        const key = rest.split('/').map(decodeURIComponent).join('/');
        return isValidObjectKey(key) ? key : null;
      } catch {
        return null;
      }
    }
    return null;
  }

  async createUpload(key: string, size: number, contentType: string, expiresInSeconds: number, now: number): Promise<UploadPlan> {
    checkKey(key);
    checkUploadRequest(size, expiresInSeconds, this.partSize);
    const res = await this.request('POST', key, { uploads: '' }, { headers: { 'content-type': contentType || 'application/octet-stream' } });
    const text = await res.text();
    const uploadId = res.ok ? xmlText(text, 'UploadId') : null;
    if (!uploadId) throw res.ok ? new S3Error(res.status, 'MalformedAnswer', 'no UploadId in CreateMultipartUpload answer') : this.errorOf(res, text);
    const parts = Array.from({ length: partCount(size, this.partSize) }, (_, i) => ({
      partNumber: i + 1,
      url: presignUrl(this.signer, {
        method: 'PUT',
        origin: `${this.protocol}//${this.host}`,
        host: this.host,
        path: this.objectPath(key),
        params: { partNumber: String(i + 1), uploadId },
        now,
        expiresIn: expiresInSeconds,
      }),
      headers: {},
    }));
    const expiresAt = Math.floor(now / 1000) * 1000 + expiresInSeconds * 1000;
    return { uploadId, key, partSize: this.partSize, parts, expiresAt, bucket: this.bucket, region: this.region };
  }

  /** Every part uploaded so far, following the pages of ListParts; null when the upload does not exist. */
  async listParts(key: string, uploadId: string): Promise<ListedPart[] | null> {
    const parts: ListedPart[] = [];
    let marker = 0;
    for (let page = 0; page < 10_001; page++) {
      const params: Record<string, string> = { uploadId };
      if (marker) params['part-number-marker'] = String(marker);
      const res = await this.request('GET', key, params);
      const text = await res.text();
      if (!res.ok) {
        const err = this.errorOf(res, text);
        if (err.code === 'NoSuchUpload') return null;
        throw err;
      }
      for (const block of xmlBlocks(text, 'Part')) {
        parts.push({ partNumber: Number(xmlText(block, 'PartNumber')), etag: xmlText(block, 'ETag') ?? '', size: Number(xmlText(block, 'Size')) });
      }
      if (xmlText(text, 'IsTruncated') !== 'true') return parts;
      const next = Number(xmlText(text, 'NextPartNumberMarker'));
      if (!Number.isInteger(next) || next <= marker) throw new S3Error(res.status, 'MalformedAnswer', 'ListParts is truncated without a next marker');
      marker = next;
    }
    throw new S3Error(200, 'MalformedAnswer', 'ListParts never ends');
  }

  /** Idempotency: an upload that is gone is done when its object is there. */
  private async alreadyCompleted(key: string, uploadId: string) {
    const obj = await this.head(key);
    if (obj) return { size: obj.size };
    throw new UploadIncompleteError(`no upload ${uploadId} for ${key}`, 'no-upload');
  }

  async completeUpload(key: string, uploadId: string, size: number): Promise<{ size: number }> {
    checkKey(key);
    const listed = await this.listParts(key, uploadId);
    if (!listed) return this.alreadyCompleted(key, uploadId);

    const byNumber = new Map(listed.map((p) => [p.partNumber, p]));
    const count = partCount(size, this.partSize);
    const chosen: ListedPart[] = [];
    for (let n = 1; n <= count; n++) {
      const part = byNumber.get(n);
      if (!part) throw new UploadIncompleteError(`slice ${n} of ${count} is missing`, 'missing-part');
      if (part.size !== partLength(size, this.partSize, n)) throw new UploadIncompleteError(`slice ${n} has ${part.size} bytes`, 'wrong-size');
      chosen.push(part);
    }
    const body =
      '<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      chosen.map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${escapeXml(p.etag)}</ETag></Part>`).join('') +
      '</CompleteMultipartUpload>';
    const res = await this.request('POST', key, { uploadId }, { body, headers: { 'content-type': 'application/xml' } });
    const text = await res.text();
    // S3 may answer 200 and report a failure in the body (it starts the answer before it knows).
    if (!res.ok || /<Error>/.test(text) || !/<CompleteMultipartUploadResult[\s>]/.test(text)) {
      const err = res.ok && !/<Error>/.test(text) ? new S3Error(res.status, 'MalformedAnswer', 'no CompleteMultipartUploadResult') : this.errorOf(res, text);
      if (err.code === 'NoSuchUpload') return this.alreadyCompleted(key, uploadId);
      if (err.code === 'InvalidPart' || err.code === 'InvalidPartOrder' || err.code === 'EntityTooSmall') {
        throw new UploadIncompleteError(err.message, 'missing-part');
      }
      throw err;
    }
    const obj = await this.head(key);
    return { size: obj?.size ?? size };
  }

  async abortUpload(key: string, uploadId: string): Promise<void> {
    const res = await this.request('DELETE', key, { uploadId });
    const text = await res.text();
    if (res.ok) return;
    const err = this.errorOf(res, text);
    if (err.code !== 'NoSuchUpload') throw err;
  }
}
