import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, chatStreamEvent, chatToolsReply, Code, type ChatStreamEvent, type ToolStep } from '@app/shared';
import { addModel, createTurn, getBalance, readStream, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { readSseEvents } from '../../testing/sse.ts';
import { adminToken } from '../admin/test-kit.ts';
import { startToolUpstream, type FakeAnswer } from '../tools/fake-tool-upstream.ts';
import { startFakeSearch, type FakeSearch } from '../../providers/search/fakes/search.ts';

const require = createRequire(import.meta.url);
const everything = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');

let t: TestApp;
let alice: string;
let aliceId: number;
let script: (body: any) => FakeAnswer = () => ({ text: ['好'] });
let up: Awaited<ReturnType<typeof startToolUpstream>>;
// echo 3, get-sum 2, the long one 1 per call; at most 5 rounds × 4 calls of the dearest picked tool are held.
const HELD_ECHO_SUM = 3 * 5 * 4;

beforeAll(async () => {
  t = await createTestApp({ env: { MCP_SERVERS: JSON.stringify({ everything: { command: process.execPath, args: [everything, 'stdio'] } }), MCP_CALL_TIMEOUT_MS: '20000' } });
  up = await startToolUpstream((b) => script(b));
  const admin = await adminToken(t);
  for (const [tool, price] of [
    ['echo', 3],
    ['get-sum', 2],
    ['trigger-long-running-operation', 1],
  ] as const)
    await t.call('POST', `/api/admin/tools/everything/${tool}`, { token: admin.token, body: { enabled: true, price } });
  const tooly = await addModel(t, { code: 'tooly', baseUrl: up.url, keys: ['k-1'], cost: 1 });
  await addModel(t, { code: 'plain', baseUrl: up.url, keys: ['k-1'], cost: 1 });
  expect((await t.call('POST', '/api/admin/tools/models', { token: admin.token, body: { modelIds: [tooly] } })).body.code).toBe(200);
  alice = await t.loginByPhone('13900000131');
  aliceId = await userIdOf(t, alice);
}, 60_000);
afterAll(async () => {
  await up.close();
  await t.close();
});

const toolMessages = (body: any) => body.messages.filter((m: { role: string }) => m.role === 'tool');
const steps = (events: ChatStreamEvent[]) => events.filter((e): e is Extract<ChatStreamEvent, { type: 'tool' }> => e.type === 'tool').map((e) => e.step);
const history = async (uuid: number) => chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(uuid) } })).body.data).list;

describe('a chat turn with the tools the user picked (real server-everything, fake upstream streaming tool_calls)', () => {
  it('2 successful calls and 1 failed: steps streamed, stored with the reply, in the history; charged exactly model + the 2 calls', async () => {
    await setBalance(t, aliceId, { base3: 100 });
    script = (b) =>
      toolMessages(b).length
        ? { text: ['和是 ', '42'] }
        : {
            calls: [
              { id: 'c1', name: 'everything__echo', args: ['{"message"', ':"嗨"}'] },
              { id: 'c2', name: 'everything__get-sum', args: ['{"a":2,', '"b":40}'] },
              { id: 'c3', name: 'everything__echo', args: ['{"message":5}'] },
            ],
          };
    const before = up.requests.length;
    const s = await sendTurn(t, alice, { input: '算一下 2+40', feature: 'tooly', tools: ['everything__echo', 'everything__get-sum'] });
    expect(s.text).toBe('和是 42');
    expect(s.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 + 3 + 2 });
    expect((await getBalance(t, aliceId)).baseModel3).toBe(100 - 6);
    // Only the picked tools were offered.
    expect(up.requests[before].tools.map((x: { function: { name: string } }) => x.function.name).sort()).toEqual(['everything__echo', 'everything__get-sum']);
    const streamed = steps(s.events);
    expect(streamed.map((x) => [x.name, x.status])).toEqual([
      ['everything__echo', 'running'],
      ['everything__get-sum', 'running'],
      ['everything__echo', 'running'],
      ['everything__echo', 'ok'],
      ['everything__get-sum', 'ok'],
      ['everything__echo', 'error'],
    ]);
    expect(streamed[0]).toMatchObject({ arguments: '{"message":"嗨"}', server: 'everything', tool: 'echo', round: 0 });
    expect(streamed[3]).toMatchObject({ result: 'Echo: 嗨', price: 3, truncated: false });
    expect(streamed[5]).toMatchObject({ price: 0 });
    // Every step arrived before the first delta of the answer.
    expect(s.events.findIndex((e) => e.type === 'delta')).toBeGreaterThan(s.events.findLastIndex((e) => e.type === 'tool'));

    const reply = (await history(s.uuid)).at(-1)!;
    expect(reply).toMatchObject({ role: 'assistant', text: '和是 42', status: 'complete', charged: true });
    expect(reply.tools!.map((x) => [x.id, x.status, x.price])).toEqual([
      ['0:c1', 'ok', 3],
      ['0:c2', 'ok', 2],
      ['0:c3', 'error', 0],
    ]);
    expect(reply.tools![1]!.result).toContain('42');
    // The question above it has none; a next turn on the same conversation sends the answer only upstream.
    expect((await history(s.uuid))[0]!.tools).toBeUndefined();
  }, 60_000);

  it('the same model without picked tools: no tools offered, the hold and charge are the model alone', async () => {
    await setBalance(t, aliceId, { base3: 1 });
    script = () => ({ text: ['普通回答'] });
    const before = up.requests.length;
    const s = await sendTurn(t, alice, { input: '你好', feature: 'tooly' });
    expect(s.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    expect(up.requests[before]).not.toHaveProperty('tools');
    expect(steps(s.events)).toEqual([]);
    expect((await history(s.uuid)).at(-1)!.tools).toBeUndefined();
    expect((await getBalance(t, aliceId)).baseModel3).toBe(0);
  }, 30_000);

  it('a balance that pays the model but not the most the tools may cost is refused at the prepare: nothing runs, nothing charged', async () => {
    await setBalance(t, aliceId, { base3: HELD_ECHO_SUM });
    const before = up.requests.length;
    const r = await createTurn(t, alice, { input: '算一下', feature: 'tooly', tools: ['everything__echo', 'everything__get-sum'] });
    expect(r.body).toMatchObject({ code: Code.BALANCE_MODEL3, success: false });
    expect(up.requests.length).toBe(before);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(HELD_ECHO_SUM);
  });

  it('the stream checks the hold again: spent meanwhile, an error event before anything runs, nothing charged', async () => {
    await setBalance(t, aliceId, { base3: 1 + HELD_ECHO_SUM });
    const { body } = await createTurn(t, alice, { input: '算一下', feature: 'tooly', tools: ['everything__echo'] });
    await setBalance(t, aliceId, { base3: HELD_ECHO_SUM });
    const before = up.requests.length;
    const s = await readStream(t, body.data.secret, alice);
    expect(s.events).toEqual([{ type: 'error', code: Code.BALANCE_MODEL3, message: expect.any(String), uuid: body.data.uuid, messageId: null }]);
    expect(up.requests.length).toBe(before);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(HELD_ECHO_SUM);
  });

  it('GET /api/chat/tools lists what a user may pick on a model: the enabled tools with their prices; none for a model without tools; a token is needed', async () => {
    const list = async (feature: string) => chatToolsReply.parse((await t.call('GET', '/api/chat/tools', { token: alice, query: { feature } })).body.data);
    const tooly = await list('tooly');
    expect(tooly.maxRounds).toBe(5);
    expect(tooly.list.map((x) => [x.name, x.tool, x.price]).sort()).toEqual([
      ['everything__echo', 'echo', 3],
      ['everything__get-sum', 'get-sum', 2],
      ['everything__trigger-long-running-operation', 'trigger-long-running-operation', 1],
    ]);
    expect(tooly.list[0]!.description).not.toBe('');
    // No search service here: 联网搜索 is not offered as a tool.
    expect(tooly.list.map((x) => x.name)).not.toContain('web__search');
    expect((await list('plain')).list).toEqual([]);
    expect((await list('no-such-model')).list).toEqual([]);
    expect((await t.call('GET', '/api/chat/tools', { query: { feature: 'tooly' } })).status).toBe(401);
    expect((await t.call('GET', '/api/chat/tools', { token: alice, query: { feature: 'x'.repeat(65) } })).status).toBe(400);
  }, 30_000);

  it('refuses bad picks with a clear 400 and prepares nothing', async () => {
    await setBalance(t, aliceId, { base3: 1000 });
    const refused = async (body: Record<string, unknown>) => {
      const r = await createTurn(t, alice, { input: '算一下', feature: 'tooly', ...body });
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
      return r.body.message;
    };
    expect(await refused({ tools: ['everything__no_such'] })).toBe('工具不存在或未启用：everything__no_such');
    // get-env is listed by the server but not turned on.
    expect(await refused({ tools: ['everything__echo', 'everything__get-env'] })).toContain('everything__get-env');
    expect(await refused({ tools: ['everything__echo'], feature: 'plain' })).toBe('当前模型不支持使用工具，请换一个模型');
    expect(await refused({ tools: 'everything__echo' })).toBeTruthy();
    expect(await refused({ tools: [''] })).toBe('工具名无效');
    expect(await refused({ tools: ['x'.repeat(65)] })).toBe('工具名无效');
    expect(await refused({ tools: Array.from({ length: 33 }, (_, i) => `t${i}`) })).toBe('最多选择 32 个工具');
    expect((await getBalance(t, aliceId)).baseModel3).toBe(1000);
    // An empty pick is a turn without tools.
    script = () => ({ text: ['好'] });
    const s = await sendTurn(t, alice, { input: '你好', feature: 'tooly', tools: [] });
    expect(s.last).toMatchObject({ type: 'done', charged: 1 });
  }, 30_000);

  it('resume after a reload gets the finished steps and the call in flight; a stop mid-call is a stopped reply charged the text and the finished call', async () => {
    await setBalance(t, aliceId, { base3: 100 });
    script = (b) => {
      const n = toolMessages(b).length;
      if (n === 0) return { text: ['我先查一下。'], calls: [{ id: 'e1', name: 'everything__echo', args: ['{"message":"一"}'] }] };
      if (n === 1) return { calls: [{ id: 'l1', name: 'everything__trigger-long-running-operation', args: ['{"duration":15,"steps":5}'] }] };
      return { text: ['不该到这里'] };
    };
    const { body } = await createTurn(t, alice, { input: '慢慢查', feature: 'tooly', tools: ['everything__echo', 'everything__trigger-long-running-operation'] });
    const secret = body.data.secret;
    let resumed: Promise<ChatStreamEvent[]> | null = null;
    const base = await t.listen();
    const first = await readStream(t, secret, alice, {
      onEvent: (e) => {
        if (e.type === 'tool' && e.step.tool === 'trigger-long-running-operation' && e.step.status === 'running' && !resumed) {
          resumed = (async () => {
            const res = await fetch(`${base}/api/turns/resume?secret=${encodeURIComponent(secret)}`, { headers: { authorization: `Bearer ${alice}` } });
            const r = await readSseEvents(res, chatStreamEvent, async (ev) => {
              if (ev.type === 'resume') await t.call('POST', '/api/chat/stop', { token: alice, body: { secret } });
            });
            return r.events;
          })();
        }
      },
    });
    const again = await resumed!;
    const resume = again[0] as Extract<ChatStreamEvent, { type: 'resume' }>;
    expect(resume.type).toBe('resume');
    expect(resume.text).toBe('我先查一下。');
    expect(resume.tools!.map((x: ToolStep) => [x.tool, x.status])).toEqual([
      ['echo', 'ok'],
      ['trigger-long-running-operation', 'running'],
    ]);
    // Both readers get the same closing event: stopped, charged the model (text reached the user) and the echo, not the cut call.
    for (const last of [first.last, again.at(-1)]) expect(last).toMatchObject({ type: 'done', status: 'stopped', charged: 1 + 3 });
    expect((await getBalance(t, aliceId)).baseModel3).toBe(100 - 4);
    const reply = (await history(first.last?.type === 'done' ? first.last.uuid : 0)).at(-1)!;
    expect(reply).toMatchObject({ status: 'stopped', text: '我先查一下。', charged: true });
    expect(reply.tools!.map((x) => [x.tool, x.status, x.price])).toEqual([
      ['echo', 'ok', 3],
      ['trigger-long-running-operation', 'error', 0],
    ]);
    expect(reply.tools![1]!.result).toBe('已停止，调用未完成');
  }, 60_000);

  it('a stop mid-call before any text: the finished call alone is charged', async () => {
    await setBalance(t, aliceId, { base3: 100 });
    script = (b) => {
      const n = toolMessages(b).length;
      if (n === 0) return { calls: [{ id: 'e1', name: 'everything__get-sum', args: ['{"a":1,"b":2}'] }] };
      return { calls: [{ id: 'l1', name: 'everything__trigger-long-running-operation', args: ['{"duration":15,"steps":5}'] }] };
    };
    const { body } = await createTurn(t, alice, { input: '慢慢查', feature: 'tooly', tools: ['everything__get-sum', 'everything__trigger-long-running-operation'] });
    const s = await readStream(t, body.data.secret, alice, {
      onEvent: async (e) => {
        if (e.type === 'tool' && e.step.tool === 'trigger-long-running-operation' && e.step.status === 'running') await t.call('POST', '/api/chat/stop', { token: alice, body: { secret: body.data.secret } });
      },
    });
    expect(s.last).toMatchObject({ type: 'done', status: 'stopped', charged: 2 });
    expect((await getBalance(t, aliceId)).baseModel3).toBe(98);
  }, 60_000);
  it('a second instance resumes a turn with tools running on the first: the steps so far, then the next step, the answer, one charge', async () => {
    const other = await createTestApp({ shareWith: t });
    try {
      await setBalance(t, aliceId, { base3: 100 });
      script = (b) => {
        const n = toolMessages(b).length;
        if (n === 0) return { calls: [{ id: 'e1', name: 'everything__echo', args: ['{"message":"一"}'] }] };
        if (n === 1) return { calls: [{ id: 'l1', name: 'everything__trigger-long-running-operation', args: ['{"duration":2,"steps":2}'] }] };
        return { text: ['查完了'] };
      };
      const { body } = await createTurn(t, alice, { input: '跨实例', feature: 'tooly', tools: ['everything__echo', 'everything__trigger-long-running-operation'] });
      const secret = body.data.secret;
      const ctrl = new AbortController();
      // The page goes away once the long call is in flight; the turn goes on.
      await readStream(t, secret, alice, { signal: ctrl.signal, onEvent: (e) => void (e.type === 'tool' && e.step.tool === 'trigger-long-running-operation' && ctrl.abort()) }).catch(() => null);
      const base = await other.listen();
      const res = await fetch(`${base}/api/turns/resume?secret=${encodeURIComponent(secret)}`, { headers: { authorization: `Bearer ${alice}` } });
      const { events } = await readSseEvents(res, chatStreamEvent);
      expect(events[0]).toMatchObject({ type: 'resume', text: '' });
      expect((events[0] as { tools: ToolStep[] }).tools.map((x) => [x.tool, x.status])).toEqual([
        ['echo', 'ok'],
        ['trigger-long-running-operation', 'running'],
      ]);
      expect(steps(events).map((x) => [x.tool, x.status, x.price])).toEqual([['trigger-long-running-operation', 'ok', 1]]);
      expect(events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text).join('')).toBe('查完了');
      expect(events.at(-1)).toMatchObject({ type: 'done', status: 'complete', charged: 1 + 3 + 1 });
      expect((await getBalance(t, aliceId)).baseModel3).toBe(95);
      expect((await history(body.data.uuid)).at(-1)!.tools!.map((x) => x.status)).toEqual(['ok', 'ok']);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('an instance that dies mid-turn: its finished steps were checkpointed with the text, and the reply another instance saves shows them', async () => {
    // The instance running the turn checkpoints only when told (its timer never fires here).
    const dying = await createTestApp({ shareWith: t, env: { MCP_SERVERS: t.ctx.config.env.MCP_SERVERS! }, turns: { tickMs: 600_000, leaseMs: 30_000 } });
    try {
      await setBalance(t, aliceId, { base3: 100 });
      script = (b) => {
        const n = toolMessages(b).length;
        if (n === 0) return { text: ['先回显。'], calls: [{ id: 'e1', name: 'everything__echo', args: ['{"message":"留下"}'] }] };
        return { calls: [{ id: 'l1', name: 'everything__trigger-long-running-operation', args: ['{"duration":15,"steps":5}'] }] };
      };
      const { body } = await createTurn(dying, alice, { input: '中途宕机', feature: 'tooly', tools: ['everything__echo', 'everything__trigger-long-running-operation'] });
      expect(body.code).toBe(200);
      const secret = body.data.secret;
      const ctrl = new AbortController();
      await readStream(dying, secret, alice, {
        signal: ctrl.signal,
        onEvent: async (e) => {
          if (e.type !== 'tool' || e.step.tool !== 'trigger-long-running-operation') return;
          // One checkpoint with the long call in flight (twice: one under way may have begun before it), then the instance goes silent.
          await dying.turns.live.tick();
          await dying.turns.live.tick();
          ctrl.abort();
        },
      }).catch(() => null);
      const checkpoint = (await t.ctx.db.execute(sql`select text, ref from turns where status = 'running' and user_id = ${aliceId}`)) as { rows: { text: string; ref: { toolSteps: ToolStep[] } }[] };
      const [row] = checkpoint.rows;
      expect(row!.text).toBe('先回显。');
      expect(row!.ref.toolSteps.map((x) => [x.tool, x.status])).toEqual([
        ['echo', 'ok'],
        ['trigger-long-running-operation', 'running'],
      ]);
      // Its lease lapses; the other instance settles the turn from the checkpoint: interrupted, nothing charged.
      t.clock.advance(31_000);
      await t.turns.reconcile();
      const reply = (await history(body.data.uuid)).at(-1)!;
      expect(reply).toMatchObject({ role: 'assistant', status: 'error', text: '先回显。', charged: false });
      expect(reply.tools!.map((x) => [x.tool, x.status, x.result])).toEqual([
        ['echo', 'ok', 'Echo: 留下'],
        ['trigger-long-running-operation', 'error', '已停止，调用未完成'],
      ]);
      expect((await getBalance(t, aliceId)).baseModel3).toBe(100);
      await t.call('POST', '/api/chat/stop', { token: alice, body: { secret } });
    } finally {
      await dying.close();
    }
  }, 60_000);
});

describe('联网搜索 as a built-in tool the model may call (fake SearXNG, no MCP server at all)', () => {
  const SEARCH_COST = 2;
  let s: TestApp;
  let fake: FakeSearch;
  let bob: string;
  let bobId: number;
  beforeAll(async () => {
    fake = await startFakeSearch();
    s = await createTestApp({
      env: { SEARCH_PROVIDER: 'searxng', SEARCH_URL: fake.url, SEARCH_COST: String(SEARCH_COST), SEARCH_MODELS: 'searcher,plain', SEARCH_TIMEOUT_MS: '3000', SAFE_FETCH_ALLOW_HOSTS: fake.hostPort },
    });
    const admin = await adminToken(s);
    const searcher = await addModel(s, { code: 'searcher', baseUrl: up.url, keys: ['k-1'], cost: 1 });
    const nosearch = await addModel(s, { code: 'nosearch', baseUrl: up.url, keys: ['k-1'], cost: 1 });
    await addModel(s, { code: 'plain', baseUrl: up.url, keys: ['k-1'], cost: 1 });
    expect((await s.call('POST', '/api/admin/tools/models', { token: admin.token, body: { modelIds: [searcher, nosearch] } })).body.code).toBe(200);
    bob = await s.loginByPhone('13900000133');
    bobId = await userIdOf(s, bob);
  }, 60_000);
  afterAll(async () => {
    await s.close();
    await fake.close();
  });
  const searchSteps = (events: ChatStreamEvent[]) => steps(events).filter((x) => x.name === 'web__search');

  it('is offered to a model allowed tools that may search, priced at SEARCH_COST; not to one outside SEARCH_MODELS nor to one without tools', async () => {
    const list = async (feature: string) => chatToolsReply.parse((await s.call('GET', '/api/chat/tools', { token: bob, query: { feature } })).body.data).list;
    expect(await list('searcher')).toEqual([{ name: 'web__search', server: 'web', tool: 'search', title: '联网搜索', description: expect.stringContaining('搜索'), price: SEARCH_COST }]);
    expect(await list('nosearch')).toEqual([]);
    expect(await list('plain')).toEqual([]);
    const refused = await createTurn(s, bob, { input: '查', feature: 'nosearch', tools: ['web__search'] });
    expect(refused).toMatchObject({ status: 400, body: { message: '工具不存在或未启用：web__search' } });
  }, 30_000);

  it('the model calls it: the pages found are the result it reads, a step like any call, charged model + SEARCH_COST', async () => {
    await setBalance(s, bobId, { base3: 100 });
    script = (b) => (toolMessages(b).length ? { text: ['据 [1]，', '是这样。'] } : { calls: [{ id: 's1', name: 'web__search', args: ['{"query":', '"光合作用"}'] }] });
    const before = up.requests.length;
    const r = await sendTurn(s, bob, { input: '光合作用是什么', feature: 'searcher', tools: ['web__search'] });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 + SEARCH_COST });
    expect((await getBalance(s, bobId)).baseModel3).toBe(100 - 1 - SEARCH_COST);
    expect(up.requests[before].tools.map((x: { function: { name: string; parameters: unknown } }) => x.function)).toEqual([
      { name: 'web__search', description: expect.any(String), parameters: expect.objectContaining({ required: ['query'] }) },
    ]);
    expect(fake.requests.at(-1)).toMatchObject({ protocol: 'searxng', query: '光合作用' });
    const found = searchSteps(r.events);
    expect(found.map((x) => x.status)).toEqual(['running', 'ok']);
    expect(found[1]).toMatchObject({ server: 'web', tool: 'search', arguments: '{"query":"光合作用"}', price: SEARCH_COST });
    expect(found[1]!.result).toContain('[1] 来源1：光合作用');
    expect(found[1]!.result).toContain(`网址：${fake.url}/page/1`);
    // What the model read next is that result.
    expect(toolMessages(up.requests.at(-1))[0].content).toBe(found[1]!.result);
    expect(r.text).toBe('据 [1]，是这样。');
    expect(chatHistoryReply.parse((await s.call('GET', '/api/chat/history', { token: bob, query: { uuid: String(r.uuid) } })).body.data).list.at(-1)!.tools).toMatchObject([{ name: 'web__search', status: 'ok', price: SEARCH_COST }]);
  }, 30_000);

  it('a search that finds nothing is free; a failed one is an error, free; the explicit toggle works beside it', async () => {
    await setBalance(s, bobId, { base3: 100 });
    script = (b) => {
      const n = toolMessages(b).length;
      if (n === 0) return { calls: [{ id: 'e', name: 'web__search', args: ['{"query":"[[empty]] 无"}'] }, { id: 'f', name: 'web__search', args: ['{"query":"[[500]] 坏"}'] }] };
      return { text: ['好'] };
    };
    const r = await sendTurn(s, bob, { input: '光合作用', feature: 'searcher', tools: ['web__search'], search: true });
    const found = searchSteps(r.events).filter((x) => x.status !== 'running');
    expect(found.map((x) => [x.id, x.status, x.price])).toEqual([
      ['0:e', 'ok', 0],
      ['0:f', 'error', 0],
    ]);
    expect(found[0]!.result).toContain('没有找到相关网页');
    expect(found[1]!.result).toContain('联网搜索暂不可用');
    // The toggle's search found pages: it is paid as before, the tool's calls are not.
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 + SEARCH_COST, search: { status: 'ok', cost: SEARCH_COST } });
  }, 30_000);
});
