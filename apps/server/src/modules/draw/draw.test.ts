import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawImages, drawTasks } from '../../db/schema/index.ts';
import { OpenAiImages } from '../../providers/image/openai.ts';
import { MidjourneyProxy } from '../../providers/image/midjourney.ts';
import { inspectImage } from '../../core/image-type.ts';
import { DESCRIBED, samplePng, startFakeImages, startFakeMj } from '../../testing/fake-draw.ts';
import { describePrompts } from '../../providers/image/midjourney.ts';
import { actionOf } from './service.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { waitFor, waitMovingClock } from '../../testing/chat.ts';
import { readSseEvents } from '../../testing/sse.ts';
import { mjStreamEvent } from '@app/shared';
import { dataUrl, drawLeft, imageCount, setDraw } from './test-kit.ts';

let phoneSeq = 0;
/** A data URL that claims png but holds no image. */
const NOT_IMAGE = dataUrl(Buffer.from('<html>not an image, just text pretending</html>'));
/**
 * Waiting for a task to end moves the test clock: a notify or an advance that lands while a step is
 * in flight leaves the next poll (1–3 s later) on a clock nobody else moves.
 */
const untilTaskEnds = { stepMs: 1000, everyMs: 300, timeoutMs: 10_000 };
const phone = () => `1390000${String(1000 + phoneSeq++).padStart(4, '0')}`;

/** GETs a stored file through our own /uploads route. */
async function fetchStored(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url: url.startsWith('/') ? url : new URL(url).pathname });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload };
}

describe('drawing offline (no keys)', () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { DRAW_BANNED_WORDS: '违禁,forbidden' }, turns: { jobs: { pollMs: 20 } } });
    token = await t.loginByPhone(phone());
    other = await t.loginByPhone(phone());
    userId = await setDraw(t, token, 10);
  });
  afterAll(() => t.close());

  it('lists image types, costs and examples without a token, and says it is offline', async () => {
    const types = await t.call('GET', '/api/draw-image/image-types');
    expect(types.body.code).toBe(200);
    expect(types.body.data.types.map((x: { value: string }) => x.value)).toContain('ink');
    expect(types.body.data.offline).toEqual({ image: true, mj: true });
    const ex = await t.call('GET', '/api/draw-image/examples');
    expect(ex.body.data.list.length).toBeGreaterThan(3);
  });

  it('draws real PNGs locally, stores them with webp thumbnails, charges once per image', async () => {
    const res = await t.call('POST', '/api/draw-image/basic', { token, body: { prompt: '江南水乡的清晨', type: 'ink', size: 'landscape', n: 2 } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.charged).toBe(2);
    expect(res.body.data.list).toHaveLength(2);
    const img = res.body.data.list[0];
    expect(img).toMatchObject({ kind: 'basic', type: 'ink', offline: true, public: false, width: 896, height: 640 });
    const full = await fetchStored(t, img.url);
    expect(full.status).toBe(200);
    expect(inspectImage(full.body)).toMatchObject({ mime: 'image/png', width: 896 });
    const thumb = await fetchStored(t, img.thumb_url);
    expect(inspectImage(thumb.body)).toMatchObject({ mime: 'image/webp', width: 384 });
    expect(await drawLeft(t, userId)).toBe(8);
    // Deterministic: the same prompt draws the same picture.
    const again = await t.call('POST', '/api/draw-image/basic', { token, body: { prompt: '江南水乡的清晨', type: 'ink', size: 'landscape', n: 1 } });
    expect((await fetchStored(t, again.body.data.list[0].url)).body.equals(full.body)).toBe(true);
  });

  it('refuses bad input with a Chinese 400 and changes nothing', async () => {
    const before = await drawLeft(t, userId);
    const count = await imageCount(t, userId);
    for (const body of [
      { prompt: '' },
      { prompt: '   ' },
      { prompt: 'a\u0000b' },
      { prompt: 'x'.repeat(1001) },
      { prompt: 'ok', size: 'huge' },
      { prompt: 'ok', n: 9 },
      { prompt: 'ok', type: 'nope' },
      { prompt: 12 },
      { prompt: '画一个违禁的东西' },
    ]) {
      const res = await t.call('POST', '/api/draw-image/basic', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const body of [{ prompt: 'ok', quality: 'ultra' }, { prompt: 'ok', mode: 'magic' }, { prompt: 'ok', source_text: 'x'.repeat(1001) }]) {
      expect((await t.call('POST', '/api/draw-image/dalle3', { token, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(await drawLeft(t, userId)).toBe(before);
    expect(await imageCount(t, userId)).toBe(count);
  });

  it('needs a token for everything of a user', async () => {
    for (const [m, url] of [
      ['POST', '/api/draw-image/basic'],
      ['POST', '/api/draw-image/dalle3'],
      ['GET', '/api/draw-image/histories'],
      ['GET', '/midjourney/getList'],
      ['POST', '/midjourney/submit'],
      ['POST', '/api/draw-image/publish'],
    ] as const) {
      const res = await t.call(m, url, { body: m === 'POST' ? { prompt: 'x' } : undefined });
      expect(res.status, url).toBe(401);
    }
  });

  it('an empty draw pool is the 408003 that opens the purchase dialog, nothing drawn', async () => {
    const poor = await t.loginByPhone(phone());
    const poorId = await setDraw(t, poor, 0);
    const res = await t.call('POST', '/api/draw-image/basic', { token: poor, body: { prompt: '一只猫' } });
    expect(res.body.code).toBe(408003);
    expect(await imageCount(t, poorId)).toBe(0);
    const mj = await t.call('POST', '/midjourney/submit', { token: poor, body: { prompt: 'a cat' } });
    expect(mj.body.code).toBe(408003);
  });

  it('concurrent drawings never charge more than the balance nor deliver unpaid', async () => {
    const u = await t.loginByPhone(phone());
    const id = await setDraw(t, u, 3);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => t.call('POST', '/api/draw-image/basic', { token: u, body: { prompt: `并发 ${i}` } })));
    const ok = results.filter((r) => r.body.code === 200).length;
    expect(ok).toBe(3);
    expect(results.filter((r) => r.body.code === 408003).length).toBe(3);
    expect(await drawLeft(t, id)).toBe(0);
    expect(await imageCount(t, id)).toBe(3);
  });

  it('histories are the owner\'s only, paged; publishing is the owner\'s and can be withdrawn', async () => {
    const mine = await t.call('GET', '/api/draw-image/histories', { token, query: { page: '1', size: '2' } });
    expect(mine.body.data.list).toHaveLength(2);
    expect(mine.body.data.meta.total).toBeGreaterThanOrEqual(3);
    const theirs = await t.call('GET', '/api/draw-image/histories', { token: other });
    expect(theirs.body.data.list).toHaveLength(0);
    const id = mine.body.data.list[0].id as number;

    const steal = await t.call('POST', '/api/draw-image/publish', { token: other, body: { id, public: true } });
    expect(steal.status).toBe(404);
    const del = await t.call('POST', '/api/draw-image/delete', { token: other, body: { id } });
    expect(del.status).toBe(404);

    expect((await t.call('GET', '/api/draw-image/market')).body.data.list.some((x: { id: number }) => x.id === id)).toBe(false);
    const pub = await t.call('POST', '/api/draw-image/publish', { token, body: { id, public: true } });
    expect(pub.body.data.public).toBe(true);
    const market = await t.call('GET', '/api/draw-image/market', { query: { type: 'ink' } });
    expect(market.body.data.list.map((x: { id: number }) => x.id)).toContain(id);
    expect((await t.call('GET', '/api/draw-image/market', { query: { type: 'anime' } })).body.data.list).toHaveLength(0);
    await t.call('POST', '/api/draw-image/publish', { token, body: { id, public: false } });
    expect((await t.call('GET', '/api/draw-image/market')).body.data.list.some((x: { id: number }) => x.id === id)).toBe(false);
    expect((await t.call('GET', '/api/draw-image/market', { query: { cursor: 'abc' } })).status).toBe(400);
  });

  it('the gallery pages by cursor without repeats', async () => {
    const list = (await t.call('GET', '/api/draw-image/histories', { token, query: { size: '60' } })).body.data.list as { id: number }[];
    for (const img of list) await t.call('POST', '/api/draw-image/publish', { token, body: { id: img.id, public: true } });
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page: { body: { data: { list: { id: number }[]; next_cursor: number | null } } } = await t.call('GET', '/api/draw-image/market', { query: { size: '2', ...(cursor ? { cursor: String(cursor) } : {}) } });
      seen.push(...page.body.data.list.map((x) => x.id));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(seen).toEqual(list.map((x) => x.id));
  });

  it('smart drawing: the offline rewrite is labelled, then drawn with the English prompt kept', async () => {
    const rw = await t.call('POST', '/api/draw-image/rewrite', { token, body: { text: '雪山下的小木屋' } });
    expect(rw.body.data.offline).toBe(true);
    expect(rw.body.data.prompt).toContain('离线演示');
    const res = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: rw.body.data.prompt, mode: 'ai3', source_text: '雪山下的小木屋' } });
    expect(res.body.data.list[0]).toMatchObject({ kind: 'ai3', prompt: '雪山下的小木屋', prompt_en: rw.body.data.prompt });
    expect(res.body.data.charged).toBe(2);
  });

  it('offline Midjourney: a job goes queued, progress, a 2×2 grid with U/V buttons, then an upscale; charged on delivery', async () => {
    const u = await t.loginByPhone(phone());
    const id = await setDraw(t, u, 5);
    const taskOf = async (taskId: number) => (await t.call('GET', `/midjourney/task/${taskId}`, { token: u })).body.data;
    const sub = await t.call('POST', '/midjourney/submit', { token: u, body: { prompt: 'a lighthouse at dusk' } });
    expect(sub.body.data).toMatchObject({ progress: 0, offline: true, charged: 0, cost: 2 });
    const taskId = sub.body.data.id as number;
    await waitFor(async () => (await taskOf(taskId)).status === 'running');
    t.clock.advance(3000);
    // At most +2 s: the offline task of 6 s is still in progress.
    await waitMovingClock(t, async () => (await taskOf(taskId)).progress > 0, { stepMs: 100, everyMs: 250, maxMs: 2000, timeoutMs: 10_000 });
    expect((await taskOf(taskId)).status).toBe('running');
    expect((await t.call('GET', `/midjourney/task/${taskId}`, { token: other })).status).toBe(404);
    t.clock.advance(4000);
    await waitMovingClock(t, async () => (await taskOf(taskId)).status === 'success', untilTaskEnds);
    const done = await taskOf(taskId);
    expect(done).toMatchObject({ status: 'success', progress: 100, charged: 2 });
    expect(done.buttons.map((b: { label: string }) => b.label)).toEqual(expect.arrayContaining(['U1', 'V4']));
    expect(done.image.width).toBe(768);
    expect(await drawLeft(t, id)).toBe(3);
    const u1 = done.buttons.find((b: { label: string }) => b.label === 'U1');
    expect((await t.call('POST', '/midjourney/action', { token: other, body: { task_id: taskId, custom_id: u1.custom_id } })).status).toBe(404);
    expect((await t.call('POST', '/midjourney/action', { token: u, body: { task_id: taskId, custom_id: 'MJ::JOB::made-up' } })).status).toBe(400);
    const up = await t.call('POST', '/midjourney/action', { token: u, body: { task_id: taskId, custom_id: u1.custom_id } });
    expect(up.body.data).toMatchObject({ action: 'upscale', cost: 1 });
    await waitFor(async () => (await taskOf(up.body.data.id)).status === 'running');
    t.clock.advance(3000);
    await waitMovingClock(t, async () => (await taskOf(up.body.data.id)).status === 'success', { stepMs: 100, everyMs: 250, maxMs: 2000, timeoutMs: 10_000 });
    const upscaled = await taskOf(up.body.data.id);
    expect(upscaled).toMatchObject({ charged: 1 });
    expect(upscaled.buttons.map((b: { label: string }) => b.label)).toEqual(expect.arrayContaining(['Zoom Out 2x', '⬅️']));
    expect(await drawLeft(t, id)).toBe(2);
    const list = await t.call('GET', '/midjourney/getList', { token: u });
    expect(list.body.data.meta.total).toBe(2);
    expect((await t.call('GET', '/midjourney/getList', { token: other })).body.data.meta.total).toBe(0);
  });

  it('pushes a task\'s progress to the page (SSE): the task, its progress, its end; never another user\'s', async () => {
    const u = await t.loginByPhone(phone());
    await setDraw(t, u, 5);
    const sub = await t.call('POST', '/midjourney/submit', { token: u, body: { prompt: 'streamed' } });
    const id = sub.body.data.id as number;
    const base = await t.listen();
    const theirs = await fetch(`${base}/midjourney/task/${id}/stream`, { headers: { Authorization: `Bearer ${other}` } });
    expect(theirs.status).toBe(404);
    const res = await fetch(`${base}/midjourney/task/${id}/stream`, { headers: { Authorization: `Bearer ${u}` } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const read = readSseEvents(res, mjStreamEvent);
    await waitFor(async () => (await t.call('GET', `/midjourney/task/${id}`, { token: u })).body.data.status === 'running');
    t.clock.advance(3000);
    await waitFor(async () => (await t.call('GET', `/midjourney/task/${id}`, { token: u })).body.data.progress > 0);
    // Until it ends: a step that rescheduled itself after an advance waits on the test clock.
    await waitMovingClock(t, async () => (await t.call('GET', `/midjourney/task/${id}`, { token: u })).body.data.status === 'success', { stepMs: 1000, everyMs: 200, timeoutMs: 15_000 });
    const { events } = await read;
    expect(events[0]).toMatchObject({ type: 'job.snapshot', task: { id } });
    expect(events.some((e) => e.type === 'progress' && e.progress > 0)).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'job.end', status: 'done', error: null, charged: 2 });
  });

  it('concurrent Midjourney submissions are held against the pool: never more tasks than it pays for', async () => {
    const u = await t.loginByPhone(phone());
    const id = await setDraw(t, u, 3);
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => t.call('POST', '/midjourney/submit', { token: u, body: { prompt: `held ${i}` } })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 408003)).toHaveLength(3);
    const taskId = results.find((r) => r.body.code === 200)!.body.data.id as number;
    await waitMovingClock(t, async () => (await t.call('GET', `/midjourney/task/${taskId}`, { token: u })).body.data.status === 'success', { stepMs: 1000, everyMs: 200, timeoutMs: 15_000 });
    expect(await drawLeft(t, id)).toBe(1);
  });

  it('offline blend and describe: 混图 draws a grid from 2–5 pictures, 识图 reads four labelled prompts; each charged on delivery', async () => {
    const u = await t.loginByPhone(phone());
    const id = await setDraw(t, u, 10);
    const taskOf = async (taskId: number) => (await t.call('GET', `/midjourney/task/${taskId}`, { token: u })).body.data;
    const png = dataUrl(await samplePng());
    const blend = await t.call('POST', '/midjourney/blend', { token: u, body: { images: [png, png, png], dimensions: 'LANDSCAPE' } });
    expect(blend.body.data).toMatchObject({ action: 'blend', cost: 2, offline: true, prompts: [] });
    const desc = await t.call('POST', '/midjourney/describe', { token: u, body: { image: png } });
    expect(desc.body.data).toMatchObject({ action: 'describe', cost: 1 });
    // Moving the clock: a step that waits (a slot, its next poll) waits on the test clock.
    await waitMovingClock(t, async () => (await taskOf(blend.body.data.id)).status === 'success' && (await taskOf(desc.body.data.id)).status === 'success', { stepMs: 1000, everyMs: 200, timeoutMs: 20_000 });
    const b = await taskOf(blend.body.data.id);
    expect(b.image.width).toBeGreaterThan(b.image.height);
    expect(b.buttons.map((x: { label: string }) => x.label)).toContain('U1');
    // The pictures were kept only until the grid was drawn from them.
    expect((await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, blend.body.data.id)))[0]!.input).toEqual({});
    const d = await taskOf(desc.body.data.id);
    expect(d.prompts).toHaveLength(4);
    expect(d.prompts[0]).toContain('离线演示');
    expect(d.image).toBeNull();
    expect(d.charged).toBe(1);
    expect(await drawLeft(t, id)).toBe(7);
  });

  it('offline smart drawing takes a reference picture (checked by its bytes) and lays it into the result', async () => {
    expect((await t.call('GET', '/api/draw-image/image-types')).body.data.edits).toBe(true);
    const png = await samplePng();
    const res = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'a fox', mode: 'ai3', source_text: '狐狸', image: dataUrl(png) } });
    expect(res.body.code).toBe(200);
    const plain = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'a fox', mode: 'ai3', source_text: '狐狸' } });
    const a = await fetchStored(t, res.body.data.list[0].url);
    const b = await fetchStored(t, plain.body.data.list[0].url);
    expect(a.body.equals(b.body)).toBe(false);
    const before = await drawLeft(t, userId);
    const bad = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'a fox', mode: 'ai3', image: NOT_IMAGE } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('不是有效的');
    const lying = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'a fox', mode: 'ai3', image: dataUrl(png, 'image/jpeg') } });
    expect(lying.status).toBe(400);
    expect(await drawLeft(t, userId)).toBe(before);
  });
});

describe('drawing against a fake OpenAI images API', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeImages>>;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    fake = await startFakeImages({ key: 'sk-draw' });
    t = await createTestApp({ env: { DRAW_OPENAI_BASE_URL: fake.url, DRAW_OPENAI_API_KEY: 'sk-draw', DRAW_IMAGE_MODEL: 'dall-e-3' } });
    token = await t.loginByPhone(phone());
    userId = await setDraw(t, token, 20);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends the real protocol (dall-e-3: one image per request, b64_json) and stores what came back', async () => {
    const res = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'a red fox', size: 'portrait', quality: 'hd', style: 'natural', n: 2 } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.list).toHaveLength(2);
    expect(res.body.data.list[0].offline).toBe(false);
    expect(fake.requests.at(-1)).toMatchObject({ model: 'dall-e-3', n: 1, size: '1024x1792', quality: 'hd', style: 'natural', response_format: 'b64_json' });
    expect(res.body.data.list[0].url).toMatch(/^\/uploads\/draw\//);
    expect(await drawLeft(t, userId)).toBe(16);
  });

  it('downloads URL answers into our storage (never hot-linked)', async () => {
    const res = await t.call('POST', '/api/draw-image/basic', { token, body: { prompt: 'a fox [[url]]' } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.list[0].url).not.toContain('127.0.0.1');
    expect((await fetchStored(t, res.body.data.list[0].url)).status).toBe(200);
  });

  it('a refused prompt, a broken image or an upstream error charges nothing and stores nothing', async () => {
    const before = await drawLeft(t, userId);
    const count = await imageCount(t, userId);
    const policy = await t.call('POST', '/api/draw-image/basic', { token, body: { prompt: 'x [[policy]]' } });
    expect(policy.status).toBe(400);
    expect(policy.body.message).toContain('安全审核');
    const broken = await t.call('POST', '/api/draw-image/basic', { token, body: { prompt: 'x [[notimage]]' } });
    expect(broken.status).toBe(502);
    expect(broken.body.message).toContain('不是有效图片');
    expect((await t.call('POST', '/api/draw-image/basic', { token, body: { prompt: 'x [[500]]' } })).status).toBe(502);
    expect((await t.call('POST', '/api/draw-image/basic', { token, body: { prompt: 'x [[empty]]' } })).status).toBe(502);
    expect(await drawLeft(t, userId)).toBe(before);
    expect(await imageCount(t, userId)).toBe(count);
  });

  it('dall-e-3 takes no reference picture: image-types says so and one sent is a 400', async () => {
    expect((await t.call('GET', '/api/draw-image/image-types')).body.data.edits).toBe(false);
    const png = dataUrl(await samplePng());
    const res = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'a fox', mode: 'ai3', image: png } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('不支持参考图');
  });

  it('gpt-image edits: POST /images/edits as multipart with image[] (the picture\'s own bytes and type)', async () => {
    const p = new OpenAiImages({ baseUrl: fake.url, apiKey: 'sk-draw', model: 'gpt-image-1' });
    expect(p.edits).toBe(true);
    const png = await samplePng();
    const out = await p.edit({ prompt: 'make it snow', size: 'portrait', quality: 'standard', style: 'vivid', n: 2, type: 'general', images: [png, png] });
    expect(out).toHaveLength(2);
    const req = fake.requests.at(-1);
    expect(req).toMatchObject({ path: '/images/edits', model: 'gpt-image-1', prompt: 'make it snow', n: 2, size: '1024x1536', quality: 'medium' });
    expect(req.images).toHaveLength(2);
    expect(req.images[0].type).toBe('image/png');
    expect(req.images[0].bytes.equals(png)).toBe(true);
    expect(new OpenAiImages({ baseUrl: fake.url, apiKey: 'sk-draw', model: 'dall-e-3' }).edits).toBe(false);
  });

  it('gpt-image models get n in one request and their own sizes', async () => {
    const p = new OpenAiImages({ baseUrl: fake.url, apiKey: 'sk-draw', model: 'gpt-image-1' });
    const out = await p.generate({ prompt: 'cat', size: 'landscape', quality: 'hd', style: 'vivid', n: 3, type: 'general' });
    expect(out).toHaveLength(3);
    expect(fake.requests.at(-1)).toMatchObject({ model: 'gpt-image-1', n: 3, size: '1536x1024', quality: 'high' });
    expect(fake.requests.at(-1).response_format).toBeUndefined();
  });
});

describe('smart drawing with a reference picture against a gpt-image model', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeImages>>;
  let token: string;
  beforeAll(async () => {
    fake = await startFakeImages({ key: 'sk-edit' });
    t = await createTestApp({ env: { DRAW_OPENAI_BASE_URL: fake.url, DRAW_OPENAI_API_KEY: 'sk-edit', DRAW_IMAGE_MODEL: 'gpt-image-1' } });
    token = await t.loginByPhone(phone());
    await setDraw(t, token, 10);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('the reference goes to /images/edits; the result is stored and charged like any drawing', async () => {
    expect((await t.call('GET', '/api/draw-image/image-types')).body.data.edits).toBe(true);
    const png = await samplePng();
    const res = await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'the same fox in winter', mode: 'ai3', source_text: '冬天的狐狸', image: dataUrl(png) } });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ charged: 2, list: [{ kind: 'ai3', prompt: '冬天的狐狸', offline: false }] });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/images/edits', prompt: 'the same fox in winter' });
    expect(fake.requests.at(-1).images[0].bytes.equals(png)).toBe(true);
    const before = fake.requests.length;
    expect((await t.call('POST', '/api/draw-image/dalle3', { token, body: { prompt: 'x', mode: 'ai3', image: NOT_IMAGE } })).status).toBe(400);
    expect((await t.call('POST', '/api/draw-image/dalle3', { body: { prompt: 'x', mode: 'ai3', image: dataUrl(png) } })).status).toBe(401);
    expect(fake.requests.length).toBe(before);
  });
});

describe('professional drawing against a fake midjourney-proxy (trueai-org edition; both editions: mj-editions.test.ts)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeMj>>;
  let token: string;
  let other: string;
  let userId: number;
  const env = { MJ_PROXY_URL: '', MJ_API_SECRET: 'mj-secret', MJ_CONCURRENCY: '2', DRAW_TASK_TIMEOUT_MS: '600000', DRAW_COST_MJ_DESCRIBE: '3' };
  const taskOf = async (taskId: number, tk = token) => (await t.call('GET', `/midjourney/task/${taskId}`, { token: tk })).body.data;
  const remoteOf = async (taskId: number) => {
    await waitFor(async () => !!(await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, taskId)))[0]!.remoteId);
    return (await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, taskId)))[0]!.remoteId!;
  };
  const notifyPath = (remote: string) => {
    const u = new URL(fake.tasks.get(remote)!.notifyHook!);
    return `${u.pathname}${u.search}`;
  };
  /** Fails every task still open at the fake and waits until none is running here. */
  const drain = async () => {
    await waitMovingClock(t, async () => {
      for (const task of fake.tasks.values()) if (['SUBMITTED', 'IN_PROGRESS', 'MODAL'].includes(task.status)) fake.failTask(task.id, 'drained');
      return (await t.ctx.db.select().from(drawTasks).where(inArray(drawTasks.status, ['running', 'queued']))).length === 0;
    });
  };

  beforeAll(async () => {
    fake = await startFakeMj({ secret: 'mj-secret', edition: 'trueai' });
    env.MJ_PROXY_URL = fake.url;
    t = await createTestApp({ env, turns: { jobs: { pollMs: 20 } } });
    token = await t.loginByPhone(phone());
    other = await t.loginByPhone(phone());
    userId = await setDraw(t, token, 100);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('submit, progress, success: the image is downloaded into our storage and charged once, even when notified twice', async () => {
    const sub = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'a castle in the clouds' } });
    expect(sub.body.data).toMatchObject({ offline: false, charged: 0 });
    const id = sub.body.data.id as number;
    const remote = await remoteOf(id);
    expect(fake.submits.at(-1)).toMatchObject({ path: '/mj/submit/imagine', body: { prompt: 'a castle in the clouds', base64Array: [] } });
    fake.progress(remote, 42);
    t.clock.advance(3100);
    await waitFor(async () => (await taskOf(id)).progress === 42);
    expect(await taskOf(id)).toMatchObject({ status: 'running', progress: 42 });
    fake.succeed(remote);
    // The hook, twice at once and once more: one delivery, one charge.
    const hook = notifyPath(remote);
    const replies = await Promise.all([t.app.inject({ method: 'POST', url: hook, payload: fake.tasks.get(remote) }), t.app.inject({ method: 'POST', url: hook, payload: fake.tasks.get(remote) })]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    await waitMovingClock(t, async () => (await taskOf(id)).status === 'success', untilTaskEnds);
    await t.app.inject({ method: 'POST', url: hook, payload: {} });
    const done = await taskOf(id);
    expect(done).toMatchObject({ status: 'success', progress: 100, charged: 2 });
    expect(done.image.url).toMatch(/^\/uploads\/draw\//);
    expect(done.buttons).toHaveLength(9);
    expect(await drawLeft(t, userId)).toBe(98);
    expect((await t.ctx.db.select().from(drawImages).where(eq(drawImages.userId, userId))).length).toBe(1);

    // An action by customId.
    const v2 = done.buttons.find((b: { label: string }) => b.label === 'V2');
    const act = await t.call('POST', '/midjourney/action', { token, body: { task_id: id, custom_id: v2.custom_id } });
    expect(act.body.data).toMatchObject({ action: 'variation' });
    await remoteOf(act.body.data.id);
    expect(fake.submits.at(-1)).toMatchObject({ path: '/mj/submit/action', body: { taskId: remote, customId: v2.custom_id } });
  });

  it('a forged or missing notify signature is refused and changes nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/midjourney/notify?task=1&sig=00000000000000000000000000000000', payload: {} });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/midjourney/notify', payload: { id: 'x' } })).statusCode).toBe(403);
  });

  it('banned prompt, full queue and failure map to clear messages and charge nothing', async () => {
    await drain();
    const before = await drawLeft(t, userId);
    const banned = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'x [[banned]]' } });
    // trueai takes the prompt and its queue fails the task (novicezk's code 24: mj-editions.test.ts).
    await remoteOf(banned.body.data.id);
    t.clock.advance(3100);
    await waitFor(async () => (await taskOf(banned.body.data.id)).status === 'failed');
    expect((await taskOf(banned.body.data.id)).error).toContain('可能包含敏感词');
    const full = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'x [[full]]' } });
    await waitFor(async () => (await taskOf(full.body.data.id)).status === 'failed');
    expect((await taskOf(full.body.data.id)).error).toBe('绘画队列已满，请稍后再试');
    const sub = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'will fail' } });
    fake.failTask(await remoteOf(sub.body.data.id), 'Job action restricted');
    t.clock.advance(3100);
    await waitFor(async () => (await taskOf(sub.body.data.id)).status === 'failed');
    expect(await taskOf(sub.body.data.id)).toMatchObject({ status: 'failed', charged: 0 });
    expect((await taskOf(sub.body.data.id)).error).toContain('Job action restricted');
    expect(await drawLeft(t, userId)).toBe(before);
  });

  it('a task stuck past the timeout fails once, its hold released', async () => {
    await drain();
    const before = await drawLeft(t, userId);
    const sub = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'stuck' } });
    const remote = await remoteOf(sub.body.data.id);
    fake.progress(remote, 10);
    t.clock.advance(601_000);
    await waitFor(async () => (await taskOf(sub.body.data.id)).status === 'failed');
    const res = await taskOf(sub.body.data.id);
    expect(res).toMatchObject({ status: 'failed', charged: 0 });
    expect(res.error).toContain('超时');
    // Even if the proxy finishes it afterwards, nothing is delivered or charged.
    fake.succeed(remote);
    await t.app.inject({ method: 'POST', url: notifyPath(remote), payload: {} });
    t.clock.advance(3100);
    await new Promise((r) => setTimeout(r, 100));
    expect((await taskOf(sub.body.data.id)).status).toBe('failed');
    expect(await drawLeft(t, userId)).toBe(before);
  });

  it('per-key concurrency: beyond MJ_CONCURRENCY tasks wait queued, then start when a slot frees', async () => {
    await drain();
    const u = await t.loginByPhone(phone());
    await setDraw(t, u, 50);
    const a = await t.call('POST', '/midjourney/submit', { token: u, body: { prompt: 'one' } });
    const b = await t.call('POST', '/midjourney/submit', { token: u, body: { prompt: 'two' } });
    await remoteOf(a.body.data.id);
    await remoteOf(b.body.data.id);
    const c = await t.call('POST', '/midjourney/submit', { token: u, body: { prompt: 'three' } });
    await new Promise((r) => setTimeout(r, 150));
    expect((await taskOf(c.body.data.id, u)).status).toBe('queued');
    fake.succeed(await remoteOf(a.body.data.id));
    t.clock.advance(3100);
    await waitFor(async () => (await taskOf(a.body.data.id, u)).status === 'success');
    t.clock.advance(2100);
    await waitFor(async () => (await taskOf(c.body.data.id, u)).status === 'running');
  });


  it('blend: 2–5 pictures and a shape go to /mj/submit/blend; the grid is stored and charged once', async () => {
    await drain();
    const before = await drawLeft(t, userId);
    const png = dataUrl(await samplePng());
    const sub = await t.call('POST', '/midjourney/blend', { token, body: { images: [png, png], dimensions: 'PORTRAIT' } });
    expect(sub.body.data).toMatchObject({ action: 'blend', cost: 2, status: 'queued', offline: false });
    const remote = await remoteOf(sub.body.data.id);
    expect(fake.submits.at(-1)).toMatchObject({ path: '/mj/submit/blend', body: { base64Array: [png, png], dimensions: 'PORTRAIT' } });
    expect(fake.submits.at(-1).body.notifyHook).toContain('/midjourney/notify?task=');
    fake.succeed(remote);
    await t.app.inject({ method: 'POST', url: notifyPath(remote), payload: {} });
    await waitMovingClock(t, async () => (await taskOf(sub.body.data.id)).status === 'success', untilTaskEnds);
    const done = await taskOf(sub.body.data.id);
    expect(done).toMatchObject({ charged: 2, progress: 100 });
    expect(done.image.url).toMatch(/^\/uploads\/draw\//);
    expect(done.buttons.map((b: { label: string }) => b.label)).toContain('U1');
    expect(await drawLeft(t, userId)).toBe(before - 2);
    expect((await t.call('GET', `/midjourney/task/${sub.body.data.id}`, { token: other })).status).toBe(404);
  });

  it('describe: one picture to /mj/submit/describe; the four prompts of finalPrompt come back, its own cost, no image', async () => {
    await drain();
    const before = await drawLeft(t, userId);
    const png = dataUrl(await samplePng());
    const sub = await t.call('POST', '/midjourney/describe', { token, body: { image: png } });
    expect(sub.body.data).toMatchObject({ action: 'describe', cost: 3 });
    const remote = await remoteOf(sub.body.data.id);
    expect(fake.submits.at(-1)).toMatchObject({ path: '/mj/submit/describe', body: { base64: png } });
    fake.succeed(remote);
    t.clock.advance(3100);
    await waitMovingClock(t, async () => (await taskOf(sub.body.data.id)).status === 'success', untilTaskEnds);
    const done = await taskOf(sub.body.data.id);
    expect(done).toMatchObject({ prompts: DESCRIBED, image: null, buttons: [], charged: 3 });
    expect(await drawLeft(t, userId)).toBe(before - 3);
    expect((await t.call('GET', `/midjourney/task/${sub.body.data.id}`, { token: other })).status).toBe(404);
    expect((await t.call('GET', '/midjourney/getList', { token: other })).body.data.list.some((x: { id: number }) => x.id === sub.body.data.id)).toBe(false);
  });

  it('blend and describe refuse bad input with a 400 (1 or 6 pictures, a bad shape, bytes that are no image) and no token with a 401, nothing spent', async () => {
    await drain();
    const before = await drawLeft(t, userId);
    const submitted = fake.submits.length;
    const png = dataUrl(await samplePng());
    const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    for (const body of [
      { images: [png] },
      { images: [png, png, png, png, png, png] },
      { images: [] },
      { images: 'nope' },
      { images: [png, png], dimensions: 'WIDE' },
      { images: [png, NOT_IMAGE] },
      { images: [png, gif] },
      { images: [png, 'not a data url'] },
    ]) {
      const res = await t.call('POST', '/midjourney/blend', { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await t.call('POST', '/midjourney/blend', { token, body: { images: [png] } })).body.message).toContain('至少需要 2 张');
    expect((await t.call('POST', '/midjourney/blend', { token, body: { images: [png, png, png, png, png, png] } })).body.message).toContain('最多 5 张');
    expect((await t.call('POST', '/midjourney/blend', { token, body: { images: [png, NOT_IMAGE] } })).body.message).toContain('第 2 张图片不是有效的');
    for (const body of [{}, { image: NOT_IMAGE }, { image: gif }, { image: [png] }]) {
      expect((await t.call('POST', '/midjourney/describe', { token, body })).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'x', images: [NOT_IMAGE] } })).status).toBe(400);
    expect((await t.call('POST', '/midjourney/blend', { body: { images: [png, png] } })).status).toBe(401);
    expect((await t.call('POST', '/midjourney/describe', { body: { image: png } })).status).toBe(401);
    expect(fake.submits.length).toBe(submitted);
    expect(await drawLeft(t, userId)).toBe(before);
  });

  it('zoom and pan buttons of an upscale are their own kinds with their own cost (not variation)', async () => {
    await drain();
    const sub = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'zoom me' } });
    const remote = await remoteOf(sub.body.data.id);
    fake.succeed(remote);
    t.clock.advance(3100);
    await waitMovingClock(t, async () => (await taskOf(sub.body.data.id)).status === 'success', untilTaskEnds);
    const u1 = (await taskOf(sub.body.data.id)).buttons.find((b: { label: string }) => b.label === 'U1');
    const up = await t.call('POST', '/midjourney/action', { token, body: { task_id: sub.body.data.id, custom_id: u1.custom_id } });
    const upRemote = await remoteOf(up.body.data.id);
    fake.succeed(upRemote);
    t.clock.advance(3100);
    await waitMovingClock(t, async () => (await taskOf(up.body.data.id)).status === 'success', untilTaskEnds);
    const buttons = (await taskOf(up.body.data.id)).buttons as { custom_id: string; label: string }[];
    const zoom = buttons.find((b) => b.custom_id.includes('::Outpaint::50'))!;
    const pan = buttons.find((b) => b.custom_id.includes('::pan_left'))!;
    const z = await t.call('POST', '/midjourney/action', { token, body: { task_id: up.body.data.id, custom_id: zoom.custom_id } });
    expect(z.body.data).toMatchObject({ action: 'zoom', cost: 2 });
    await remoteOf(z.body.data.id);
    expect(fake.tasks.get((await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, z.body.data.id)))[0]!.remoteId!)!.action).toBe('ZOOM');
    const p = await t.call('POST', '/midjourney/action', { token, body: { task_id: up.body.data.id, custom_id: pan.custom_id } });
    expect(p.body.data).toMatchObject({ action: 'pan', cost: 2 });
    // Custom Zoom: the proxy asks for a prompt (MODAL); it is given the task's prompt with --zoom 2, then the task runs on.
    await drain();
    const custom = buttons.find((b) => b.custom_id.includes('::CustomZoom'))!;
    const cz = await t.call('POST', '/midjourney/action', { token, body: { task_id: up.body.data.id, custom_id: custom.custom_id } });
    expect(cz.body.data).toMatchObject({ action: 'zoom', cost: 2 });
    const czRemote = await remoteOf(cz.body.data.id);
    expect(fake.tasks.get(czRemote)!.status).toBe('MODAL');
    await waitMovingClock(t, () => fake.submits.some((x) => x.path === '/mj/submit/modal' && x.body.taskId === czRemote));
    expect(fake.submits.find((x) => x.path === '/mj/submit/modal')!.body.prompt).toBe('zoom me --zoom 2');
    fake.succeed(czRemote);
    await t.app.inject({ method: 'POST', url: notifyPath(czRemote), payload: {} });
    await waitMovingClock(t, async () => (await taskOf(cz.body.data.id)).status === 'success', untilTaskEnds);
    expect(await taskOf(cz.body.data.id)).toMatchObject({ charged: 2 });
    expect(fake.submits.filter((x) => x.path === '/mj/submit/modal')).toHaveLength(1);
    expect((await t.call('GET', '/api/draw-image/image-types')).body.data.costs).toMatchObject({ mj_zoom: 2, mj_pan: 2, mj_blend: 2, mj_describe: 3 });
  });

  it('the other user never sees a task; bad ids are 400', async () => {
    const mine = await t.call('GET', '/midjourney/getList', { token });
    const id = mine.body.data.list[0].id as number;
    expect((await t.call('GET', `/midjourney/task/${id}`, { token: other })).status).toBe(404);
    expect((await t.call('GET', '/midjourney/task/abc', { token })).status).toBe(400);
    expect((await t.call('GET', '/midjourney/task/99999999999', { token })).status).toBe(400);
    expect((await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'x', images: ['data:image/gif;base64,AAAA'] } })).status).toBe(400);
  });

  it('the proxy client sends mj-api-secret and a wrong one is a clear error', async () => {
    const bad = new MidjourneyProxy({ baseUrl: fake.url, secret: 'wrong' });
    await expect(bad.imagine({ prompt: 'x', base64Array: [] })).rejects.toThrow('密钥无效');
  });

  // Last: it stops this instance's job runner.
  it('a restart in the middle of a task: another instance takes the job over and delivers it once', async () => {
    await drain();
    const before = await drawLeft(t, userId);
    const sub = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'restart me' } });
    const sub2 = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'restart me too' } });
    const remote = await remoteOf(sub.body.data.id);
    const remote2 = await remoteOf(sub2.body.data.id);
    fake.progress(remote, 30);
    fake.progress(remote2, 50);
    await t.turns.jobs.close();
    const t2 = await createTestApp({ shareWith: t, env, turns: { jobs: { pollMs: 20 } } });
    try {
      // Both resumed at once: their polls go as one list-by-condition call, and its answer moves both.
      await waitMovingClock(t, () => fake.lists.some((ids) => ids.includes(remote) && ids.includes(remote2)));
      await waitMovingClock(t, async () => (await taskOf(sub.body.data.id)).progress === 30 && (await taskOf(sub2.body.data.id)).progress === 50);
      fake.succeed(remote);
      fake.succeed(remote2);
      await waitMovingClock(t, async () => (await taskOf(sub.body.data.id)).status === 'success' && (await taskOf(sub2.body.data.id)).status === 'success');
      expect(await taskOf(sub.body.data.id)).toMatchObject({ status: 'success', charged: 2 });
      const images = await t.ctx.db.select().from(drawImages).where(eq(drawImages.prompt, 'restart me'));
      expect(images).toHaveLength(1);
      expect(await drawLeft(t, userId)).toBe(before - 4);
    } finally {
      await t2.close();
    }
  });
});

describe('midjourney-proxy protocol details', () => {
  it('classes buttons by customId: U, V, reroll, zoom (Outpaint, CustomZoom), pan; hides Vary Region, Animate, the bookmark', () => {
    expect(actionOf('MJ::JOB::upsample::1::abc')).toBe('upscale');
    expect(actionOf('MJ::JOB::variation::2::abc')).toBe('variation');
    expect(actionOf('MJ::JOB::reroll::0::abc::SOLO')).toBe('reroll');
    expect(actionOf('MJ::Outpaint::50::1::abc::SOLO')).toBe('zoom');
    expect(actionOf('MJ::CustomZoom::abc')).toBe('zoom');
    expect(actionOf('MJ::JOB::pan_left::1::abc::SOLO')).toBe('pan');
    expect(actionOf('MJ::CustomZoom::1::abc')).toBe('zoom');
    expect(actionOf('MJ::JOB::upsample_v7_2x_subtle::1::abc::SOLO')).toBe('upscale');
    expect(actionOf('MJ::JOB::upsample_v6r1_2x_creative::1::abc::SOLO')).toBe('upscale');
    expect(actionOf('MJ::JOB::low_variation::1::abc::SOLO')).toBe('variation');
    expect(actionOf('MJ::JOB::high_variation::1::abc::SOLO')).toBe('variation');
    expect(actionOf('change::UPSCALE::3')).toBe('upscale');
    expect(actionOf('change::REROLL::0')).toBe('reroll');
    for (const hidden of ['MJ::Inpaint::1::abc::SOLO', 'MJ::JOB::animate_high::1::abc::SOLO', 'MJ::JOB::animate_low_extend::1::abc', 'MJ::BOOKMARK::abc', 'MJ::Something::new', 'change::UPSCALE::9']) {
      expect(actionOf(hidden), hidden).toBeNull();
    }
  });

  it('reads the four prompts of a describe, numbered or in paragraphs', () => {
    expect(describePrompts('1️⃣ a cat --ar 1:1\n\n2️⃣ a dog\n\n3️⃣ a bird\n\n4️⃣ a fish')).toEqual(['a cat --ar 1:1', 'a dog', 'a bird', 'a fish']);
    expect(describePrompts('one\n\ntwo')).toEqual(['one', 'two']);
    expect(describePrompts(null)).toEqual([]);
  });

  it('list-by-condition takes ids and returns the tasks the proxy knows', async () => {
    const fake = await startFakeMj();
    try {
      const p = new MidjourneyProxy({ baseUrl: fake.url });
      const a = await p.imagine({ prompt: 'one', base64Array: [] });
      const b = await p.imagine({ prompt: 'two', base64Array: [] });
      fake.progress(b, 20);
      const list = await p.list([a, b, 'unknown']);
      expect(list.map((x) => [x.id, x.status, x.progress])).toEqual([
        [a, 'SUBMITTED', 0],
        [b, 'IN_PROGRESS', 20],
      ]);
      expect(fake.lists.at(-1)).toEqual([a, b, 'unknown']);
    } finally {
      await fake.close();
    }
  });
});
