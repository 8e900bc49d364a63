import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thesisOutlineEvent } from '@app/shared';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { readSseEvents } from '../../testing/sse.ts';

/** The thesis outline stream as the web runs it (lib/stream-run): stopped by its stop route, re-attached after a reload by GET /api/turns/resume. */
let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  // The offline model types slowly here, so a stream is still running when the test acts on it.
  t = await createTestApp({ env: { LLM_OFFLINE_DELAY_MS: '15' } });
  alice = await t.loginByPhone('13500001541');
  bob = await t.loginByPhone('13500001542');
});
afterAll(async () => {
  await t.close();
});

async function resume(secret: string, token = alice) {
  const base = await t.listen();
  return fetch(`${base}/api/turns/resume?secret=${encodeURIComponent(secret)}`, { headers: { authorization: `Bearer ${token}` } });
}

describe('thesis outline', () => {
  const create = async () => (await t.call('POST', '/api/thesis/create', { token: alice, body: { title: '停止与续传的论文', kind: '毕业论文', discipline: '教育学', length: 3000, language: '中文' } })).body.data.id as number;
  const stream = async (id: number, secret: string, signal?: AbortSignal) => {
    const base = await t.listen();
    return fetch(`${base}/api/thesis/outline/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, secret }),
      signal,
    });
  };

  it('stop: only the owner stops it; the stream ends with 已停止生成大纲 and the thesis stays a draft', async () => {
    const id = await create();
    const { secret } = (await t.call('POST', '/api/thesis/outline/prepare', { token: alice, body: { id } })).body.data as { secret: string };
    let stopped = false;
    const r = await readSseEvents(await stream(id, secret), thesisOutlineEvent, async (e, all) => {
      if (e.type === 'delta' && all.length >= 10 && !stopped) {
        stopped = true;
        expect((await t.call('POST', '/api/thesis/outline/stop', { token: bob, body: { secret } })).status).toBe(404);
        expect((await t.call('POST', '/api/thesis/outline/stop', { token: alice, body: { secret } })).body).toMatchObject({ code: 200, message: '已停止' });
      }
    });
    expect(r.last).toMatchObject({ type: 'error', id, message: '已停止生成大纲' });
    const d = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
    expect(d.status).toBe('draft');
  });

  it('a reload re-attaches by the secret and the outline is saved at the end', async () => {
    const id = await create();
    const { secret } = (await t.call('POST', '/api/thesis/outline/prepare', { token: alice, body: { id } })).body.data as { secret: string };
    const ctrl = new AbortController();
    await readSseEvents(await stream(id, secret, ctrl.signal), thesisOutlineEvent, (_e, all) => {
      if (all.length >= 5) ctrl.abort();
    });
    const again = await readSseEvents(await resume(secret), thesisOutlineEvent);
    expect(again.events[0]!.type).toBe('resume');
    expect(again.last).toMatchObject({ type: 'done', id });
    const d = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
    expect(d.outline.length).toBeGreaterThan(0);
  });
});
