import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, websiteInfoReply } from '@app/shared';
import { PRIVATE_RESULT_URL, startFakeSearch, type FakeSearch } from '../../providers/search/fakes/search.ts';
import { addModel, createTurn, getBalance, readStream, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let fake: FakeSearch;
let up: FakeUpstream;
let alice: string;
let bob: string;
let aliceId: number;

const SEARCH_COST = 2;

beforeAll(async () => {
  fake = await startFakeSearch();
  up = await startFakeUpstream({ chunks: 3 });
  t = await createTestApp({
    env: {
      SEARCH_PROVIDER: 'searxng',
      SEARCH_URL: fake.url,
      SEARCH_COST: String(SEARCH_COST),
      SEARCH_MODELS: 'up,off',
      SEARCH_TIMEOUT_MS: '300',
      SAFE_FETCH_ALLOW_HOSTS: fake.hostPort,
    },
  });
  alice = await t.loginByPhone('13900000031');
  bob = await t.loginByPhone('13900000032');
  aliceId = await userIdOf(t, alice);
  await addModel(t, { code: 'up', baseUrl: up.url, keys: ['k-1'], systemPrompt: '你是助手' });
  await addModel(t, { code: 'off' });
  await addModel(t, { code: 'nosearch' });
});
afterAll(async () => {
  await t.close();
  await up.close();
  await fake.close();
});

const history = async (uuid: number, token = alice) => chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token, query: { uuid: String(uuid) } })).body.data).list;

describe('web search in chat (联网搜索)', () => {
  it('website info says search is on, for which models, at what cost', async () => {
    const info = websiteInfoReply.parse((await t.call('GET', '/api/website/info')).body.data);
    expect(info.search).toEqual({ models: ['up', 'off'], cost: SEARCH_COST });
  });

  it('searches, puts the numbered pages in the context, streams and stores the sources, charges model + search once', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const r = await sendTurn(t, alice, { input: '什么是光合作用', feature: 'up', search: true });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 + SEARCH_COST });
    const search = r.last?.type === 'done' ? r.last.search : null;
    expect(search?.status).toBe('ok');
    expect(search?.cost).toBe(SEARCH_COST);
    expect(search?.sources.map((s) => s.title)).toEqual(['来源1：什么是光合作用', '来源2：什么是光合作用', '来源3：什么是光合作用']);
    expect(search?.sources[0]!.url).toMatch(new RegExp(`^${fake.url}/page/1`));
    expect(fake.requests.at(-1)).toMatchObject({ protocol: 'searxng', query: '什么是光合作用' });

    // The model read the three pages, numbered, with the rule to cite them; the question stays the user's.
    const sent = up.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    const system = sent.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content.startsWith('你是助手')).toBe(true);
    expect(system.content).toContain('[1] 来源1：什么是光合作用');
    expect(system.content).toContain('[3] 来源3：什么是光合作用');
    expect(system.content).toContain('这是第 2 个网页的正文');
    expect(system.content).not.toContain('script text must not be read');
    expect(system.content).toMatch(/\[编号\]/);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '什么是光合作用' });

    expect((await getBalance(t, aliceId)).baseModel3).toBe(10 - 1 - SEARCH_COST);
    const list = await history(r.uuid);
    expect(list[1]).toMatchObject({ role: 'assistant', charged: true, search: { status: 'ok', cost: SEARCH_COST } });
    expect(list[1]!.search!.sources).toEqual(search!.sources);
    expect(list[0]!.search).toBeUndefined();
  });

  it('the offline model cites the sources as [n]', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const r = await sendTurn(t, alice, { input: '今天的新闻', feature: 'off', search: true });
    expect(r.last).toMatchObject({ type: 'done', charged: 1 + SEARCH_COST });
    expect(r.text).toMatch(/\[1\].*\[2\].*\[3\]/);
  });

  it('a result on a private address is never read nor listed', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const read = fake.pagesRead.length;
    const r = await sendTurn(t, alice, { input: '[[private]] 内网', feature: 'off', search: true });
    const search = r.last?.type === 'done' ? r.last.search : null;
    expect(search?.status).toBe('ok');
    expect(search?.sources.map((s) => s.url)).not.toContain(PRIVATE_RESULT_URL);
    expect(search?.sources).toHaveLength(3);
    expect(fake.pagesRead.slice(read).every((p) => p.startsWith('/page/'))).toBe(true);
  });

  it.each([
    ['the search service fails (500)', '[[500]] 问题', 'failed'],
    ['the search service times out', '[[slow]] 问题', 'failed'],
    ['the search service answers no JSON', '[[garbage]] 问题', 'failed'],
    ['nothing is found', '[[empty]] 问题', 'empty'],
  ])('%s → the reply is written without sources, says so, and only the model is charged', async (_name, input, status) => {
    await setBalance(t, aliceId, { base3: 10 });
    const r = await sendTurn(t, alice, { input, feature: 'off', search: true });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1, search: { status, sources: [], cost: 0 } });
    expect(r.text.length).toBeGreaterThan(0);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(9);
    const list = await history(r.uuid);
    expect(list[1]!.search).toEqual({ status, sources: [], cost: 0 });
  });

  it('tells the model when the search failed', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    // The fake upstream reads no markers in the system prompt; the search fake fails on [[500]] in the query.
    await sendTurn(t, alice, { input: '[[500]] 天气', feature: 'up', search: true }).catch(() => null);
    const sent = up.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0]!.content).toContain('联网搜索这次失败了');
  });

  it('a turn without the flag does not search and costs the model only', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const before = fake.requests.length;
    const r = await sendTurn(t, alice, { input: '不搜索', feature: 'off' });
    expect(r.last).toMatchObject({ type: 'done', charged: 1 });
    expect(r.last?.type === 'done' && r.last.search).toBeFalsy();
    expect(fake.requests.length).toBe(before);
  });

  it('a balance that pays the model but not the search is refused before anything is spent', async () => {
    await setBalance(t, aliceId, { base3: 2 });
    const before = fake.requests.length;
    const r = await createTurn(t, alice, { input: '太贵', feature: 'off', search: true });
    expect(r.body.code).not.toBe(200);
    expect(r.body.success).toBe(false);
    expect(fake.requests.length).toBe(before);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(2);
    // Without search the same balance pays.
    expect((await createTurn(t, alice, { input: '不太贵', feature: 'off' })).body.code).toBe(200);
  });

  it('refuses search for a model the operator did not allow, and a bad flag', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const no = await createTurn(t, alice, { input: 'x', feature: 'nosearch', search: true });
    expect(no.status).toBe(400);
    expect(no.body).toMatchObject({ success: false, message: '当前模型不支持联网搜索，请换一个模型', data: { field: 'search' } });
    const bad = await t.call('POST', '/api/chat/create', { token: alice, body: { input: 'x', search: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const obj = await t.call('POST', '/api/chat/create', { token: alice, body: { input: 'x', search: { on: true } } });
    expect(obj.status).toBe(400);
  });

  it('no token → 401; another user can neither open the turn nor read its sources', async () => {
    const anon = await t.call('POST', '/api/chat/create', { body: { input: 'x', feature: 'off', search: true } });
    expect(anon.status).toBe(401);

    await setBalance(t, aliceId, { base3: 10 });
    const created = await createTurn(t, alice, { input: '我的搜索', feature: 'off', search: true });
    const theirs = await readStream(t, created.body.data.secret, bob);
    expect(theirs.status).toBe(404);
    const mine = await readStream(t, created.body.data.secret, alice);
    expect(mine.last).toMatchObject({ type: 'done', search: { status: 'ok' } });
    const read = await t.call('GET', '/api/chat/history', { token: bob, query: { uuid: String(created.body.data.uuid) } });
    expect(read.status).toBe(404);
    const cont = await createTurn(t, bob, { input: '接着搜', uuid: created.body.data.uuid, search: true });
    expect(cont.status).toBe(404);
  });
});

describe('without a search service', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('website info has no search, and a searched turn is refused', async () => {
    const info = websiteInfoReply.parse((await plain.call('GET', '/api/website/info')).body.data);
    expect(info.search).toBeNull();
    const token = await plain.loginByPhone('13900000033');
    const r = await createTurn(plain, token, { input: 'x', search: true });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: '联网搜索未开启', data: { field: 'search' } });
  });
});

describe('a Tavily-compatible service', () => {
  let tv: TestApp;
  let tvFake: FakeSearch;
  beforeAll(async () => {
    tvFake = await startFakeSearch({ key: 'tvly-e2e' });
    tv = await createTestApp({
      env: { SEARCH_PROVIDER: 'tavily', SEARCH_URL: tvFake.url, SEARCH_API_KEY: 'tvly-e2e', SEARCH_COST: '1', SEARCH_TIMEOUT_MS: '2000', SAFE_FETCH_ALLOW_HOSTS: tvFake.hostPort },
    });
  });
  afterAll(async () => {
    await tv.close();
    await tvFake.close();
  });

  it('every model may search (no SEARCH_MODELS); the key and the query reach the service; charged once', async () => {
    const info = websiteInfoReply.parse((await tv.call('GET', '/api/website/info')).body.data);
    expect(info.search).toEqual({ models: null, cost: 1 });
    const token = await tv.loginByPhone('13900000034');
    const id = await userIdOf(tv, token);
    await setBalance(tv, id, { base3: 5 });
    const r = await sendTurn(tv, token, { input: '太阳有多大', search: true });
    expect(r.last).toMatchObject({ type: 'done', charged: 2, search: { status: 'ok', cost: 1 } });
    expect(tvFake.requests.at(-1)).toMatchObject({ protocol: 'tavily', query: '太阳有多大', key: 'tvly-e2e', searchDepth: 'basic' });
    expect((await getBalance(tv, id)).baseModel3).toBe(3);
  });
});
