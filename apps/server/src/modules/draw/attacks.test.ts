import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, drawTasks, feedbacks } from '../../db/schema/index.ts';
import { addModel, userIdOf, waitFor } from '../../testing/chat.ts';
import { samplePng, startFakeImages, startFakeMj } from '../../testing/fake-draw.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { bombPng, jpegHeader, lyingPng } from '../../testing/pictures.ts';
import { dataUrl, drawBalance, imageCount, setDraw } from './test-kit.ts';

/** Issue 28: pictures that crash or exhaust a decoder, and drawings made before they were paid for. */

let seq = 0;
const phone = () => `1390600${String(1000 + seq++).padStart(4, '0')}`;
const PIXELS = /尺寸过大：宽和高均不能超过 16384 像素，总像素不能超过 40 百万/;

/** What is left, checked with nothing held: a hold left behind fails the check. */
async function drawLeft(t: TestApp, userId: number) {
  const { left, held } = await drawBalance(t, userId);
  expect(held).toBe(0);
  return left;
}
const images = imageCount;
const tasks = async (t: TestApp, userId: number) => (await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.userId, userId))).length;

describe('pictures that claim more pixels than any picture may have (offline drawing, chat, feedback)', () => {
  let t: TestApp;
  let up: FakeUpstream;
  let token: string;
  let userId: number;
  let base: string;
  let bomb: Buffer;
  beforeAll(async () => {
    up = await startFakeUpstream();
    t = await createTestApp({ turns: { jobs: { pollMs: 20 } } });
    base = await t.listen();
    token = await t.loginByPhone(phone());
    userId = await setDraw(t, token, 20);
    await addModel(t, { code: 'eye', baseUrl: up.url, keys: ['good-eye'], vision: true });
    bomb = await bombPng();
  });
  afterAll(async () => {
    await t.close();
    await up.close();
  });

  it('the 150-byte PNG claiming 60000×60000, and a real 16000×16000 bomb, are refused as references before anything decodes them', async () => {
    expect(lyingPng().length).toBeLessThan(200);
    expect(bomb.length).toBeLessThan(400_000);
    for (const picture of [lyingPng(), bomb, lyingPng(16_385, 10), jpegHeader(20_000, 20_000)]) {
      const mime = picture[0] === 0xff ? 'image/jpeg' : 'image/png';
      const smart = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'a fox', mode: 'ai3', source_text: '狐狸', image: dataUrl(picture, mime) } });
      expect(smart.status).toBe(400);
      expect(smart.body.message).toMatch(PIXELS);
      const imagine = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'a fox', images: [dataUrl(picture, mime)] } });
      expect(imagine.status).toBe(400);
      const blend = await t.call('POST', '/midjourney/blend', { token, body: { images: [dataUrl(await samplePng()), dataUrl(picture, mime)], dimensions: 'SQUARE' } });
      expect(blend.status).toBe(400);
      expect(blend.body.message).toMatch(/^第 2 张图片尺寸过大/);
      const describe = await t.call('POST', '/midjourney/describe', { token, body: { image: dataUrl(picture, mime) } });
      expect(describe.status).toBe(400);
    }
    expect(await drawLeft(t, userId)).toBe(20);
    expect(await tasks(t, userId)).toBe(0);
    expect(await images(t, userId)).toBe(0);
    // The process is alive and draws: the control.
    const control = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'a fox', mode: 'ai3', source_text: '狐狸', image: dataUrl(await samplePng()) } });
    expect(control.body.code).toBe(200);
    expect(await drawLeft(t, userId)).toBe(18);
  });

  it('a bomb is refused as a chat picture and as a feedback picture: a 400, nothing stored', async () => {
    const upload = async (url: string, fields: Record<string, string>, picture: Buffer) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'a.png');
      const res = await fetch(`${base}${url}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as { code: number; message: string } };
    };
    const before = (await t.ctx.db.select().from(feedbacks)).length;
    for (const picture of [bomb, lyingPng(), jpegHeader(30_000, 30_000)]) {
      const chat = await upload('/api/chat/upload-image', { feature: 'eye' }, picture);
      expect(chat.status).toBe(400);
      expect(chat.body.message).toMatch(PIXELS);
      const feedback = await upload('/api/ucenter/feedback/create', { content: '截图' }, picture);
      expect(feedback.status).toBe(400);
      expect(feedback.body.message).toMatch(PIXELS);
    }
    expect((await t.ctx.db.select().from(feedbacks)).length).toBe(before);
    // The control: an honest picture of the same kind.
    expect((await upload('/api/chat/upload-image', { feature: 'eye' }, lyingPng(64, 64))).status).toBe(200);
  });
});

describe('drawings are held before they are made (a fake OpenAI images API counts what it makes)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeImages>>;
  beforeAll(async () => {
    fake = await startFakeImages({ key: 'sk-draw' });
    t = await createTestApp({ env: { DRAW_OPENAI_BASE_URL: fake.url, DRAW_OPENAI_API_KEY: 'sk-draw', DRAW_IMAGE_MODEL: 'gpt-image-1' } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('twelve drawings at once on a balance that pays for five: five are made upstream, five charged, seven refused', async () => {
    const token = await t.loginByPhone(phone());
    const userId = await setDraw(t, token, 5);
    const before = fake.requests.length;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => t.call('POST', '/api/draw-image/basic', { token, body: { prompt: `并发绘画 ${i}` } })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(5);
    expect(results.filter((r) => r.body.code === 408003)).toHaveLength(7);
    expect(fake.requests.length - before).toBe(5);
    expect(await images(t, userId)).toBe(5);
    const [b] = await t.ctx.db.select().from(balances).where(eq(balances.userId, userId));
    expect(b).toMatchObject({ baseDraw: 0, heldDraw: 0 });
  });

  it('smart drawing at 2 a picture: a balance of 5 makes two (the third is refused before it is drawn); a failure gives the hold back', async () => {
    const token = await t.loginByPhone(phone());
    const userId = await setDraw(t, token, 5);
    const before = fake.requests.length;
    const results = await Promise.all(Array.from({ length: 4 }, () => t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'a fox', mode: 'dalle3' } })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(2);
    expect(fake.requests.length - before).toBe(2);
    expect(await drawLeft(t, userId)).toBe(1);
    await setDraw(t, token, 2);
    const failed = await t.call('POST', '/api/draw-image/basic', { token, body: { prompt: 'x [[500]]', n: 2 } });
    expect(failed.status).toBe(502);
    expect(await drawLeft(t, userId)).toBe(2);
  });

  it('the prompt rewrite is free but only for a balance that pays for a smart drawing', async () => {
    const token = await t.loginByPhone(phone());
    await setDraw(t, token, 0);
    const refused = await t.call('POST', '/api/draw-image/rewrite', { token, body: { text: '一只狐狸' } });
    expect(refused.body.code).toBe(408003);
    await setDraw(t, token, 2);
    const ok = await t.call('POST', '/api/draw-image/rewrite', { token, body: { text: '一只狐狸' } });
    expect(ok.body.code).toBe(200);
    expect(await drawLeft(t, await userIdOf(t, token))).toBe(2);
  });
});

describe('a Midjourney result whose image address the safe fetch refuses', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeMj>>;
  beforeAll(async () => {
    fake = await startFakeMj({ secret: 'mj-secret' });
    t = await createTestApp({ env: { MJ_PROXY_URL: fake.url, MJ_API_SECRET: 'mj-secret' }, turns: { jobs: { pollMs: 20 } } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('fails at once with its credits released, not after ten minutes of retries', async () => {
    const token = await t.loginByPhone(phone());
    const userId = await setDraw(t, token, 4);
    const sub = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'a castle' } });
    const id = sub.body.data.id as number;
    await waitFor(async () => !!(await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, id)))[0]!.remoteId);
    const remote = (await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, id)))[0]!.remoteId!;
    fake.succeed(remote);
    // The cloud's metadata address: never fetched, whoever names it.
    fake.tasks.get(remote)!.imageUrl = 'http://169.254.169.254/latest/meta-data/iam/image.png';
    t.clock.advance(3100);
    await waitFor(async () => (await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, id)))[0]!.status === 'failed');
    const task = (await t.call('GET', `/midjourney/task/${id}`, { token })).body.data;
    expect(task).toMatchObject({ status: 'failed', charged: 0 });
    expect(task.error).toContain('不可访问');
    expect(await drawLeft(t, userId)).toBe(4);
    expect(await images(t, userId)).toBe(0);
  });
});
