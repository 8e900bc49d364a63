import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, drawImages, drawTasks } from '../../db/schema/index.ts';
import { OpenAiImages } from '../../providers/image/openai.ts';
import { MidjourneyProxy } from '../../providers/image/midjourney.ts';
import { inspectImage } from '../../providers/image/files.ts';
import { startFakeImages, startFakeMj } from '../../testing/fake-draw.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { waitFor } from '../../testing/chat.ts';
import { readSseEvents } from '../../testing/sse.ts';
import { mjStreamEvent } from '@app/shared';
import { userIdOf } from '../billing/test-kit.ts';

let phoneSeq = 0;
const phone = () => `1390000${String(1000 + phoneSeq++).padStart(4, '0')}`;

async function setDraw(t: TestApp, token: string, n: number) {
  const id = await userIdOf(t, token);
  await t.ctx.db.update(balances).set({ baseDraw: n, memberDraw: 0 }).where(eq(balances.userId, id));
  return id;
}
async function drawLeft(t: TestApp, userId: number) {
  const [b] = await t.ctx.db.select().from(balances).where(eq(balances.userId, userId));
  return b!.baseDraw + b!.memberDraw;
}
async function imageCount(t: TestApp, userId: number) {
  return (await t.ctx.db.select().from(drawImages).where(eq(drawImages.userId, userId))).length;
}
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
    await waitFor(async () => (await taskOf(taskId)).progress > 0);
    expect((await taskOf(taskId)).status).toBe('running');
    expect((await t.call('GET', `/midjourney/task/${taskId}`, { token: other })).status).toBe(404);
    t.clock.advance(4000);
    await waitFor(async () => (await taskOf(taskId)).status === 'success');
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
    await waitFor(async () => (await taskOf(up.body.data.id)).status === 'success');
    expect(await taskOf(up.body.data.id)).toMatchObject({ buttons: [], charged: 1 });
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
    t.clock.advance(4000);
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
    await waitFor(async () => (await t.call('GET', `/midjourney/task/${taskId}`, { token: u })).body.data.status === 'running');
    t.clock.advance(7000);
    await waitFor(async () => (await t.call('GET', `/midjourney/task/${taskId}`, { token: u })).body.data.status === 'success');
    expect(await drawLeft(t, id)).toBe(1);
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

  it('gpt-image models get n in one request and their own sizes', async () => {
    const p = new OpenAiImages({ baseUrl: fake.url, apiKey: 'sk-draw', model: 'gpt-image-1' });
    const out = await p.generate({ prompt: 'cat', size: 'landscape', quality: 'hd', style: 'vivid', n: 3, type: 'general' });
    expect(out).toHaveLength(3);
    expect(fake.requests.at(-1)).toMatchObject({ model: 'gpt-image-1', n: 3, size: '1536x1024', quality: 'high' });
    expect(fake.requests.at(-1).response_format).toBeUndefined();
  });
});

describe('professional drawing against a fake midjourney-proxy', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeMj>>;
  let token: string;
  let other: string;
  let userId: number;
  const env = { MJ_PROXY_URL: '', MJ_API_SECRET: 'mj-secret', MJ_CONCURRENCY: '2', DRAW_TASK_TIMEOUT_MS: '600000' };
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
    for (const task of fake.tasks.values()) if (task.status === 'SUBMITTED' || task.status === 'IN_PROGRESS') fake.failTask(task.id, 'drained');
    t.clock.advance(3100);
    await waitFor(async () => (await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.status, 'running'))).length === 0);
  };

  beforeAll(async () => {
    fake = await startFakeMj({ secret: 'mj-secret' });
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
    await waitFor(async () => (await taskOf(id)).status === 'success');
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
    await waitFor(async () => (await taskOf(banned.body.data.id)).status === 'failed');
    expect((await taskOf(banned.body.data.id)).error).toContain('违禁词「nsfw」');
    const full = await t.call('POST', '/midjourney/submit', { token, body: { prompt: 'x [[full]]' } });
    await waitFor(async () => (await taskOf(full.body.data.id)).status === 'failed');
    expect((await taskOf(full.body.data.id)).error).toContain('队列已满');
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
    const remote = await remoteOf(sub.body.data.id);
    fake.progress(remote, 30);
    await t.turns.jobs.close();
    const t2 = await createTestApp({ shareWith: t, env, turns: { jobs: { pollMs: 20 } } });
    try {
      fake.succeed(remote);
      t.clock.advance(3100);
      await waitFor(async () => (await taskOf(sub.body.data.id)).status === 'success');
      expect(await taskOf(sub.body.data.id)).toMatchObject({ status: 'success', charged: 2 });
      const images = await t.ctx.db.select().from(drawImages).where(eq(drawImages.prompt, 'restart me'));
      expect(images).toHaveLength(1);
      expect(await drawLeft(t, userId)).toBe(before - 2);
    } finally {
      await t2.close();
    }
  });
});
