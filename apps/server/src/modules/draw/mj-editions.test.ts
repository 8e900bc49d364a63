import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, drawTasks } from '../../db/schema/index.ts';
import { MidjourneyProxy } from '../../providers/image/midjourney.ts';
import { DrawProviderError } from '../../providers/image/types.ts';
import { waitFor, waitMovingClock } from '../../testing/chat.ts';
import { startFakeMj, type MjEdition } from '../../testing/fake-draw.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { userIdOf } from '../billing/test-kit.ts';

/** The four defects of issue 26 against each midjourney-proxy edition, as its release answers (see the fake). */

let phoneSeq = 0;
const phone = () => `1371234${String(1000 + phoneSeq++).padStart(4, '0')}`;
const QUEUE_FULL = '绘画队列已满，请稍后再试';
type Button = { custom_id: string; label: string };

describe.each<MjEdition>(['novicezk', 'trueai'])('midjourney-proxy, %s edition', (edition) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeMj>>;
  let token: string;
  let userId: number;
  const env = { MJ_PROXY_URL: '', MJ_API_SECRET: 'mj-secret', MJ_CONCURRENCY: '20', DRAW_TASK_TIMEOUT_MS: '600000' };

  const taskOf = async (id: number) => (await t.call('GET', `/midjourney/task/${id}`, { token })).body.data;
  const rowOf = async (id: number) => (await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, id)))[0]!;
  const remoteOf = async (id: number) => {
    await waitFor(async () => !!(await rowOf(id)).remoteId || (await rowOf(id)).status === 'failed');
    return (await rowOf(id)).remoteId!;
  };
  const balance = async () => {
    const [b] = await t.ctx.db.select().from(balances).where(eq(balances.userId, userId));
    return { left: b!.baseDraw + b!.memberDraw, held: b!.heldDraw };
  };
  /** Waits for the task to end, moving the clock one poll on at most every 200 ms of real time. */
  const settled = async (id: number) => {
    await waitMovingClock(t, async () => ['success', 'failed'].includes((await rowOf(id)).status));
    return taskOf(id);
  };
  const submit = async (prompt: string) => (await t.call('POST', '/midjourney/submit', { token, body: { prompt } })).body.data.id as number;
  const press = async (taskId: number, customId: string) => t.call('POST', '/midjourney/action', { token, body: { task_id: taskId, custom_id: customId } });
  /** A finished grid: imagine, then the proxy succeeds it. */
  const grid = async (prompt: string) => {
    const id = await submit(prompt);
    fake.succeed(await remoteOf(id));
    const done = await settled(id);
    expect(done.status).toBe('success');
    return done as { id: number; buttons: Button[] };
  };
  const drain = async () => {
    for (const task of fake.tasks.values()) if (['SUBMITTED', 'IN_PROGRESS', 'MODAL', 'NOT_START'].includes(task.status)) fake.failTask(task.id, 'drained');
    await waitMovingClock(t, async () => (await t.ctx.db.select().from(drawTasks).where(inArray(drawTasks.status, ['running', 'queued']))).length === 0);
  };

  beforeAll(async () => {
    fake = await startFakeMj({ secret: 'mj-secret', edition });
    env.MJ_PROXY_URL = fake.url;
    t = await createTestApp({ env, turns: { jobs: { pollMs: 20 } } });
    token = await t.loginByPhone(phone());
    userId = await userIdOf(t, token);
    await t.ctx.db.update(balances).set({ baseDraw: 200, memberDraw: 0 }).where(eq(balances.userId, userId));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a finished grid offers U1–U4, 🔄, V1–V4, and U1 goes the way this edition takes it', async () => {
    const done = await grid('a lighthouse at dusk');
    expect(done.buttons.map((b) => b.label)).toEqual(['U1', 'U2', 'U3', 'U4', '🔄', 'V1', 'V2', 'V3', 'V4']);
    const u1 = done.buttons[0]!;
    const res = await press(done.id, u1.custom_id);
    expect(res.body.data).toMatchObject({ action: 'upscale', cost: 1 });
    const parentRemote = (await rowOf(done.id)).remoteId;
    await remoteOf(res.body.data.id);
    if (edition === 'novicezk') expect(fake.submits.at(-1)).toMatchObject({ path: '/mj/submit/change', body: { taskId: parentRemote, action: 'UPSCALE', index: 1 } });
    else expect(fake.submits.at(-1)).toMatchObject({ path: '/mj/submit/action', body: { taskId: parentRemote, customId: u1.custom_id } });
    fake.succeed((await rowOf(res.body.data.id)).remoteId!);
    expect(await settled(res.body.data.id)).toMatchObject({ status: 'success', charged: 1 });
    // Reroll and V2 as well.
    const v2 = await press(done.id, done.buttons.find((b) => b.label === 'V2')!.custom_id);
    expect(v2.body.data).toMatchObject({ action: 'variation', cost: 2 });
    const reroll = await press(done.id, done.buttons.find((b) => b.label === '🔄')!.custom_id);
    expect(reroll.body.data).toMatchObject({ action: 'reroll', cost: 2 });
    await remoteOf(reroll.body.data.id);
    if (edition === 'novicezk') expect(fake.submits.at(-1)).toMatchObject({ path: '/mj/submit/change', body: { action: 'REROLL' } });
    await drain();
  });

  it('code 21 is followed as a task, not an error', async () => {
    const before = await balance();
    const done = await grid('a fox in the snow');
    if (edition === 'novicezk') {
      // A repeated U1: the proxy answers 21 with the upscale it already has; the second task follows it
      // and delivers it again, free (the user paid for that upscale once).
      const u1 = done.buttons.find((b) => b.label === 'U1')!.custom_id;
      const first = (await press(done.id, u1)).body.data.id as number;
      const firstRemote = await remoteOf(first);
      fake.succeed(firstRemote);
      expect(await settled(first)).toMatchObject({ status: 'success', charged: 1 });
      const again = (await press(done.id, u1)).body.data.id as number;
      expect(await remoteOf(again)).toBe(firstRemote);
      expect(await settled(again)).toMatchObject({ status: 'success', charged: 0 });
      expect((await taskOf(again)).image.url).toMatch(/^\/uploads\/draw\//);
      expect(await balance()).toEqual({ left: before.left - 2 - 1, held: 0 });
    } else {
      // Custom Zoom: 21 with a task in MODAL; it gets the prompt with --zoom 2 through /mj/submit/modal.
      const u1 = (await press(done.id, done.buttons[0]!.custom_id)).body.data.id as number;
      fake.succeed(await remoteOf(u1));
      const upscaled = await settled(u1);
      const custom = (upscaled.buttons as Button[]).find((b) => b.custom_id.startsWith('MJ::CustomZoom::'))!;
      const cz = (await press(u1, custom.custom_id)).body.data.id as number;
      const czRemote = await remoteOf(cz);
      expect(fake.tasks.get(czRemote)!.status).toBe('MODAL');
      await waitMovingClock(t, () => fake.submits.some((x) => x.path === '/mj/submit/modal' && x.body.taskId === czRemote));
      expect(fake.submits.find((x) => x.path === '/mj/submit/modal' && x.body.taskId === czRemote)!.body.prompt).toBe('a fox in the snow --zoom 2');
      fake.succeed(czRemote);
      expect(await settled(cz)).toMatchObject({ status: 'success', charged: 2 });
      // Remix mode: a variation waits in MODAL too and gets the prompt as it was.
      fake.state.remix = true;
      try {
        const v1 = (await press(done.id, done.buttons.find((b) => b.label === 'V1')!.custom_id)).body.data.id as number;
        const vRemote = await remoteOf(v1);
        expect(fake.tasks.get(vRemote)!.status).toBe('MODAL');
        await waitMovingClock(t, () => fake.tasks.get(vRemote)!.status === 'SUBMITTED');
        expect(fake.submits.find((x) => x.path === '/mj/submit/modal' && x.body.taskId === vRemote)!.body.prompt).toBe('a fox in the snow');
        fake.succeed(vRemote);
        expect(await settled(v1)).toMatchObject({ status: 'success', charged: 2 });
      } finally {
        fake.state.remix = false;
      }
      expect(await balance()).toEqual({ left: before.left - 2 - 1 - 2 - 2, held: 0 });
    }
    await drain();
  });

  it(`an unknown or expired task (proxy restarted: ${edition === 'novicezk' ? 'an empty 200' : '204'}) ends at once with 找不到该任务, the hold released`, async () => {
    const before = await balance();
    const id = await submit('forgotten by a restart');
    const remote = await remoteOf(id);
    fake.restart();
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'failed', charged: 0 });
    expect(done.error).toContain('找不到该任务');
    // Not retried: one look was enough.
    expect(fake.fetches.get(remote)).toBe(1);
    expect(await balance()).toEqual(before);
  });

  it(`queue full (${edition === 'novicezk' ? 'code 23' : 'code 9 队列已满'}) and no account free (code 3): 绘画队列已满，请稍后再试, nothing charged, the hold released at once`, async () => {
    const before = await balance();
    for (const knob of ['busy', 'noAccount'] as const) {
      fake.state[knob] = true;
      try {
        const id = await submit(`queue ${knob}`);
        const done = await settled(id);
        expect(done, knob).toMatchObject({ status: 'failed', charged: 0, error: QUEUE_FULL });
      } finally {
        fake.state[knob] = false;
      }
    }
    expect(await balance()).toEqual(before);
  });

  it('a parent the proxy no longer knows is final: one submit, no retries, nothing charged', async () => {
    const done = await grid('parent forgotten');
    fake.restart();
    const before = await balance();
    const submitted = fake.submits.length;
    const res = await press(done.id, done.buttons.find((b) => b.label === 'U2')!.custom_id);
    const failed = await settled(res.body.data.id);
    expect(failed).toMatchObject({ status: 'failed', charged: 0 });
    expect(failed.error).toContain('已不存在');
    expect(fake.submits.length).toBe(submitted + 1);
    expect(fake.submits.at(-1).path).toBe(edition === 'novicezk' ? '/mj/submit/change' : '/mj/submit/action');
    expect(await balance()).toEqual(before);
  });

  it('the buttons of an upscaled image: an allow-list, priced by kind; Vary Region, Animate and the bookmark are never offered', async () => {
    const done = await grid('buttons of an upscale');
    const u = (await press(done.id, done.buttons[0]!.custom_id)).body.data.id as number;
    fake.succeed(await remoteOf(u));
    const upscaled = await settled(u);
    const ids = (upscaled.buttons as Button[]).map((b) => b.custom_id);
    if (edition === 'novicezk') {
      // novicezk changes only a grid (关联任务不允许执行变化): an upscale has nothing to offer.
      expect(ids).toEqual([]);
      return;
    }
    const remote = (await rowOf(u)).remoteId!;
    expect(fake.tasks.get(remote)!.buttons!.some((b) => b.customId.startsWith('MJ::BOOKMARK::'))).toBe(true);
    for (const hidden of ['MJ::Inpaint::', 'MJ::JOB::animate_', 'MJ::BOOKMARK::']) expect(ids.some((c) => c.startsWith(hidden)), hidden).toBe(false);
    expect(ids.some((c) => c.startsWith('MJ::JOB::upsample_v7_2x_subtle::'))).toBe(true);
    expect(ids.some((c) => c.startsWith('MJ::JOB::low_variation::'))).toBe(true);
    const subtle = await press(u, ids.find((c) => c.startsWith('MJ::JOB::upsample_v7_2x_subtle::'))!);
    expect(subtle.body.data).toMatchObject({ action: 'upscale', cost: 1 });
    const strong = await press(u, ids.find((c) => c.startsWith('MJ::JOB::high_variation::'))!);
    expect(strong.body.data).toMatchObject({ action: 'variation', cost: 2 });
    await remoteOf(subtle.body.data.id);
    await remoteOf(strong.body.data.id);
    // A hidden one pressed anyway is a 400, nothing submitted.
    const submitted = fake.submits.length;
    for (const hidden of [`MJ::Inpaint::1::${remote}::SOLO`, `MJ::BOOKMARK::${remote}`, `MJ::JOB::animate_high::1::${remote}::SOLO`]) {
      const res = await press(u, hidden);
      expect(res.status, hidden).toBe(400);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.submits.length).toBe(submitted);
    await drain();
  });
});

describe('midjourney-proxy client, edition details', () => {
  it('novicezk: a banned word is code 24 naming it; /mj/submit/action does not exist there (final, not retried)', async () => {
    const fake = await startFakeMj({ edition: 'novicezk' });
    try {
      const p = new MidjourneyProxy({ baseUrl: fake.url });
      await expect(p.imagine({ prompt: 'x [[banned]]', base64Array: [] })).rejects.toMatchObject({ kind: 'policy', message: expect.stringContaining('「nsfw」') });
      const id = await p.imagine({ prompt: 'ok', base64Array: [] });
      fake.succeed(id);
      const task = await p.fetch(id);
      expect(task!.buttons.map((b) => b.label)).toEqual(['U1', 'U2', 'U3', 'U4', '🔄', 'V1', 'V2', 'V3', 'V4']);
      const err = await p.action({ taskId: id, customId: `MJ::JOB::upsample::1::${id}` }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DrawProviderError);
      expect((err as DrawProviderError).kind).toBe('invalid');
      expect(await p.fetch('nope')).toBeNull();
    } finally {
      await fake.close();
    }
  });

  it('an answer naming the parent itself (the bookmark: code 1, result = parent) is refused, never followed and paid', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 1, description: '成功', result: 'parent-1', properties: {} }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const p = new MidjourneyProxy({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      await expect(p.action({ taskId: 'parent-1', customId: 'MJ::JOB::upsample::1::abc' })).rejects.toMatchObject({ kind: 'invalid' });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
