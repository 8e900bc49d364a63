import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, Code } from '@app/shared';
import { addModel, createTurn, getBalance, keysOf, readStream, sendTurn, setBalance, userIdOf, waitFor } from '../../testing/chat.ts';
import { pieces, refusedUrl, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let up: FakeUpstream;
let alice: string;
let bob: string;
let aliceId: number;

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 5 });
  t = await createTestApp({ env: { LLM_TIMEOUT_MS: '400' } });
  alice = await t.loginByPhone('13900000001');
  bob = await t.loginByPhone('13900000002');
  aliceId = await userIdOf(t, alice);
  await addModel(t, { code: 'up', baseUrl: up.url, keys: ['good-1'], systemPrompt: '你是助手' });
});
afterAll(async () => {
  await t.close();
  await up.close();
});

const history = async (uuid: number, token = alice) =>
  chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token, query: { uuid: String(uuid) } })).body.data).list;

describe('relaying an OpenAI-compatible upstream', () => {
  it('relays the reply, with the system prompt and the context sent upstream, and charges once', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const first = await sendTurn(t, alice, { input: '问题一', feature: 'up' });
    expect(first.text).toBe(pieces('问题一', 5).join(''));
    expect(first.last).toMatchObject({ type: 'done', status: 'complete', charged: 1, usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } });

    const second = await sendTurn(t, alice, { input: '问题二', uuid: first.uuid, temperature: 0.3, systemMessage: '简短回答' });
    expect(second.last?.type).toBe('done');
    const sent = up.requests.at(-1)!;
    expect(sent.key).toBe('good-1');
    expect(sent.body.model).toBe('up-up');
    expect(sent.body.temperature).toBe(0.3);
    expect(sent.body.messages).toEqual([
      { role: 'system', content: '你是助手\n\n简短回答' },
      { role: 'user', content: '问题一' },
      { role: 'assistant', content: first.text },
      { role: 'user', content: '问题二' },
    ]);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(8);
  });

  it('relays a reply whose first delta has no role', async () => {
    const r = await sendTurn(t, alice, { input: '[[norole]] 你好', feature: 'up' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(r.text.startsWith('回答「[[norole]] 你好」')).toBe(true);
  });

  const failures: [string, string, number][] = [
    ['429 rate limit', '[[429]]', Code.CHAT_RATE_LIMITED],
    ['500 from upstream', '[[500]]', Code.CHAT_UPSTREAM],
    ['an error inside the stream', '[[stream-error]]', Code.CHAT_UPSTREAM],
    ['a stream cut mid-way', '[[cut]]', Code.CHAT_UPSTREAM],
    ['a stream that ends without [DONE]', '[[cut-clean]]', Code.CHAT_UPSTREAM],
    ['an upstream that goes silent (timeout)', '[[slow]]', Code.CHAT_TIMEOUT],
    ['an upstream that never answers (timeout)', '[[hang]]', Code.CHAT_TIMEOUT],
  ];
  it.each(failures)('%s → an error event, what arrived saved, nothing charged', async (_name, marker, code) => {
    await setBalance(t, aliceId, { base3: 3 });
    const r = await sendTurn(t, alice, { input: `${marker} 问题`, feature: 'up' });
    expect(r.last).toMatchObject({ type: 'error', code, uuid: r.uuid, messageId: expect.any(Number) });
    expect(r.events.filter((e) => e.type === 'error')).toHaveLength(1);
    const list = await history(r.uuid);
    expect(list[1]).toMatchObject({ role: 'assistant', status: 'error', error: true, text: r.text, charged: false });
    expect(list[1]!.errorText).toBe(r.last?.type === 'error' ? r.last.message : '');
    expect((await getBalance(t, aliceId)).baseModel3).toBe(3);
  });

  it('a refused connection → an error event, nothing charged', async () => {
    await addModel(t, { code: 'down', baseUrl: await refusedUrl(), keys: ['good-x'] });
    await setBalance(t, aliceId, { base3: 3 });
    const r = await sendTurn(t, alice, { input: 'hi', feature: 'down' });
    expect(r.last).toMatchObject({ type: 'error', code: Code.CHAT_UNAVAILABLE });
    expect(r.text).toBe('');
    expect((await getBalance(t, aliceId)).baseModel3).toBe(3);
  });

  it('a cut stream keeps its partial text in history; the failed turn is left out of the next context', async () => {
    const cut = await sendTurn(t, alice, { input: '[[cut]] 长回答', feature: 'up' });
    expect(cut.text).toBe(pieces('[[cut]] 长回答', 3).join(''));
    await sendTurn(t, alice, { input: '再问一次', uuid: cut.uuid });
    expect(up.requests.at(-1)!.body.messages).toEqual([{ role: 'system', content: '你是助手' }, { role: 'user', content: '再问一次' }]);
  });
});

describe('keys', () => {
  it('an invalid key is taken out of rotation (reason and time stored) and the turn retried with another', async () => {
    const id = await addModel(t, { code: 'rot', baseUrl: up.url, keys: [{ key: 'bad-1', weight: 1_000_000 }, { key: 'good-2', weight: 1 }] });
    await setBalance(t, aliceId, { base3: 5 });
    const before = up.requests.length;
    const r = await sendTurn(t, alice, { input: '轮换', feature: 'rot' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    expect(up.requests.slice(before).map((q) => q.key)).toEqual(['bad-1', 'good-2']);
    const keys = await keysOf(t, id);
    expect(keys.map((k) => [k.key, k.status])).toEqual([
      ['bad-1', 0],
      ['good-2', 1],
    ]);
    expect(keys[0]!.disabledReason).toMatch(/^auth: HTTP 401/);
    expect(keys[0]!.disabledAt).toBeInstanceOf(Date);

    const next = up.requests.length;
    await sendTurn(t, alice, { input: '再来', feature: 'rot' });
    expect(up.requests.slice(next).map((q) => q.key)).toEqual(['good-2']);
  });

  it('a key out of quota is taken out too; with every key out the model is unavailable and nothing is charged', async () => {
    const id = await addModel(t, { code: 'broke', baseUrl: up.url, keys: ['broke-1', 'bad-2'] });
    await setBalance(t, aliceId, { base3: 5 });
    const r = await sendTurn(t, alice, { input: 'hi', feature: 'broke' });
    expect(r.last).toMatchObject({ type: 'error', code: Code.CHAT_UNAVAILABLE });
    const keys = await keysOf(t, id);
    expect(keys.map((k) => k.status)).toEqual([0, 0]);
    expect(keys.find((k) => k.key === 'broke-1')!.disabledReason).toMatch(/^quota/);
    const again = await sendTurn(t, alice, { input: 'hi', feature: 'broke' });
    expect(again.last).toMatchObject({ type: 'error', code: Code.CHAT_UNAVAILABLE });
    expect((await getBalance(t, aliceId)).baseModel3).toBe(5);
    // Keys that exist but are all out do not make the model "offline".
    const info = await t.call('GET', '/api/website/info');
    expect(info.body.data.features.some((f: { code: string }) => f.code === 'broke')).toBe(true);
  });
});

describe('stop and disconnect', () => {
  it('stop ends the stream, saves the partial reply and charges it; only the owner may stop', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const { body } = await createTurn(t, alice, { input: '[[long]] 讲个长故事', feature: 'up' });
    const secret = body.data.secret;
    let stopReply: { status: number; body: any } | null = null;
    let strangerReply: { status: number; body: any } | null = null;
    const s = await readStream(t, secret, alice, {
      onEvent: async (e, all) => {
        if (e.type === 'delta' && all.length === 3) {
          strangerReply = await t.call('POST', '/api/chat/stop', { token: bob, body: { secret } });
          stopReply = await t.call('POST', '/api/chat/stop', { token: alice, body: { secret } });
        }
      },
    });
    expect(strangerReply!.status).toBe(404);
    expect(stopReply!.body.code).toBe(200);
    expect(s.last).toMatchObject({ type: 'done', status: 'stopped', charged: 1 });
    const deltas = s.events.filter((e) => e.type === 'delta').length;
    expect(deltas).toBeGreaterThanOrEqual(3);
    expect(deltas).toBeLessThan(50);
    const list = await history(body.data.uuid);
    expect(list[1]).toMatchObject({ status: 'stopped', text: s.text, charged: true });
    expect(s.text.length).toBeGreaterThan(0);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(4);
    // The stream is over: stopping again finds nothing.
    expect((await t.call('POST', '/api/chat/stop', { token: alice, body: { secret } })).status).toBe(404);
  });

  it('stop before any text: saved as stopped, nothing charged', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const { body } = await createTurn(t, alice, { input: '[[hang]] 等待', feature: 'up' });
    const secret = body.data.secret;
    const pending = readStream(t, secret, alice);
    await waitFor(async () => (await t.ctx.kv.get(`turn:live:${secret}`)) !== null);
    expect((await t.call('POST', '/api/chat/stop', { token: alice, body: { secret } })).body.code).toBe(200);
    const s = await pending;
    expect(s.last).toMatchObject({ type: 'done', status: 'stopped', charged: 0 });
    expect((await getBalance(t, aliceId)).baseModel3).toBe(5);
  });

  it('a client that goes away does not stop the reply: it is finished, saved and charged once, and can be re-attached meanwhile', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const { body } = await createTurn(t, alice, { input: '[[long]] 断开', feature: 'up' });
    const secret = body.data.secret;
    const ctrl = new AbortController();
    const s = await readStream(t, secret, alice, {
      signal: ctrl.signal,
      onEvent: (_e, all) => {
        if (all.length === 4) ctrl.abort();
      },
    });
    // Events that came in the same network read as the fourth are parsed too (a loaded machine batches pieces).
    expect(s.events.length).toBeGreaterThanOrEqual(4);
    let list: Awaited<ReturnType<typeof history>> = [];
    await waitFor(async () => (list = await history(body.data.uuid)).length === 2, 20_000);
    expect(list[1]).toMatchObject({ status: 'complete', charged: true, text: pieces('[[long]] 断开', 200).join('') });
    expect(list[1]!.text.startsWith(s.text)).toBe(true);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(4);
    await waitFor(() => up.open === 0);
  });

  it('closing the server stops live streams and saves them first', async () => {
    const t2 = await createTestApp();
    const carol = await t2.loginByPhone('13900000003');
    await addModel(t2, { code: 'up2', baseUrl: up.url, keys: ['good-3'] });
    const { body } = await createTurn(t2, carol, { input: '[[long]] 关机', feature: 'up2' });
    // Assigned in a callback: declared without narrowing to the initial null.
    let closing = null as Promise<void> | null;
    const s = await readStream(t2, body.data.secret, carol, {
      onEvent: (_e, all) => {
        if (all.length === 2) closing = t2.app.close();
      },
    });
    expect(s.last).toMatchObject({ type: 'done', status: 'stopped' });
    await closing;
    await t2.close().catch(() => {});
  });
});

describe('several instances', () => {
  it('a stop sent to another instance stops the stream (through the KvStore); a stranger cannot', async () => {
    const other = await createTestApp({ shareWith: t });
    try {
      await setBalance(t, aliceId, { base3: 5 });
      const { body } = await createTurn(t, alice, { input: '[[long]] 跨实例', feature: 'up' });
      const secret = body.data.secret;
      let byStranger: number | null = null;
      let byOwner: number | null = null;
      const s = await readStream(t, secret, alice, {
        onEvent: async (e, all) => {
          if (e.type === 'delta' && all.length === 2) {
            byStranger = (await other.call('POST', '/api/chat/stop', { token: bob, body: { secret } })).status;
            byOwner = (await other.call('POST', '/api/chat/stop', { token: alice, body: { secret } })).body.code;
          }
        },
      });
      expect(byStranger).toBe(404);
      expect(byOwner).toBe(200);
      expect(s.last).toMatchObject({ type: 'done', status: 'stopped', charged: 1 });
    } finally {
      await other.close();
    }
  });
});
