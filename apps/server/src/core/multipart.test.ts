import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModel } from '../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { feedbacks } from '../db/schema/index.ts';
import { tinyPng } from '../testing/pictures.ts';

let t: TestApp;
let up: FakeUpstream;
let token: string;

beforeAll(async () => {
  up = await startFakeUpstream();
  t = await createTestApp({ env: { AUDIO_BASE_URL: up.url, AUDIO_API_KEY: 'k' } });
  token = await t.loginByPhone('13500000601');
  await addModel(t, { code: 'eye', baseUrl: up.url, keys: ['good-eye'], vision: true });
});
afterAll(async () => {
  await t.close();
  await up.close();
});

const BOUNDARY = '----attack7MA4YWxkTrZu0gW';
/** A multipart body with a field and a file part, cut off `cut` bytes into the file (no closing boundary). */
function truncated(fileField: string, file: Buffer, cut: number, fields: Record<string, string> = {}) {
  const head = Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return Buffer.concat([
    Buffer.from(`${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    file.subarray(0, cut),
  ]);
}
const send = (url: string, payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });

describe('multipart bodies the parser cannot read are a 400, in every route', () => {
  const routes: [string, string, Record<string, string>][] = [
    ['/api/ucenter/feedback/create', 'file', { content: '截断的反馈' }],
    ['/api/voice/transcribe', 'file', {}],
    ['/api/chat/upload-image', 'file', { feature: 'eye' }],
  ];

  it('a body cut off mid-part: 400 with a clear message, nothing stored, the server answers on', async () => {
    const before = (await t.ctx.db.select().from(feedbacks)).length;
    for (const [url, field, fields] of routes) {
      const res = await send(url, truncated(field, tinyPng(), 40, fields));
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 400, message: '上传的内容不完整或格式有误，请重新上传' });
    }
    expect((await t.ctx.db.select().from(feedbacks)).length).toBe(before);
    // The control: the same bodies whole are taken.
    const form = new FormData();
    form.append('content', '完整的反馈');
    form.append('file', new Blob([new Uint8Array(tinyPng())]), 'a.png');
    const whole = await fetch(`${await t.listen()}/api/ucenter/feedback/create`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(whole.status).toBe(200);
  });

  it('a malformed part header, a boundary that never comes, and a body that is not multipart', async () => {
    for (const [url] of routes) {
      const garbled = await send(url, Buffer.from(`--${BOUNDARY}\r\nthis is not a header\r\n\r\nxx\r\n--${BOUNDARY}--\r\n`));
      expect(garbled.statusCode, url).toBe(400);
      const noBoundary = await send(url, Buffer.from('just some bytes with no boundary at all'));
      expect(noBoundary.statusCode, url).toBe(400);
      const json = await send(url, Buffer.from('{"a":1}'), 'application/json');
      expect(json.statusCode, url).toBe(400);
      expect(json.json().message, url).toMatch(/multipart\/form-data/);
    }
  });
});
