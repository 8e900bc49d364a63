import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_SLICE_BYTES } from '@app/shared';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { createStorageProvider, uploadSecretOf } from './index.ts';
import { LocalStorage, type PartRejectedError } from './local.ts';
import { UploadIncompleteError } from './types.ts';

const root = mkdtempSync(join(tmpdir(), 'storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local storage', () => {
  const s = new LocalStorage(root, 'https://ai.example.com');

  it('puts, gets and deletes a file under its key', async () => {
    const { url } = await s.put('chat/1/202611/abc.png', Buffer.from('x'), 'image/png');
    expect(url).toBe('/uploads/chat/1/202611/abc.png');
    expect(await s.get('chat/1/202611/abc.png')).toEqual({ body: Buffer.from('x'), contentType: 'image/png' });
    await expect(s.put('chat/1/202611/abc.png', Buffer.from('y'), 'image/png')).rejects.toThrow();
    await s.delete('chat/1/202611/abc.png');
    expect(await s.get('chat/1/202611/abc.png')).toBeNull();
  });

  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../x.png', '/etc/passwd.png', 'a/../../b.png', 'a//b.png', 'a\\b.png', 'noext']) {
      await expect(s.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
      expect(await s.get(key)).toBeNull();
    }
  });

  it('knows its own URLs, relative or absolute, and nothing else', () => {
    expect(s.keyOf('/uploads/chat/1/a.png')).toBe('chat/1/a.png');
    expect(s.keyOf('https://ai.example.com/uploads/chat/1/a.png')).toBe('chat/1/a.png');
    expect(s.keyOf('https://evil.example.com/uploads/chat/1/a.png')).toBeNull();
    expect(s.keyOf('/uploads/../a.png')).toBeNull();
    expect(s.keyOf('/static/a.png')).toBeNull();
  });
});

describe('local uploads in slices (storage only)', () => {
  const secret = 'test-secret';
  const store = new LocalStorage(join(root, 'slices'), '', { signingSecret: secret });
  const now = Date.UTC(2026, 10, 22, 4, 0, 0);
  const query = (url: string) => new URL(url, 'http://x').searchParams;

  it('signs each part URL with the secret, the upload, the part and the expiry', async () => {
    const plan = await store.createUpload('docs/1/202611/a.pdf', 2 * UPLOAD_SLICE_BYTES + 1, 'application/pdf', 600, now);
    expect(plan).toMatchObject({ key: 'docs/1/202611/a.pdf', partSize: UPLOAD_SLICE_BYTES, expiresAt: now + 600_000, bucket: 'local', region: 'local' });
    expect(plan.uploadId).toMatch(/^[a-f0-9]{32}$/);
    expect(plan.parts).toHaveLength(3);
    for (const p of plan.parts) {
      const expires = (now + 600_000) / 1000;
      const signature = createHmac('sha256', secret).update(`${plan.uploadId}:${p.partNumber}:${expires}`).digest('hex');
      expect(p.url).toBe(`/api/cos/upload/${plan.uploadId}/${p.partNumber}?expires=${expires}&signature=${signature}`);
    }
    const meta = JSON.parse(readFileSync(join(root, 'slices', '.parts', plan.uploadId, 'meta.json'), 'utf8'));
    expect(meta).toMatchObject({ key: 'docs/1/202611/a.pdf', size: 2 * UPLOAD_SLICE_BYTES + 1, partSize: UPLOAD_SLICE_BYTES, expiresAt: now + 600_000 });
    await store.abortUpload(plan.key, plan.uploadId);
    expect(existsSync(join(root, 'slices', '.parts', plan.uploadId))).toBe(false);
  });

  it('refuses unsafe keys and nonsense sizes', async () => {
    await expect(store.createUpload('../a.pdf', 10, 'application/pdf', 60, now)).rejects.toThrow(/unsafe/);
    await expect(store.createUpload('docs/1/a.pdf', 0, 'application/pdf', 60, now)).rejects.toThrow();
    await expect(store.createUpload('docs/1/a.pdf', 1.5, 'application/pdf', 60, now)).rejects.toThrow();
  });

  it('takes parts only with the right signature, in time, in range and of the right length', async () => {
    const data = randomBytes(UPLOAD_SLICE_BYTES + 7);
    const plan = await store.createUpload('docs/1/202611/b.pdf', data.length, 'application/pdf', 600, now);
    const [one, two] = plan.parts.map((p) => query(p.url));
    const accept = (n: number, q: URLSearchParams, body: Buffer, at = now) => store.acceptPart(plan.uploadId, n, q.get('expires')!, q.get('signature')!, body, at);
    const rejected = (p: Promise<unknown>) => p.then(() => null, (e: PartRejectedError) => e.status);

    expect(await rejected(accept(2, one!, data.subarray(UPLOAD_SLICE_BYTES)))).toBe(403);
    expect(await rejected(store.acceptPart(plan.uploadId, 1, Number(one!.get('expires')) + 1, one!.get('signature')!, data, now))).toBe(403);
    expect(await rejected(accept(1, one!, data.subarray(0, UPLOAD_SLICE_BYTES), now + 600_001))).toBe(403);
    expect(await rejected(accept(1, one!, data.subarray(0, 10)))).toBe(400);
    expect(await rejected(accept(2, two!, data.subarray(0, 10)))).toBe(400);
    expect(await rejected(store.acceptPart('f'.repeat(32), 1, one!.get('expires')!, one!.get('signature')!, data, now))).toBe(403);

    const { etag } = await accept(1, one!, data.subarray(0, UPLOAD_SLICE_BYTES));
    expect(etag).toBe(createHash('md5').update(data.subarray(0, UPLOAD_SLICE_BYTES)).digest('hex'));
    await expect(store.completeUpload(plan.key, plan.uploadId, data.length)).rejects.toMatchObject({ reason: 'missing-part' });
    await accept(2, two!, data.subarray(UPLOAD_SLICE_BYTES));
    await expect(store.completeUpload(plan.key, plan.uploadId, data.length + 1)).rejects.toBeInstanceOf(UploadIncompleteError);
    await expect(store.completeUpload('docs/1/202611/other.pdf', plan.uploadId, data.length)).rejects.toMatchObject({ reason: 'no-upload' });
    // Two completions at once share one join.
    const [a, b] = await Promise.all([store.completeUpload(plan.key, plan.uploadId, data.length), store.completeUpload(plan.key, plan.uploadId, data.length)]);
    expect(a).toEqual({ size: data.length });
    expect(b).toEqual({ size: data.length });
    expect((await store.get(plan.key))?.body.equals(data)).toBe(true);
    expect(await store.completeUpload(plan.key, plan.uploadId, data.length)).toEqual({ size: data.length });
    // Slices for a finished upload: it is gone.
    expect(await rejected(accept(1, one!, data.subarray(0, UPLOAD_SLICE_BYTES)))).toBe(404);
    expect(readdirSync(join(root, 'slices', '.parts'))).not.toContain(plan.uploadId);
  });

  it('does not honour URLs signed with another secret', async () => {
    const plan = await store.createUpload('docs/1/202611/c.pdf', 5, 'application/pdf', 600, now);
    const other = new LocalStorage(join(root, 'slices'), '', { signingSecret: 'other' });
    const q = query(plan.parts[0]!.url);
    await expect(other.acceptPart(plan.uploadId, 1, q.get('expires')!, q.get('signature')!, Buffer.from('hello'), now)).rejects.toMatchObject({ status: 403 });
    await store.acceptPart(plan.uploadId, 1, q.get('expires')!, q.get('signature')!, Buffer.from('hello'), now);
  });

  it('sweeps uploads left unfinished for more than a day', async () => {
    const old = await store.createUpload('docs/1/202611/old.pdf', 5, 'application/pdf', 600, now - 2 * 86_400_000);
    const fresh = await store.createUpload('docs/1/202611/new.pdf', 5, 'application/pdf', 600, now);
    const removed = await store.sweepUploads(now);
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = readdirSync(join(root, 'slices', '.parts'));
    expect(left).not.toContain(old.uploadId);
    expect(left).toContain(fresh.uploadId);
  });
});

describe('the storage factory', () => {
  it('keeps one random signing secret per data directory, private to its owner', async () => {
    const dataDir = join(root, 'data-a');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const first = createStorageProvider(config) as LocalStorage;
    const secretFile = join(dataDir, '.upload-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretFile, 'utf8');
    expect(secret).toMatch(/^[a-f0-9]{64}$/);
    expect(uploadSecretOf(dataDir)).toBe(secret);
    // A URL made before a restart still works after it.
    const plan = await first.createUpload('docs/1/202611/r.pdf', 3, 'application/pdf', 600, Date.now());
    const again = createStorageProvider(config) as LocalStorage;
    const q = new URL(plan.parts[0]!.url, 'http://x').searchParams;
    await again.acceptPart(plan.uploadId, 1, q.get('expires')!, q.get('signature')!, Buffer.from('abc'), Date.now());
    expect(await again.completeUpload(plan.key, plan.uploadId, 3)).toEqual({ size: 3 });
    expect(readdirSync(dataDir).filter((f) => f.startsWith('.upload-secret'))).toEqual(['.upload-secret']);
  });

  it('uses UPLOAD_SIGNING_SECRET when set', async () => {
    const dataDir = join(root, 'data-b');
    const s = createStorageProvider(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, UPLOAD_SIGNING_SECRET: 'configured' })) as LocalStorage;
    expect(existsSync(join(dataDir, '.upload-secret'))).toBe(false);
    const plan = await s.createUpload('docs/1/202611/s.pdf', 3, 'application/pdf', 600, 1_000_000);
    const q = new URL(plan.parts[0]!.url, 'http://x').searchParams;
    expect(q.get('signature')).toBe(createHmac('sha256', 'configured').update(`${plan.uploadId}:1:${q.get('expires')}`).digest('hex'));
  });
});

describe('local uploads through the HTTP routes', () => {
  let t: TestApp;
  let storage: LocalStorage;
  beforeAll(async () => {
    t = await createTestApp();
    storage = t.ctx.storage as LocalStorage;
  });
  afterAll(() => t.close());

  const put = (url: string, body: Buffer | undefined, headers: Record<string, string> = { 'content-type': 'application/octet-stream' }) =>
    t.app.inject({ method: 'PUT', url, payload: body, headers });

  it('joins slices PUT to the part URLs (no login needed) into the document', async () => {
    const data = randomBytes(2 * UPLOAD_SLICE_BYTES + 1000);
    const key = 'docs/12/202611/0123456789abcdef0123456789abcdef.pdf';
    const plan = await storage.createUpload(key, data.length, 'application/pdf', 3600, t.clock.now());
    for (const p of plan.parts) {
      const part = data.subarray((p.partNumber - 1) * plan.partSize, p.partNumber * plan.partSize);
      // Whatever type is declared (none for a Blob slice), the body is taken as bytes.
      const type = ['application/json', 'application/octet-stream', undefined][p.partNumber - 1];
      const res = await put(p.url, part, { ...(type ? { 'content-type': type } : {}), ...p.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(`"${createHash('md5').update(part).digest('hex')}"`);
      expect(res.json()).toMatchObject({ code: 200, success: true, data: { part_number: p.partNumber } });
    }
    expect(await storage.completeUpload(key, plan.uploadId, data.length)).toEqual({ size: data.length });
    expect((await storage.get(key))?.body.equals(data)).toBe(true);
    // Idempotent.
    expect(await storage.completeUpload(key, plan.uploadId, data.length)).toEqual({ size: data.length });
    // Documents are private: never served at /uploads/.
    for (const url of [`/uploads/${key}`, `/uploads/DOCS/12/202611/0123456789abcdef0123456789abcdef.pdf`, `/uploads/docs%2F12%2F202611%2F0123456789abcdef0123456789abcdef.pdf`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
  });

  it('works over real HTTP with fetch, like a browser on the same origin', async () => {
    const base = await t.listen();
    const data = randomBytes(UPLOAD_SLICE_BYTES + 1);
    const plan = await storage.createUpload('docs/12/202611/fetch.pdf', data.length, 'application/pdf', 3600, t.clock.now());
    for (const p of plan.parts) {
      const part = data.subarray((p.partNumber - 1) * plan.partSize, p.partNumber * plan.partSize);
      const res = await fetch(base + p.url, { method: 'PUT', body: new Blob([new Uint8Array(part)]), headers: p.headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(`"${createHash('md5').update(part).digest('hex')}"`);
    }
    expect(await storage.completeUpload(plan.key, plan.uploadId, data.length)).toEqual({ size: data.length });
  });

  it('refuses a bad signature, an expired URL, a wrong size and an unknown upload', async () => {
    const data = randomBytes(UPLOAD_SLICE_BYTES + 10);
    const plan = await storage.createUpload('docs/12/202611/refused.pdf', data.length, 'application/pdf', 600, t.clock.now());
    const [u1, u2] = plan.parts.map((p) => p.url) as [string, string];
    const first = data.subarray(0, UPLOAD_SLICE_BYTES);
    const last = data.subarray(UPLOAD_SLICE_BYTES);

    const bad = u1.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    let res = await put(bad, first);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: '上传凭证无效或已过期' });
    expect((await put(u1.replace(`/${plan.uploadId}/1?`, `/${plan.uploadId}/2?`), last)).statusCode).toBe(403);
    expect((await put(u1.replace(/signature=[^&]*/, ''), first)).statusCode).toBe(403);
    expect((await put(`/api/cos/upload/../../x/1?expires=1&signature=${'a'.repeat(64)}`, first)).statusCode).not.toBe(200);

    res = await put(u2, first.subarray(0, 11));
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect((await put(u1, undefined, {})).statusCode).toBe(400);
    // Larger than a slice can be: refused before it is read whole.
    expect((await put(u1, randomBytes(UPLOAD_SLICE_BYTES + 128 * 1024))).statusCode).toBe(413);

    // A slice sent again replaces the first one.
    expect((await put(u2, Buffer.alloc(10))).statusCode).toBe(200);
    expect((await put(u2, last)).statusCode).toBe(200);
    expect((await put(u1, first)).statusCode).toBe(200);
    expect(await storage.completeUpload(plan.key, plan.uploadId, data.length)).toEqual({ size: data.length });
    expect((await storage.get(plan.key))?.body.equals(data)).toBe(true);
    // Completed: the upload is gone.
    res = await put(u1, first);
    expect(res.statusCode).toBe(404);

    const later = await storage.createUpload('docs/12/202611/later.pdf', 10, 'application/pdf', 600, t.clock.now());
    t.clock.advance(601_000);
    res = await put(later.parts[0]!.url, Buffer.alloc(10));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('上传凭证无效或已过期');

    const aborted = await storage.createUpload('docs/12/202611/aborted.pdf', 10, 'application/pdf', 600, t.clock.now());
    await storage.abortUpload(aborted.key, aborted.uploadId);
    expect((await put(aborted.parts[0]!.url, Buffer.alloc(10))).statusCode).toBe(404);
  });

  it('still serves public files, and never the slices', async () => {
    await storage.put('chat/1/202611/pic.png', Buffer.from('png'), 'image/png');
    const res = await t.app.inject({ method: 'GET', url: '/uploads/chat/1/202611/pic.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const plan = await storage.createUpload('docs/12/202611/hidden.pdf', 10, 'application/pdf', 600, t.clock.now());
    for (const url of [`/uploads/.parts/${plan.uploadId}/meta.json`, `/uploads/%2Eparts/${plan.uploadId}/meta.json`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
