import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUploadImageReply, Code } from '@app/shared';
import { addModel, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { jpegHeader, tinyPng } from '../../testing/pictures.ts';

const PNG = tinyPng();
const JPG = jpegHeader(2, 2);
/** A real 2x2 24-bit BMP (white). */
function bmp() {
  const b = Buffer.alloc(54 + 16, 0xff);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(0, 6);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(2, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(0, 30);
  b.writeUInt32LE(16, 34);
  b.fill(0, 38, 54);
  return b;
}
const GIF = Buffer.from('GIF89a0000000000000000000000000000', 'latin1');

let t: TestApp;
let up: FakeUpstream;
let alice: string;
let bob: string;
let base: string;

beforeAll(async () => {
  up = await startFakeUpstream();
  t = await createTestApp();
  base = await t.listen();
  alice = await t.loginByPhone('13500000001');
  bob = await t.loginByPhone('13500000002');
  await addModel(t, { code: 'eye', baseUrl: up.url, keys: ['good-eye'], vision: true });
});
afterAll(async () => {
  await t.close();
  await up.close();
});

async function upload(file: Buffer, opts: { token?: string | null; feature?: string | null; name?: string; type?: string } = {}) {
  const form = new FormData();
  if (opts.feature !== null) form.append('feature', opts.feature ?? 'ai_4o');
  form.append('file', new Blob([new Uint8Array(file)], { type: opts.type ?? 'image/png' }), opts.name ?? 'a.png');
  const token = opts.token === undefined ? alice : opts.token;
  const res = await fetch(`${base}/api/chat/upload-image`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

describe('image upload', () => {
  it('stores png and jpg by their bytes and serves them back with safe headers', async () => {
    const aliceId = await userIdOf(t, alice);
    for (const [file, mime] of [[PNG, 'image/png'], [JPG, 'image/jpeg']] as const) {
      const r = await upload(file, { name: 'photo.dat', type: 'application/octet-stream' });
      expect(r.body.code).toBe(200);
      const data = chatUploadImageReply.parse(r.body.data);
      expect(data).toMatchObject({ mime, size: file.length });
      expect(data.url).toMatch(new RegExp(`^/uploads/chat/${aliceId}/\\d{6}/[\\w-]+\\.(png|jpg)$`));
      const got = await fetch(base + data.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(mime);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(Buffer.from(await got.arrayBuffer()).equals(file)).toBe(true);
    }
  });

  it('turns a BMP into a PNG (upstreams such as OpenAI refuse BMP), and refuses a broken one', async () => {
    const r = await upload(bmp(), { name: 'scan.bmp', type: 'image/bmp' });
    expect(r.body.code).toBe(200);
    expect(r.body.data.mime).toBe('image/png');
    expect(r.body.data.url).toMatch(/\.png$/);
    const got = Buffer.from(await (await fetch(base + r.body.data.url)).arrayBuffer());
    expect(got.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    expect(got.length).toBe(r.body.data.size);
    const broken = bmp();
    broken.writeInt32LE(0, 18);
    const bad = await upload(broken, { name: 'b.bmp', type: 'image/bmp' });
    expect(bad.body).toMatchObject({ code: Code.BAD_REQUEST, message: '图片已损坏，请重新选择', data: { field: 'file' } });
  });

  it('accepts a file up to 5 MB (above the JSON body limit)', async () => {
    const r = await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]));
    expect(r.body.code).toBe(200);
    expect(r.body.data.size).toBe(5 * 1024 * 1024);
  });

  it('refuses other types whatever the name says, big files, and models without vision', async () => {
    expect((await upload(GIF, { name: 'x.png' })).body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'file' } });
    expect((await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { name: 'x.jpg' })).body.data.field).toBe('file');
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.status).toBe(400);
    expect(big.body.message).toContain('5MB');
    expect((await upload(PNG, { feature: 'ai_35' })).body.data.field).toBe('feature');
    expect((await upload(PNG, { feature: null })).body.data.field).toBe('feature');
    expect((await upload(PNG, { token: null })).status).toBe(401);
  });

  it('does not serve paths outside the uploads', async () => {
    for (const p of ['/uploads/../package.json', '/uploads/%2e%2e/%2e%2e/etc/passwd', '/uploads/chat/x.svg', '/uploads/none.png']) {
      expect((await fetch(base + p)).status).toBe(404);
    }
  });

  it('sends an uploaded image upstream as a data: URL; at most 5 per conversation; only your own', async () => {
    const aliceId = await userIdOf(t, alice);
    await setBalance(t, aliceId, { base3: 10 });
    const urls: string[] = [];
    for (let i = 0; i < 6; i++) urls.push((await upload(PNG, { feature: 'eye' })).body.data.url);

    const first = await sendTurn(t, alice, { input: '这张图是什么？', feature: 'eye', images: urls.slice(0, 3) });
    expect(first.last?.type).toBe('done');
    const content = up.requests.at(-1)!.body.messages.at(-1).content;
    expect(content[0]).toEqual({ type: 'text', text: '这张图是什么？' });
    expect(content).toHaveLength(4);
    expect(content[1].image_url.url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);

    const over = await t.call('POST', '/api/chat/create', { token: alice, body: { input: '再来三张', uuid: first.uuid, images: urls.slice(3, 6) } });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('5');
    const ok = await t.call('POST', '/api/chat/create', { token: alice, body: { input: '再来两张', uuid: first.uuid, images: urls.slice(3, 5) } });
    expect(ok.body.code).toBe(200);

    const bobs = await t.call('POST', '/api/chat/create', { token: bob, body: { input: '偷图', feature: 'eye', images: [urls[0]] } });
    expect(bobs.status).toBe(400);
    expect(bobs.body.data.field).toBe('images');
    const foreign = await t.call('POST', '/api/chat/create', { token: alice, body: { input: 'x', feature: 'eye', images: ['https://example.com/a.png'] } });
    expect(foreign.body.data.field).toBe('images');
  });
});
