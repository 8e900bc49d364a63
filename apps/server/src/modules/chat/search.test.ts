import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, websiteInfoReply } from '@app/shared';
import { PRIVATE_RESULT_URL, startFakeSearch, type FakeSearch } from '../../providers/search/fakes/search.ts';
import { addModel, createTurn, getBalance, readStream, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import type { AppContext } from '../../core/context.ts';
import { ChatWebSearch } from './search.ts';

/** The chat's search on an app's context with some settings changed, its log lines kept. */
function searchWith(app: TestApp, env: Record<string, unknown>) {
  const lines: { level: string; msg: string; refusal?: string }[] = [];
  const keep = (level: string) => (obj: unknown, msg?: string) =>
    lines.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? ''), refusal: (obj as { refusal?: string } | null)?.refusal });
  const log = { info: keep('info'), warn: keep('warn'), error: keep('error'), debug() {}, trace() {}, fatal() {}, child: () => log };
  const ctx = { ...app.ctx, log, config: { ...app.ctx.config, env: { ...app.ctx.config.env, ...env } } } as unknown as AppContext;
  return { search: new ChatWebSearch(ctx), lines };
}

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
    expect(sent.messages[0]!.content).toContain('联网搜索暂不可用');
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

  it.each([
    ['too many requests (429)', '[[429]] 新闻'],
    ["the plan's limit (432)", '[[432]] 新闻'],
    ['the pay-as-you-go limit (433)', '[[433]] 新闻'],
  ])('Tavily refusing with %s: the turn still answers, without sources, and only the model is charged', async (_name, input) => {
    const token = await tv.loginByPhone('13900000035');
    const id = await userIdOf(tv, token);
    await setBalance(tv, id, { base3: 5 });
    const r = await sendTurn(tv, token, { input, search: true });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1, search: { status: 'failed', sources: [], cost: 0 } });
    expect(r.text.length).toBeGreaterThan(0);
    expect((await getBalance(tv, id)).baseModel3).toBe(4);
  });

  it.each([
    ['a wrong key', { SEARCH_API_KEY: 'tvly-wrong' }, '新闻', 'bad_key', /Tavily 不接受所配置的密钥（HTTP 401）/],
    ['too many requests', {}, '[[429]] 新闻', 'rate_limited', /Tavily 限流（HTTP 429）/],
    ["the plan's limit", {}, '[[432]] 新闻', 'plan_limit', /Tavily 套餐额度已用完（HTTP 432）/],
    ['the pay-as-you-go limit', {}, '[[433]] 新闻', 'paygo_limit', /Tavily 按量付费额度已达上限（HTTP 433）/],
  ])('%s: the model is told search is unavailable, the operator\'s log names the cause', async (_name, env, question, refusal, message) => {
    const { search, lines } = searchWith(tv, env);
    const out = await search.run(question, new AbortController().signal);
    expect(out.search).toEqual({ status: 'failed', sources: [], cost: 0 });
    expect(out.context).toContain('联网搜索暂不可用');
    expect(out.context).not.toMatch(/Tavily|HTTP|密钥/);
    expect(lines.at(-1)).toMatchObject({ level: 'error', refusal });
    expect(lines.at(-1)!.msg).toMatch(message);
  });

  it('the start-up check names a wrong key, and says when the service answers', async () => {
    const wrong = searchWith(tv, { SEARCH_API_KEY: 'tvly-wrong' });
    expect((await wrong.search.check())?.refusal).toBe('bad_key');
    expect(wrong.lines).toEqual([expect.objectContaining({ level: 'error', refusal: 'bad_key', msg: expect.stringMatching(/^web search \(tavily\) does not work: Tavily 不接受所配置的密钥（HTTP 401）/) })]);
    const right = searchWith(tv, {});
    expect(await right.search.check()).toBeNull();
    expect(right.lines).toEqual([expect.objectContaining({ level: 'info', msg: 'web search (tavily) answers' })]);
  });
});

describe('SearXNG with its limiter on', () => {
  it('our searches pass its bot detection; once it limits us the turn goes on without sources and the log says to pass our IP', async () => {
    const limited = await startFakeSearch({ limiter: {} });
    try {
      const { search, lines } = searchWith(t, { SEARCH_URL: limited.url, SAFE_FETCH_ALLOW_HOSTS: limited.hostPort, SEARCH_TIMEOUT_MS: 2000 });
      expect(await search.check()).toBeNull();
      for (const q of ['一', '二', '三']) expect((await search.run(q, new AbortController().signal)).search.status).toBe('ok');
      expect(limited.limiterBlocks).toEqual([]);
      expect(limited.requests.map((r) => r.language)).toEqual(['zh-CN', 'zh-CN', 'zh-CN', 'zh-CN']);
      // The fifth JSON search of the hour from one address.
      const out = await search.run('五', new AbortController().signal);
      expect(out.search).toEqual({ status: 'failed', sources: [], cost: 0 });
      expect(limited.limiterBlocks).toEqual(['too many request in API_WINDOW']);
      expect(lines.at(-1)).toMatchObject({ level: 'error', refusal: 'limiter' });
      expect(lines.at(-1)!.msg).toMatch(/pass_ip/);
    } finally {
      await limited.close();
    }
  });

  it('an instance without json in search.formats is named at start', async () => {
    const htmlOnly = await startFakeSearch({ json: false });
    try {
      const { search, lines } = searchWith(t, { SEARCH_URL: htmlOnly.url });
      expect((await search.check())?.refusal).toBe('json_format_off');
      expect(lines.at(-1)!.msg).toMatch(/search\.formats/);
    } finally {
      await htmlOnly.close();
    }
  });
});
