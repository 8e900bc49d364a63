/**
 * A local S3 stand-in for tests: node:http on 127.0.0.1, objects and multipart uploads in memory.
 * It checks every request's AWS Signature V4 (Authorization header or presigned query) with its own
 * implementation, written out again here from AWS's documentation and sharing no code with the
 * adapter, so a signing mistake in the adapter cannot be mirrored here. It answers with S3's XML
 * shapes and error codes.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Options {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
  /** Parts per ListParts page (S3: 1000), small to exercise pagination. */
  listPartsPageSize?: number;
  /** The smallest part but the last that CompleteMultipartUpload accepts (S3: 5 MiB). */
  minPartSize?: number;
  /** The fake's clock (ms). */
  now?: () => number;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
}

interface Upload {
  key: string;
  contentType: string;
  parts: Map<number, { body: Buffer; etag: string; at: number }>;
}

export interface FakeS3Call {
  method: string;
  key: string;
  query: Record<string, string>;
  auth: 'header' | 'presigned' | 'none';
  status: number;
  code?: string;
}

class S3Failure {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
  ) {}
}

const S3_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const MAX_SKEW_MS = 15 * 60 * 1000;

const hex256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const unxml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)))
    .replace(/&amp;/g, '&');

/** RFC 3986 encoding as SigV4 wants it: encodeURIComponent plus the five characters it leaves alone. */
const awsEscape = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/** `YYYYMMDD'T'HHMMSS'Z'` to ms; NaN when malformed. */
function parseAmzDate(s: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

export class FakeS3 {
  readonly objects = new Map<string, StoredObject>();
  readonly uploads = new Map<string, Upload>();
  readonly calls: FakeS3Call[] = [];
  /** When set, the next CompleteMultipartUpload answers 200 with an <Error> of this code in the body. */
  failNextCompleteWith: string | null = null;
  endpoint = '';
  private server?: Server;
  private readonly pageSize: number;
  private readonly minPartSize: number;
  private readonly now: () => number;

  constructor(private readonly opts: FakeS3Options) {
    this.pageSize = opts.listPartsPageSize ?? 1000;
    this.minPartSize = opts.minPartSize ?? 5 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.serve(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.endpoint;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((done) => this.server!.close(done));
  }

  private serve(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const rawPath = q < 0 ? raw : raw.slice(0, q);
    const rawQuery = q < 0 ? '' : raw.slice(q + 1);
    const call: FakeS3Call = { method, key: '', query: {}, auth: 'none', status: 200 };
    const send = (status: number, text: string | Buffer, headers: Record<string, string> = {}) => {
      call.status = status;
      this.calls.push(call);
      const out = method === 'HEAD' ? '' : text;
      res.writeHead(status, { 'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(), ...headers, ...(method === 'HEAD' ? {} : { 'content-length': String(Buffer.byteLength(out)) }) });
      res.end(out);
    };
    try {
      // The query, decoded, in the order given; a name without `=` has the empty value.
      const pairs: [string, string][] = rawQuery
        ? rawQuery.split('&').map((p) => {
            const eq = p.indexOf('=');
            return eq < 0 ? [decodeURIComponent(p), ''] : [decodeURIComponent(p.slice(0, eq)), decodeURIComponent(p.slice(eq + 1))];
          })
        : [];
      const query = Object.fromEntries(pairs);
      call.query = query;

      // Path-style (/bucket/key) or virtual-hosted (bucket.host/key).
      const segments = rawPath.split('/').slice(1).map((s) => decodeURIComponent(s));
      const host = String(req.headers.host ?? '');
      const virtual = host.startsWith(`${this.opts.bucket}.`);
      const bucket = virtual ? this.opts.bucket : segments.shift();
      const key = segments.join('/');
      call.key = key;

      call.auth = this.authenticate(method, rawPath, pairs, req, body);
      if (bucket !== this.opts.bucket) throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (!key) throw new S3Failure(400, 'InvalidRequest', 'This fake serves objects only');
      const answer = this.operate(method, key, query, req, body);
      send(answer.status, answer.body ?? '', answer.headers);
    } catch (e) {
      if (!(e instanceof S3Failure)) {
        call.code = 'InternalError';
        send(500, this.errorXml('InternalError', String(e), call.key), { 'content-type': 'application/xml' });
        return;
      }
      call.code = e.code;
      send(e.status, this.errorXml(e.code, e.message, call.key), { 'content-type': 'application/xml' });
    }
  }

  private errorXml(code: string, message: string, key: string) {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xml(message)}</Message><Key>${xml(key)}</Key><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`;
  }

  // ---- Signature V4, as S3 checks it ----

  private signingKey(day: string, region: string) {
    const step = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
    return step(step(step(step(`AWS4${this.opts.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  }

  private authenticate(method: string, rawPath: string, pairs: [string, string][], req: IncomingMessage, body: Buffer): 'header' | 'presigned' {
    // S3 signs the path as URI-encoded once, segment by segment, from its decoded form.
    const canonicalUri = rawPath
      .split('/')
      .map((s) => awsEscape(decodeURIComponent(s)))
      .join('/');
    // Sorted by encoded name, then by encoded value.
    const canonicalQueryOf = (list: [string, string][]) =>
      list
        .map(([k, v]) => [awsEscape(k), awsEscape(v)] as const)
        .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1))
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
    const headerLine = (name: string) => {
      const v = req.headers[name];
      return `${name}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/ +/g, ' ')}\n`;
    };
    const verify = (amzDate: string, scope: string, region: string, canonicalRequest: string, given: string) => {
      const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${hex256(canonicalRequest)}`;
      const expected = createHmac('sha256', this.signingKey(amzDate.slice(0, 8), region)).update(stringToSign).digest('hex');
      if (expected !== given) throw new S3Failure(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    };
    const checkCredential = (credential: string, amzDate: string) => {
      const [ak, day, region, service, terminal] = credential.split('/');
      if (ak !== this.opts.accessKeyId) throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
      if (region !== this.opts.region) throw new S3Failure(400, 'AuthorizationHeaderMalformed', `the region '${region}' is wrong; expecting '${this.opts.region}'`);
      if (service !== 's3' || terminal !== 'aws4_request' || day !== amzDate.slice(0, 8)) {
        throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
      }
      return { scope: `${day}/${region}/s3/aws4_request`, region };
    };

    const q = Object.fromEntries(pairs);
    if ('X-Amz-Algorithm' in q || 'X-Amz-Signature' in q) {
      for (const p of ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature']) {
        if (!q[p]) throw new S3Failure(400, 'AuthorizationQueryParametersError', `Query-string authentication requires ${p}`);
      }
      if (q['X-Amz-Algorithm'] !== 'AWS4-HMAC-SHA256') throw new S3Failure(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
      const amzDate = q['X-Amz-Date']!;
      const signedAt = parseAmzDate(amzDate);
      const expires = Number(q['X-Amz-Expires']);
      if (Number.isNaN(signedAt)) throw new S3Failure(400, 'AuthorizationQueryParametersError', 'X-Amz-Date must be in the ISO8601 Long Format');
      if (!Number.isInteger(expires) || expires < 1 || expires > 604800) {
        throw new S3Failure(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800 seconds');
      }
      const { scope, region } = checkCredential(q['X-Amz-Credential']!, amzDate);
      if (this.now() > signedAt + expires * 1000) throw new S3Failure(403, 'AccessDenied', 'Request has expired');
      const signed = q['X-Amz-SignedHeaders']!.split(';');
      if (!signed.includes('host')) throw new S3Failure(400, 'AuthorizationQueryParametersError', 'host must be signed');
      const canonicalRequest = [
        method,
        canonicalUri,
        canonicalQueryOf(pairs.filter(([k]) => k !== 'X-Amz-Signature')),
        signed.map(headerLine).join(''),
        signed.join(';'),
        q['X-Amz-Content-Sha256'] ?? 'UNSIGNED-PAYLOAD',
      ].join('\n');
      verify(amzDate, scope, region, canonicalRequest, q['X-Amz-Signature']!);
      return 'presigned';
    }

    const auth = req.headers.authorization;
    if (!auth) throw new S3Failure(403, 'AccessDenied', 'Access Denied');
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    const [, credential, signedHeaders, signature] = m as unknown as [string, string, string, string];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const signedAt = parseAmzDate(amzDate);
    if (Number.isNaN(signedAt)) throw new S3Failure(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    const { scope, region } = checkCredential(credential, amzDate);
    if (Math.abs(this.now() - signedAt) > MAX_SKEW_MS) {
      throw new S3Failure(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    }
    const signed = signedHeaders.split(';');
    if (!signed.includes('host')) throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'host must be signed');
    for (const name of Object.keys(req.headers)) {
      if (name.startsWith('x-amz-') && !signed.includes(name)) throw new S3Failure(403, 'AccessDenied', 'There were headers present in the request which were not signed');
    }
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== hex256(body)) {
      throw new S3Failure(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
    const canonicalRequest = [method, canonicalUri, canonicalQueryOf(pairs), signed.map(headerLine).join(''), signedHeaders, payloadHash].join('\n');
    verify(amzDate, scope, region, canonicalRequest, signature);
    return 'header';
  }

  // ---- operations ----

  private operate(
    method: string,
    key: string,
    query: Record<string, string>,
    req: IncomingMessage,
    body: Buffer,
  ): { status: number; body?: string | Buffer; headers?: Record<string, string> } {
    const xmlHeaders = { 'content-type': 'application/xml' };
    const uploadOf = (id: string | undefined) => {
      const up = id === undefined ? undefined : this.uploads.get(id);
      if (!up || up.key !== key) {
        throw new S3Failure(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');
      }
      return up;
    };

    if (method === 'PUT' && 'uploadId' in query) {
      const n = Number(query.partNumber);
      if (!Number.isInteger(n) || n < 1 || n > 10000) throw new S3Failure(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
      const up = uploadOf(query.uploadId);
      const etag = `"${md5(body)}"`;
      up.parts.set(n, { body, etag, at: this.now() });
      return { status: 200, headers: { etag } };
    }
    if (method === 'PUT') {
      const etag = `"${md5(body)}"`;
      this.objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), etag });
      return { status: 200, headers: { etag } };
    }
    if (method === 'POST' && 'uploads' in query) {
      const id = randomBytes(24).toString('base64url');
      this.uploads.set(id, { key, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), parts: new Map() });
      return {
        status: 200,
        headers: xmlHeaders,
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<InitiateMultipartUploadResult xmlns="${S3_NS}"><Bucket>${this.opts.bucket}</Bucket><Key>${xml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      };
    }
    if (method === 'POST' && 'uploadId' in query) return this.complete(key, query.uploadId, uploadOf(query.uploadId), body.toString('utf8'));
    if (method === 'GET' && 'uploadId' in query) {
      const up = uploadOf(query.uploadId);
      const marker = Number(query['part-number-marker'] ?? 0);
      const max = Math.min(this.pageSize, Number(query['max-parts'] ?? 1000));
      const after = [...up.parts.keys()].filter((n) => n > marker).sort((a, b) => a - b);
      const page = after.slice(0, max);
      const truncated = after.length > page.length;
      const parts = page
        .map((n) => {
          const p = up.parts.get(n)!;
          return `<Part><PartNumber>${n}</PartNumber><LastModified>${new Date(p.at).toISOString()}</LastModified><ETag>${xml(p.etag)}</ETag><Size>${p.body.length}</Size></Part>`;
        })
        .join('');
      return {
        status: 200,
        headers: xmlHeaders,
        body:
          `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="${S3_NS}"><Bucket>${this.opts.bucket}</Bucket><Key>${xml(key)}</Key><UploadId>${query.uploadId}</UploadId>` +
          `<Initiator><ID>fake</ID><DisplayName>fake</DisplayName></Initiator><Owner><ID>fake</ID><DisplayName>fake</DisplayName></Owner><StorageClass>STANDARD</StorageClass>` +
          `<PartNumberMarker>${marker}</PartNumberMarker>${truncated ? `<NextPartNumberMarker>${page[page.length - 1]}</NextPartNumberMarker>` : ''}<MaxParts>${max}</MaxParts>` +
          `<IsTruncated>${truncated}</IsTruncated>${parts}</ListPartsResult>`,
      };
    }
    if (method === 'DELETE' && 'uploadId' in query) {
      uploadOf(query.uploadId);
      this.uploads.delete(query.uploadId);
      return { status: 204 };
    }
    if (method === 'DELETE') {
      this.objects.delete(key);
      return { status: 204 };
    }
    if (method === 'GET' || method === 'HEAD') {
      const obj = this.objects.get(key);
      if (!obj) {
        if (method === 'HEAD') return { status: 404 };
        throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
      }
      return {
        status: 200,
        headers: { 'content-type': obj.contentType, etag: obj.etag, ...(method === 'HEAD' ? { 'content-length': String(obj.body.length) } : {}) },
        body: method === 'HEAD' ? '' : obj.body,
      };
    }
    throw new S3Failure(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  private complete(key: string, uploadId: string, up: Upload, text: string) {
    if (this.failNextCompleteWith) {
      const code = this.failNextCompleteWith;
      this.failNextCompleteWith = null;
      // S3 answers 200 first and may then report a failure in the body.
      return { status: 200, headers: { 'content-type': 'application/xml' }, body: `<?xml version="1.0" encoding="UTF-8"?>\n\n${this.errorXml(code, 'We encountered an internal error. Please try again.', key).replace(/^<\?xml[^>]*>\n/, '')}` };
    }
    const listed = [...text.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
      n: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(m[1]!)?.[1]),
      etag: unxml(/<ETag>([\s\S]*?)<\/ETag>/.exec(m[1]!)?.[1] ?? '').trim(),
    }));
    if (!/^\s*(<\?xml[^>]*>\s*)?<CompleteMultipartUpload[\s>]/.test(text) || !listed.length || listed.some((p) => !Number.isInteger(p.n))) {
      throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
    }
    const bare = (etag: string) => etag.replace(/^"|"$/g, '');
    listed.forEach((p, i) => {
      if (i > 0 && p.n <= listed[i - 1]!.n) throw new S3Failure(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
      const part = up.parts.get(p.n);
      if (!part || bare(part.etag) !== bare(p.etag)) {
        throw new S3Failure(400, 'InvalidPart', 'One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not have matched the part\'s entity tag.');
      }
      if (i < listed.length - 1 && part.body.length < this.minPartSize) throw new S3Failure(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
    });
    const chosen = listed.map((p) => up.parts.get(p.n)!);
    const body = Buffer.concat(chosen.map((p) => p.body));
    const etag = `"${createHash('md5')
      .update(Buffer.concat(chosen.map((p) => Buffer.from(bare(p.etag), 'hex'))))
      .digest('hex')}-${chosen.length}"`;
    this.objects.set(key, { body, contentType: up.contentType, etag });
    this.uploads.delete(uploadId);
    return {
      status: 200,
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult xmlns="${S3_NS}"><Location>${xml(`${this.endpoint}/${this.opts.bucket}/${key}`)}</Location><Bucket>${this.opts.bucket}</Bucket><Key>${xml(key)}</Key><ETag>${xml(etag)}</ETag></CompleteMultipartUploadResult>`,
    };
  }
}
