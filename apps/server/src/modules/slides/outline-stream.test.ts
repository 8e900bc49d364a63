import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckOutlineEvent, deckView, deckWatchEvent } from '@app/shared';
import { balances } from '../../db/schema/index.ts';
import { userIdOf, waitFor } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { makeOutline, openOutline } from '../../testing/slides.ts';
import { readSseEvents } from '../../testing/sse.ts';

/**
 * The slides outline stream as the web runs it (lib/stream-run): stopped by its
 * own stop route, re-attached after a reload by GET /api/turns/resume; and the slides job's
 * progress as SSE (GET /api/aippt/deck/watch) instead of polling.
 */
let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  // The offline model types slowly here, so a stream is still running when the test acts on it.
  t = await createTestApp({ turns: { jobs: { pollMs: 20 } }, env: { LLM_OFFLINE_DELAY_MS: '15' } });
  alice = await t.loginByPhone('13500001531');
  bob = await t.loginByPhone('13500001532');
});
afterAll(async () => {
  await t.close();
});

const view = async (id: number) => deckView.parse((await t.call('GET', '/api/aippt/ppt/viewContent', { token: alice, query: { id: String(id) } })).body.data);

async function resume(secret: string, token = alice) {
  const base = await t.listen();
  const res = await fetch(`${base}/api/turns/resume?secret=${encodeURIComponent(secret)}`, { headers: { authorization: `Bearer ${token}` } });
  return res;
}

describe('slides outline', () => {
  it('stop: only the owner stops it; the outline so far is kept, done as stopped', async () => {
    const v0 = await t.call<{ secret: string; deckId: number }>('POST', '/api/aippt/outline/validate', { token: alice, body: { topic: '可停止的大纲', pages: 12 } });
    const { secret, deckId } = v0.body.data;
    let stopped = false;
    const r = await openOutline(t, secret, alice, {
      onEvent: async (e, all) => {
        if (e.type === 'delta' && all.length >= 40 && !stopped) {
          stopped = true;
          expect((await t.call('POST', '/api/aippt/outline/stop', { token: bob, body: { secret } })).status).toBe(404);
          const s = await t.call('POST', '/api/aippt/outline/stop', { token: alice, body: { secret } });
          expect(s.body).toMatchObject({ code: 200, message: '已停止' });
        }
      },
    });
    expect(stopped).toBe(true);
    expect(r.last).toMatchObject({ type: 'done', status: 'stopped', deckId, charged: 0 });
    const v = await view(deckId);
    expect(v.status).toBe('outline');
    expect(v.outline.length).toBeGreaterThan(0);
    // A stopped (ended) turn is no longer live.
    expect((await t.call('POST', '/api/aippt/outline/stop', { token: alice, body: { secret } })).status).toBe(404);
  });

  it('a reload re-attaches by the secret: the text so far, then the rest, then done', async () => {
    const v = await t.call<{ secret: string; deckId: number }>('POST', '/api/aippt/outline/validate', { token: alice, body: { topic: '刷新后继续', pages: 10 } });
    const { secret, deckId } = v.body.data;
    const base = await t.listen();
    const ctrl = new AbortController();
    const first = await fetch(`${base}/api/aippt/outline/stream?secret=${secret}`, { headers: { authorization: `Bearer ${alice}` }, signal: ctrl.signal });
    let before = '';
    await readSseEvents(first, deckOutlineEvent, (e, all) => {
      if (e.type === 'delta') before += e.text;
      if (all.length >= 5) ctrl.abort(); // the page reloads
    });
    expect((await resume(secret, bob)).status).toBe(404);
    const again = await readSseEvents(await resume(secret), deckOutlineEvent);
    const opening = again.events[0]!;
    expect(opening.type).toBe('resume');
    const text = (opening as { text: string }).text + again.text;
    expect(text.startsWith(before)).toBe(true);
    expect(again.last).toMatchObject({ type: 'done', status: 'complete', deckId });
    expect((await view(deckId)).status).toBe('outline');
  });
});

describe('slides job progress (SSE)', () => {
  it('a deck without a job: its snapshot and job.end at once; another user gets a 404', async () => {
    const o = await makeOutline(t, alice, { topic: '无任务的进度', pages: 8 });
    expect((await t.call('GET', '/api/aippt/deck/watch', { token: bob, query: { id: String(o.deckId) } })).status).toBe(404);
    const base = await t.listen();
    const res = await fetch(`${base}/api/aippt/deck/watch?id=${o.deckId}`, { headers: { authorization: `Bearer ${alice}` } });
    const r = await readSseEvents(res, deckWatchEvent);
    expect(r.events.map((e) => e.type)).toEqual(['job.snapshot', 'job.end']);
    expect(r.events[0]).toMatchObject({ status: 'outline', written: 0, planned: 0 });
  });

  it('a generating deck: progress per section, then job.end done; the deck is then whole', async () => {
    await t.ctx.db.update(balances).set({ basePpt: 1, memberPpt: 0 }).where(eq(balances.userId, await userIdOf(t, alice)));
    const o = await makeOutline(t, alice, { topic: '看进度', pages: 8 });
    expect((await t.call('POST', '/api/aippt/deck/generate', { token: alice, body: { id: o.deckId } })).body.code).toBe(200);
    const base = await t.listen();
    const res = await fetch(`${base}/api/aippt/deck/watch?id=${o.deckId}`, { headers: { authorization: `Bearer ${alice}` } });
    const r = await readSseEvents(res, deckWatchEvent);
    expect(r.events[0]!.type).toBe('job.snapshot');
    expect(r.last).toMatchObject({ type: 'job.end', status: 'done' });
    const progress = r.events.filter((e) => e.type === 'progress');
    if (progress.length) expect(progress.at(-1)).toMatchObject({ written: 8, planned: 8 });
    await waitFor(async () => (await view(o.deckId)).status === 'done');
    expect((await view(o.deckId)).slides).toHaveLength(8);
  }, 30_000);
});
