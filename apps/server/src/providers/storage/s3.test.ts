import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_SLICE_BYTES } from '@app/shared';
import { loadConfig } from '../../config.ts';
import { FakeS3 } from './fakes/s3.ts';
import { createStorageProvider } from './index.ts';
import { S3Error, S3Storage, uriEncode } from './s3.ts';
import { UploadIncompleteError, type UploadPlan } from './types.ts';

const creds = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'ap-guangzhou', bucket: 'docs-1250000000' };
const fake = new FakeS3({ ...creds, listPartsPageSize: 2 });
let s3: S3Storage;

beforeAll(async () => {
  const endpoint = await fake.start();
  s3 = new S3Storage({ ...creds, endpoint, forcePathStyle: true, publicUrl: 'https://cdn.example.com/' });
});
afterAll(() => fake.stop());

const file = (size: number) => randomBytes(size);
const slice = (data: Buffer, plan: UploadPlan, n: number) => data.subarray((n - 1) * plan.partSize, n * plan.partSize);

/** What a browser does: PUT the slice's bytes to its presigned URL with the given headers, nothing else. */
async function putPart(plan: UploadPlan, n: number, body: Buffer, url = plan.parts[n - 1]!.url) {
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: plan.parts[n - 1]!.headers });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
}

describe('S3 storage against a local S3', () => {
  it('puts, gets, heads and deletes objects with header-signed requests', async () => {
    const body = Buffer.from('hello s3');
    const { key, url } = await s3.put('chat/1/202611/abc.png', body, 'image/png');
    expect(key).toBe('chat/1/202611/abc.png');
    expect(url).toBe('https://cdn.example.com/chat/1/202611/abc.png');
    expect(fake.objects.get('chat/1/202611/abc.png')?.contentType).toBe('image/png');
    expect(await s3.get('chat/1/202611/abc.png')).toEqual({ body, contentType: 'image/png' });
    expect(await s3.head('chat/1/202611/abc.png')).toEqual({ size: body.length, contentType: 'image/png' });
    await s3.delete('chat/1/202611/abc.png');
    expect(await s3.get('chat/1/202611/abc.png')).toBeNull();
    expect(await s3.head('chat/1/202611/abc.png')).toBeNull();
    await s3.delete('chat/1/202611/abc.png');
    expect(fake.calls.every((c) => c.auth === 'header')).toBe(true);
  });

  it('refuses keys that are not plain paths', async () => {
    for (const key of ['/etc/passwd', 'a/../b.png', 'a//b.png', '', 'a/./b', 'x\u0000y']) {
      await expect(s3.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
      expect(await s3.get(key)).toBeNull();
    }
  });

  it('escapes keys with spaces, unicode and reserved characters the way SigV4 wants', async () => {
    const key = "docs/7/202611/季度 报告 (终稿)+v2!*'~.pdf";
    const body = Buffer.from('%PDF-1.7 unicode');
    const { url } = await s3.put(key, body, 'application/pdf');
    expect(fake.objects.has(key)).toBe(true);
    expect(url).toBe(`https://cdn.example.com/docs/7/202611/${encodeURIComponent('季度')}%20${encodeURIComponent('报告')}%20%28${encodeURIComponent('终稿')}%29%2Bv2%21%2A%27~.pdf`);
    expect(s3.keyOf(url)).toBe(key);
    expect((await s3.get(key))?.body).toEqual(body);

    const data = file(UPLOAD_SLICE_BYTES + 10);
    const plan = await s3.createUpload(key, data.length, 'application/pdf', 600, Date.now());
    for (const p of plan.parts) expect((await putPart(plan, p.partNumber, slice(data, plan, p.partNumber))).status).toBe(200);
    expect(await s3.completeUpload(key, plan.uploadId, data.length)).toEqual({ size: data.length });
    expect(fake.objects.get(key)?.body.equals(data)).toBe(true);
  });

  it('uploads in slices: presigned part URLs a browser PUTs to, then completes from ListParts', async () => {
    const data = file(2 * UPLOAD_SLICE_BYTES + 123);
    const key = 'docs/12/202611/0123456789abcdef0123456789abcdef.pdf';
    const before = fake.calls.length;
    const plan = await s3.createUpload(key, data.length, 'application/pdf', 900, Date.now());
    expect(plan).toMatchObject({ key, partSize: UPLOAD_SLICE_BYTES, bucket: creds.bucket, region: creds.region });
    expect(plan.parts.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    expect(plan.expiresAt).toBeGreaterThan(Date.now() + 800_000);
    for (const p of plan.parts) {
      const u = new URL(p.url);
      expect(u.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(u.searchParams.get('X-Amz-Expires')).toBe('900');
      expect(u.searchParams.get('partNumber')).toBe(String(p.partNumber));
      expect(u.searchParams.get('uploadId')).toBe(plan.uploadId);
    }
    // Out of order, and one slice sent twice: the last one counts.
    for (const n of [3, 1, 2]) {
      const r = await putPart(plan, n, slice(data, plan, n));
      expect(r.status).toBe(200);
      expect(r.etag).toBe(`"${createHash('md5').update(slice(data, plan, n)).digest('hex')}"`);
    }
    expect((await putPart(plan, 2, slice(data, plan, 2))).status).toBe(200);

    expect(await s3.completeUpload(key, plan.uploadId, data.length)).toEqual({ size: data.length });
    const stored = await s3.get(key);
    expect(stored?.body.equals(data)).toBe(true);
    expect(stored?.contentType).toBe('application/pdf');
    expect(fake.uploads.has(plan.uploadId)).toBe(false);
    // ListParts pages at 2 parts here: 3 parts take two pages.
    const lists = fake.calls.slice(before).filter((c) => c.method === 'GET' && 'uploadId' in c.query);
    expect(lists.map((c) => c.query['part-number-marker'] ?? null)).toEqual([null, '2']);
    expect(fake.calls.slice(before).filter((c) => c.query.partNumber).every((c) => c.auth === 'presigned')).toBe(true);

    // Completing again is fine: the object is there.
    expect(await s3.completeUpload(key, plan.uploadId, data.length)).toEqual({ size: data.length });
  });

  it('follows many ListParts pages', async () => {
    const data = file(4 * UPLOAD_SLICE_BYTES + 1);
    const key = 'docs/12/202611/many.pdf';
    const plan = await s3.createUpload(key, data.length, 'application/pdf', 600, Date.now());
    expect(plan.parts).toHaveLength(5);
    await Promise.all(plan.parts.map((p) => putPart(plan, p.partNumber, slice(data, plan, p.partNumber))));
    const listed = await s3.listParts(key, plan.uploadId);
    expect(listed?.map((p) => p.partNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(listed?.[4]?.size).toBe(1);
    expect(await s3.completeUpload(key, plan.uploadId, data.length)).toEqual({ size: data.length });
    expect(fake.objects.get(key)?.body.equals(data)).toBe(true);
  });

  it('says the upload is incomplete when a slice is missing or of the wrong size', async () => {
    const data = file(2 * UPLOAD_SLICE_BYTES + 5);
    const key = 'docs/12/202611/missing.pdf';
    const plan = await s3.createUpload(key, data.length, 'application/pdf', 600, Date.now());
    await putPart(plan, 1, slice(data, plan, 1));
    await putPart(plan, 3, slice(data, plan, 3));
    const missing = await s3.completeUpload(key, plan.uploadId, data.length).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(UploadIncompleteError);
    expect((missing as UploadIncompleteError).reason).toBe('missing-part');
    expect(fake.objects.has(key)).toBe(false);

    await putPart(plan, 2, slice(data, plan, 2).subarray(1));
    const short = await s3.completeUpload(key, plan.uploadId, data.length).catch((e: unknown) => e);
    expect((short as UploadIncompleteError).reason).toBe('wrong-size');
    // The announced size must match too.
    await putPart(plan, 2, slice(data, plan, 2));
    await expect(s3.completeUpload(key, plan.uploadId, data.length + UPLOAD_SLICE_BYTES)).rejects.toBeInstanceOf(UploadIncompleteError);
    expect(await s3.completeUpload(key, plan.uploadId, data.length)).toEqual({ size: data.length });

    // An upload that never existed (and no object): incomplete, not a crash.
    const none = await s3.completeUpload('docs/12/202611/none.pdf', 'nope', 10).catch((e: unknown) => e);
    expect((none as UploadIncompleteError).reason).toBe('no-upload');
  });

  it('refuses an expired presigned URL and a tampered one', async () => {
    const data = file(1000);
    const key = 'docs/12/202611/expired.pdf';
    const old = await s3.createUpload(key, data.length, 'application/pdf', 60, Date.now() - 120_000);
    const expired = await putPart(old, 1, data);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('<Code>AccessDenied</Code>');
    expect(expired.text).toContain('Request has expired');

    const plan = await s3.createUpload(key, data.length, 'application/pdf', 600, Date.now());
    const url = new URL(plan.parts[0]!.url);
    const sig = url.searchParams.get('X-Amz-Signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set('X-Amz-Signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    let r = await putPart(plan, 1, data, tampered.toString());
    expect(r.status).toBe(403);
    expect(r.text).toContain('<Code>SignatureDoesNotMatch</Code>');

    // The URL of part 1 does not let anyone write part 2, nor a longer life.
    const other = new URL(url);
    other.searchParams.set('partNumber', '2');
    r = await putPart(plan, 1, data, other.toString());
    expect(r.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '6000');
    expect((await putPart(plan, 1, data, longer.toString())).status).toBe(403);
    // Nor another key.
    expect((await putPart(plan, 1, data, url.toString().replace('expired.pdf', 'other.pdf'))).status).toBe(403);
    expect(fake.uploads.get(plan.uploadId)?.parts.size).toBe(0);

    expect((await putPart(plan, 1, data)).status).toBe(200);
    expect(await s3.completeUpload(key, plan.uploadId, data.length)).toEqual({ size: 1000 });
  });

  it('aborts an upload: its URLs stop working; aborting twice is fine', async () => {
    const data = file(100);
    const key = 'docs/12/202611/aborted.pdf';
    const plan = await s3.createUpload(key, data.length, 'application/pdf', 600, Date.now());
    await s3.abortUpload(key, plan.uploadId);
    const r = await putPart(plan, 1, data);
    expect(r.status).toBe(404);
    expect(r.text).toContain('<Code>NoSuchUpload</Code>');
    await s3.abortUpload(key, plan.uploadId);
    await expect(s3.completeUpload(key, plan.uploadId, 100)).rejects.toBeInstanceOf(UploadIncompleteError);
  });

  it('treats a 200 CompleteMultipartUpload answer with an <Error> body as a failure', async () => {
    const data = file(100);
    const key = 'docs/12/202611/error200.pdf';
    const plan = await s3.createUpload(key, data.length, 'application/pdf', 600, Date.now());
    await putPart(plan, 1, data);
    fake.failNextCompleteWith = 'InternalError';
    const err = await s3.completeUpload(key, plan.uploadId, 100).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3Error);
    expect((err as S3Error).code).toBe('InternalError');
    expect(fake.objects.has(key)).toBe(false);
    expect(await s3.completeUpload(key, plan.uploadId, 100)).toEqual({ size: 100 });
  });

  it('is refused with the wrong secret or a skewed clock', async () => {
    const wrong = new S3Storage({ ...creds, secretAccessKey: 'not-the-secret', endpoint: fake.endpoint, forcePathStyle: true });
    const err = await wrong.put('chat/1/x.png', Buffer.from('x'), 'image/png').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const late = new S3Storage({ ...creds, endpoint: fake.endpoint, forcePathStyle: true, now: () => Date.now() - 3600_000 });
    await expect(late.get('chat/1/x.png')).rejects.toMatchObject({ code: 'RequestTimeTooSkewed' });
    const stranger = new S3Storage({ ...creds, accessKeyId: 'AKIDOTHER', endpoint: fake.endpoint, forcePathStyle: true });
    await expect(stranger.head('chat/1/x.png')).rejects.toMatchObject({ status: 403 });
  });

  it('knows its URLs: the public base and the bucket URL, nothing else', () => {
    expect(s3.keyOf('https://cdn.example.com/chat/1/a.png')).toBe('chat/1/a.png');
    expect(s3.keyOf(`${fake.endpoint}/${creds.bucket}/chat/1/a.png`)).toBe('chat/1/a.png');
    expect(s3.keyOf('https://cdn.example.com/chat/1/../a.png')).toBeNull();
    expect(s3.keyOf('https://cdn.example.com/chat/1/a.png?x=1')).toBeNull();
    expect(s3.keyOf('https://cdn.example.com.evil.com/chat/1/a.png')).toBeNull();
    expect(s3.keyOf('https://evil.example.com/chat/1/a.png')).toBeNull();
    expect(s3.keyOf('/uploads/chat/1/a.png')).toBeNull();
    expect(s3.keyOf('https://cdn.example.com/bad%zz.png')).toBeNull();
  });
});

describe('S3 URLs and settings', () => {
  it('uses virtual-hosted URLs unless path style is forced, and AWS by default', () => {
    const aws = new S3Storage({ ...creds, region: 'us-east-1', bucket: 'my-bucket' });
    expect(aws.bucketUrl).toBe('https://my-bucket.s3.us-east-1.amazonaws.com');
    expect(aws.objectUrl('docs/1/a b.pdf')).toBe('https://my-bucket.s3.us-east-1.amazonaws.com/docs/1/a%20b.pdf');
    expect(aws.keyOf('https://my-bucket.s3.us-east-1.amazonaws.com/chat/1/a.png')).toBe('chat/1/a.png');
    const minio = new S3Storage({ ...creds, bucket: 'b', endpoint: 'http://minio.local:9000/', forcePathStyle: true });
    expect(minio.objectUrl('docs/1/x.pdf')).toBe('http://minio.local:9000/b/docs/1/x.pdf');
    const cos = new S3Storage({ ...creds, endpoint: 'https://cos.ap-guangzhou.myqcloud.com' });
    expect(cos.objectUrl('docs/1/x.pdf')).toBe(`https://${creds.bucket}.cos.ap-guangzhou.myqcloud.com/docs/1/x.pdf`);
  });

  it('encodes per SigV4: only unreserved characters stay', () => {
    expect(uriEncode("a b+c/d!'()*~._-é", true)).toBe('a%20b%2Bc/d%21%27%28%29%2A~._-%C3%A9');
    expect(uriEncode('a/b')).toBe('a%2Fb');
  });

  it('is chosen by S3_BUCKET, which needs both keys', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/unused-s3-test' };
    expect(() => createStorageProvider(loadConfig({ ...base, S3_BUCKET: 'b' }))).toThrow(/S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
    const p = createStorageProvider(loadConfig({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's', S3_REGION: 'eu-west-1' }));
    expect(p.name).toBe('s3');
    expect((p as S3Storage).bucketUrl).toBe('https://b.s3.eu-west-1.amazonaws.com');
  });
});
