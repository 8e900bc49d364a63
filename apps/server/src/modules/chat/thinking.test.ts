import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, chatStreamEvent, type ChatStreamEvent } from '@app/shared';
import { models } from '../../db/schema/index.ts';
import { offlineThinking } from '../../providers/llm/offline.ts';
import { addModel, createTurn, getBalance, readStream, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { thinkingPieces } from '../../testing/fake-thinking.ts';
import { pieces, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { readSseEvents } from '../../testing/sse.ts';

let t: TestApp;
let up: FakeUpstream;
let alice: string;
let aliceId: number;

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 5 });
  t = await createTestApp();
  alice = await t.loginByPhone('13900000071');
  aliceId = await userIdOf(t, alice);
  await addModel(t, { code: 'think', baseUrl: up.url, keys: ['good-1'] });
  // An R1 distill served raw: its template opens the thinking, so the answer starts inside it.
  const r1 = await addModel(t, { code: 'r1', baseUrl: up.url, keys: ['good-1'] });
  await t.ctx.db.update(models).set({ upstreamModel: 'deepseek-r1:7b' }).where(eq(models.id, r1));
  // No key: the offline model, marked as reasoning.
  const offline = await addModel(t, { code: 'offline-reasoner' });
  await t.ctx.db.update(models).set({ reasoning: true }).where(eq(models.id, offline));
  t.clock.advance(6000);
});
afterAll(async () => {
  await t.close();
  await up.close();
});

const history = async (uuid: number) => chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(uuid) } })).body.data).list;
const thinkingOf = (events: ChatStreamEvent[]) =>
  events
    .filter((e) => e.type === 'thinking')
    .map((e) => (e as { text: string }).text)
    .join('');

async function resume(secret: string) {
  const base = await t.listen();
  const res = await fetch(`${base}/api/turns/resume?secret=${encodeURIComponent(secret)}`, { headers: { authorization: `Bearer ${alice}` } });
  return readSseEvents(res, chatStreamEvent);
}

describe('reasoning models in chat', () => {
  const shapes = [
    ['reasoning_content', 'think', 'DeepSeek'],
    ['reasoning', 'think', 'Ollama / OpenRouter'],
    ['think-tags', 'think', '<think> in the content'],
    ['think-no-open', 'r1', 'no opening tag'],
  ] as const;

  it.each(shapes)('%s (%s, %s): thinking streamed apart, answer clean, both stored, the thinking never sent back', async (shape, model) => {
    await setBalance(t, aliceId, { base3: 5 });
    const question = `为什么天是蓝的 [[${shape}]]`;
    const first = await sendTurn(t, alice, { input: question, feature: model });
    const thinking = thinkingPieces(3).join('') + (shape.startsWith('think-') ? '\n' : '');
    expect(thinkingOf(first.events)).toBe(thinking);
    expect(first.text).toBe(pieces(question, 5).join(''));
    expect(first.events.findLastIndex((e) => e.type === 'thinking')).toBeLessThan(first.events.findIndex((e) => e.type === 'delta'));
    expect(first.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });

    const [, reply] = await history(first.uuid);
    expect(reply).toMatchObject({ role: 'assistant', text: first.text, thinking, status: 'complete' });
    expect(reply!.thinkingMs).toEqual(expect.any(Number));

    // The next turn sends the answer back as context, never the thinking (DeepSeek would refuse it: the fake does).
    const second = await sendTurn(t, alice, { input: `接着说 [[${shape}]]`, uuid: first.uuid });
    expect(second.last).toMatchObject({ type: 'done', status: 'complete' });
    const sent = up.requests.at(-1)!.body.messages as Record<string, unknown>[];
    expect(sent.find((m) => m.role === 'assistant')).toEqual({ role: 'assistant', content: first.text });
    expect(JSON.stringify(sent)).not.toContain('思考第');
    expect((await getBalance(t, aliceId)).baseModel3).toBe(3);
  });

  it('the offline model, marked as reasoning, thinks briefly before its demo answer', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const r = await sendTurn(t, alice, { input: '离线也会思考吗', feature: 'offline-reasoner' });
    expect(thinkingOf(r.events)).toBe(offlineThinking([{ role: 'user', content: '离线也会思考吗' }]));
    expect(r.text).toContain('离线演示');
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    const [, reply] = await history(r.uuid);
    expect(reply).toMatchObject({ text: r.text, thinking: thinkingOf(r.events) });
  });

  it('a reload while it thinks resumes the thinking so far, then the rest of it and the answer', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const question = '慢慢想 [[reasoning_content]] [[thinking:30]] [[interval:20]]';
    const { body } = await createTurn(t, alice, { input: question, feature: 'think' });
    let resumed: Promise<Awaited<ReturnType<typeof resume>>> | null = null;
    const first = await readStream(t, body.data.secret, alice, {
      onEvent: (e, all) => {
        if (e.type === 'thinking' && all.length === 5) resumed = resume(body.data.secret);
      },
    });
    const again = await resumed!;
    const start = again.events[0]!;
    expect(start).toMatchObject({ type: 'resume', text: '' });
    const so = start as { thinking?: string; thinkingMs?: number };
    expect(so.thinking).toBeTruthy();
    expect(so.thinkingMs).toEqual(expect.any(Number));
    const full = thinkingPieces(30).join('');
    expect(so.thinking! + thinkingOf(again.events)).toBe(full);
    expect(again.text).toBe(pieces(question, 5).join(''));
    expect(again.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(thinkingOf(first.events)).toBe(full);
  });

  it('a stop while it thinks ends the turn as stopped: the thinking that reached the user is saved and charged', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const { body } = await createTurn(t, alice, { input: '想很久 [[reasoning_content]] [[thinking:200]] [[interval:20]]', feature: 'think' });
    const s = await readStream(t, body.data.secret, alice, {
      onEvent: async (e, all) => {
        if (e.type === 'thinking' && all.length === 3) await t.call('POST', '/api/chat/stop', { token: alice, body: { secret: body.data.secret } });
      },
    });
    expect(s.text).toBe('');
    expect(s.last).toMatchObject({ type: 'done', status: 'stopped', charged: 1 });
    const [, reply] = await history(body.data.uuid);
    expect(reply).toMatchObject({ role: 'assistant', status: 'stopped', text: '', charged: true });
    expect(reply!.thinking).toBe(thinkingOf(s.events));
    expect((await getBalance(t, aliceId)).baseModel3).toBe(4);
  });
});
