import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCreateReply, chatHistoriesReply, chatHistoryReply, Code } from '@app/shared';
import { turns, balanceLedger } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { createTurn, getBalance, readStream, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';

let t: TestApp;
let alice: string;
let bob: string;
let aliceId: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loginByPhone('13800000001');
  bob = await t.loginByPhone('13800000002');
  aliceId = await userIdOf(t, alice);
});
afterAll(() => t.close());

describe('a chat turn on the offline model', () => {
  it('prepares a new group and streams a labelled demo reply as SSE, then charges one credit', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const created = await createTurn(t, alice, { input: '怎么学好数学？', uuid: 0, feature: 'ai_35' });
    expect(created.body.code).toBe(200);
    const { uuid, secret } = chatCreateReply.parse(created.body.data);
    expect(uuid).toBeGreaterThan(0);

    const s = await readStream(t, secret, alice, { query: { feature: 'ai_35' } });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-cache');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.events.filter((e) => e.type === 'delta').length).toBeGreaterThan(20);
    expect(s.text).toContain('离线演示');
    expect(s.text).toContain('$$E=mc^2$$');
    expect(s.last).toMatchObject({ type: 'done', uuid, status: 'complete', charged: 1 });
    expect(s.last?.type === 'done' && s.last.usage?.completion_tokens).toBeGreaterThan(0);

    expect((await getBalance(t, aliceId)).baseModel3).toBe(4);
    const ledger = await t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, aliceId), eq(balanceLedger.type, 'usage')));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ pool: 'base', model3: -1 });
    // The ledger row names the turn, and the turn row is settled with the reply and its charge.
    const turnId = Number(/^turn:(\d+)$/.exec(ledger[0]!.ref ?? '')?.[1]);
    const [turn] = await t.ctx.db.select().from(turns).where(eq(turns.id, turnId));
    expect(turn).toMatchObject({ kind: 'chat', status: 'settled', charged: 1, text: s.text });

    const h = await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(uuid), model: 'ai_35' } });
    const list = chatHistoryReply.parse(h.body.data).list;
    expect(list.map((m) => [m.role, m.inversion, m.status])).toEqual([
      ['user', true, 'complete'],
      ['assistant', false, 'complete'],
    ]);
    expect(list[0]!.text).toBe('怎么学好数学？');
    expect(list[1]!.text).toBe(s.text);
    expect(list[1]!.charged).toBe(true);

    const groups = chatHistoriesReply.parse((await t.call('GET', '/api/chat/histories', { token: alice, query: { type: '1' } })).body.data).list;
    expect(groups[0]).toMatchObject({ uuid, title: '怎么学好数学？', input: '怎么学好数学？', model: 'ai_35', type: 1, isSticky: false });
  });

  it('writes a new group only when its turn runs: an abandoned prepare leaves nothing behind', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const list = async () => chatHistoriesReply.parse((await t.call('GET', '/api/chat/histories', { token: alice })).body.data).list.map((g) => g.uuid);
    const abandoned = chatCreateReply.parse((await createTurn(t, alice, { input: '没人打开的对话', uuid: 0 })).body.data);
    expect(await list()).not.toContain(abandoned.uuid);
    expect((await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(abandoned.uuid) } })).status).toBe(404);
    const used = chatCreateReply.parse((await createTurn(t, alice, { input: '会打开的对话', uuid: 0 })).body.data);
    expect(used.uuid).not.toBe(abandoned.uuid);
    const s = await readStream(t, used.secret, alice);
    expect(s.last).toMatchObject({ type: 'done', uuid: used.uuid });
    expect(await list()).toContain(used.uuid);
  });

  it('sends the group as context unless usingContext is off', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const first = await sendTurn(t, alice, { input: '第一问', feature: 'ai_35' });
    expect(first.text).toContain('第 1 轮');
    const second = await sendTurn(t, alice, { input: '第二问', uuid: first.uuid });
    expect(second.uuid).toBe(first.uuid);
    expect(second.text).toContain('第 2 轮');
    const alone = await sendTurn(t, alice, { input: '第三问', uuid: first.uuid, usingContext: false });
    expect(alone.text).toContain('第 1 轮');
  });

  it('a secret opens one stream, only for its owner', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const { body } = await createTurn(t, alice, { input: 'hello' });
    const secret = body.data.secret;
    const noToken = await readStream(t, secret, null);
    expect(noToken.status).toBe(401);
    const stranger = await readStream(t, secret, bob);
    expect(stranger.status).toBe(404);
    expect(stranger.json).toMatchObject({ code: Code.NOT_FOUND, success: false });
    const owner = await readStream(t, secret, alice);
    expect(owner.last?.type).toBe('done');
    const again = await readStream(t, secret, alice);
    expect(again.status).toBe(404);
    const bad = await readStream(t, 'short', alice);
    expect(bad.status).toBe(400);
    expect(bad.json.data.field).toBe('secret');
  });

  it("the owner's other session may open the stream; a bad token is told so", async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const { body } = await createTurn(t, alice, { input: 'hello' });
    const garbage = await readStream(t, body.data.secret, 'not-a-real-token');
    expect(garbage.json).toMatchObject({ code: Code.TOKEN_INVALID });
    const otherDevice = await t.loginByPhone('13800000001');
    expect(otherDevice).not.toBe(alice);
    const s = await readStream(t, body.data.secret, otherDevice);
    expect(s.last?.type).toBe('done');
  });

  it('retry re-sends the last question; the new reply is a branch beside the first (branches.test.ts has more)', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const first = await sendTurn(t, alice, { input: '要重试的问题' });
    const again = await sendTurn(t, alice, { uuid: first.uuid, retry: true });
    expect(again.last).toMatchObject({ type: 'done', status: 'complete' });
    const h = await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(first.uuid) } });
    const list = chatHistoryReply.parse(h.body.data).list;
    expect(list.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(list[1]!.parentId).toBe(list[0]!.id);
    expect(list[2]!.parentId).toBe(list[0]!.id);
    expect(list[2]!.id).toBe(again.last?.type === 'done' ? again.last.messageId : -1);
    expect(again.last?.type === 'done' && again.last.userMessageId).toBe(list[0]!.id);
  });
});

describe('balance', () => {
  it('create answers 408001 when the base pool cannot pay, 408002 for the model-4 pool', async () => {
    await setBalance(t, aliceId, { base3: 0, base4: 0 });
    const r = await createTurn(t, alice, { input: 'hi', feature: 'ai_35' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: Code.BALANCE_MODEL3, success: false });
    const r4 = await createTurn(t, alice, { input: 'hi', feature: 'ai_4o' });
    expect(r4.body.code).toBe(Code.BALANCE_MODEL4);
  });

  it('the stream checks again before calling upstream: an error event, nothing stored', async () => {
    await setBalance(t, aliceId, { base3: 1 });
    const { body } = await createTurn(t, alice, { input: '余额会被清空' });
    await setBalance(t, aliceId, { base3: 0 });
    const s = await readStream(t, body.data.secret, alice);
    expect(s.events).toEqual([{ type: 'error', code: Code.BALANCE_MODEL3, message: expect.any(String), uuid: body.data.uuid, messageId: null }]);
    // The group made for this turn is dropped again: no empty conversation in the list.
    const h = await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(body.data.uuid) } });
    expect(h.status).toBe(404);
    const groups = (await t.call('GET', '/api/chat/histories', { token: alice })).body.data.list as { uuid: number }[];
    expect(groups.some((g) => g.uuid === body.data.uuid)).toBe(false);
  });

  it('turns one right after another spend the balance to exactly 0, then 408', async () => {
    await setBalance(t, aliceId, { base3: 2 });
    const a = await sendTurn(t, alice, { input: '一' });
    const b = await sendTurn(t, alice, { input: '二', uuid: a.uuid });
    expect([a.last, b.last]).toMatchObject([{ type: 'done', charged: 1 }, { type: 'done', charged: 1 }]);
    expect((await createTurn(t, alice, { input: '三', uuid: a.uuid })).body.code).toBe(Code.BALANCE_MODEL3);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(0);
  });

  it('spends a live membership first, then the base pool; never an expired membership', async () => {
    const future = new Date(t.clock.now() + 86400_000);
    await setBalance(t, aliceId, { base3: 3, member3: 1, memberExpiresAt: future });
    await sendTurn(t, alice, { input: 'a' });
    expect(await getBalance(t, aliceId)).toMatchObject({ memberModel3: 0, baseModel3: 3 });
    await sendTurn(t, alice, { input: 'b' });
    expect(await getBalance(t, aliceId)).toMatchObject({ memberModel3: 0, baseModel3: 2 });
    await setBalance(t, aliceId, { base3: 1, member3: 5, memberExpiresAt: new Date(t.clock.now() - 1000) });
    await sendTurn(t, alice, { input: 'c' });
    expect(await getBalance(t, aliceId)).toMatchObject({ memberModel3: 5, baseModel3: 0 });
  });
});

describe('input validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['blank input', { input: '   ' }, 'input'],
    ['uuid not a number', { input: 'x', uuid: 'abc' }, 'uuid'],
    ['negative uuid', { input: 'x', uuid: -1 }, 'uuid'],
    ['unknown model', { input: 'x', feature: 'no-such-model' }, 'feature'],
    ['retry without a group', { retry: true }, 'uuid'],
    ['too many images', { input: 'x', images: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'images'],
    ['images for a model without vision', { input: 'x', feature: 'ai_35', images: ['/uploads/chat/1/202611/abc.png'] }, 'images'],
    ['temperature out of range', { input: 'x', temperature: 5 }, 'temperature'],
    ['variables without a template', { input: 'x', variable: { a: 1 } }, 'temp_id'],
    ['a template id that is not a number', { temp_id: 'abc', variable: {} }, 'temp_id'],
    ['an expert id out of range', { input: 'x', identity_id: 99999999999 }, 'identity_id'],
    ['template and expert together', { input: 'x', temp_id: 1, identity_id: 2 }, 'identity_id'],
  ];
  it.each(cases)('%s → 400 naming the field', async (_name, body, field) => {
    await setBalance(t, aliceId, { base3: 5 });
    const r = await t.call('POST', '/api/chat/create', { token: alice, body });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    expect(r.body.data.field).toBe(field);
  });

  it('input longer than the model allows → 400 with the limit', async () => {
    const r = await t.call('POST', '/api/chat/create', { token: alice, body: { input: '字'.repeat(2001), feature: 'ai_35' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('2000');
  });

  it('a body that is not JSON is a 400, not a 500', async () => {
    const r = await t.call('POST', '/api/chat/create', { token: alice, body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
  });
});

describe('groups and history', () => {
  it('renames and pins a group; pinned first, then the most recent', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const a = await sendTurn(t, alice, { input: '组A' });
    t.clock.advance(1000);
    const b = await sendTurn(t, alice, { input: '组B' });
    const up = await t.call('POST', '/group/update', { token: alice, body: { uuid: a.uuid, title: '置顶的组', isSticky: true } });
    expect(up.body.data).toMatchObject({ uuid: a.uuid, title: '置顶的组', isSticky: true });
    const list = (await t.call('GET', '/api/chat/histories', { token: alice, query: { type: '1,3' } })).body.data.list as { uuid: number }[];
    expect(list[0]!.uuid).toBe(a.uuid);
    expect(list[1]!.uuid).toBe(b.uuid);
    const empty = await t.call('POST', '/group/update', { token: alice, body: { uuid: a.uuid } });
    expect(empty.status).toBe(400);
    const longTitle = await t.call('POST', '/group/update', { token: alice, body: { uuid: a.uuid, title: '长'.repeat(51) } });
    expect(longTitle.body.data.field).toBe('title');
  });

  it('deletes one message, clears a group, deletes a group, deletes all', async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const g = await sendTurn(t, alice, { input: '要删的' });
    const msgs = (await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(g.uuid) } })).body.data.list as { id: number }[];
    expect((await t.call('POST', '/chatlog/del', { token: alice, body: { id: msgs[1]!.id } })).body.code).toBe(200);
    expect((await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(g.uuid) } })).body.data.list).toHaveLength(1);
    const cleared = await t.call('POST', '/chatlog/delByGroupId', { token: alice, body: { groupId: g.uuid } });
    expect(cleared.body.data.count).toBe(1);

    expect((await t.call('POST', '/api/chat/history/delete', { token: alice, body: { uuid: g.uuid, model: 'ai_35' } })).body.code).toBe(200);
    expect((await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(g.uuid) } })).status).toBe(404);
    const left = (await t.call('GET', '/api/chat/histories', { token: alice })).body.data.list as { uuid: number }[];
    expect(left.some((x) => x.uuid === g.uuid)).toBe(false);
    expect((await createTurn(t, alice, { input: 'x', uuid: g.uuid })).status).toBe(404);

    const all = await t.call('POST', '/group/delAll', { token: alice, body: {} });
    expect(all.body.data.count).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/chat/histories', { token: alice, query: { type: '1,2,3' } })).body.data.list).toEqual([]);
  });

  it('validates the history queries', async () => {
    expect((await t.call('GET', '/api/chat/histories', { token: alice, query: { type: '9' } })).body.data.field).toBe('type');
    expect((await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: 'x' } })).body.data.field).toBe('uuid');
    expect((await t.call('POST', '/chatlog/del', { token: alice, body: { id: 0 } })).body.data.field).toBe('id');
    expect((await t.call('POST', '/chatlog/delByGroupId', { token: alice, body: {} })).body.data.field).toBe('groupId');
    expect((await t.call('POST', '/api/chat/stop', { token: alice, body: {} })).body.data.field).toBe('secret');
  });
});

describe('access', () => {
  const endpoints: ['GET' | 'POST', string, unknown?][] = [
    ['POST', '/api/chat/create', { input: 'x' }],
    ['GET', '/api/chat/stream?secret=0123456789abcdef0123'],
    ['POST', '/api/chat/stop', { secret: '0123456789abcdef0123' }],
    ['GET', '/api/chat/histories?type=1'],
    ['GET', '/api/chat/history?uuid=1'],
    ['POST', '/api/chat/history/delete', { uuid: 1 }],
    ['POST', '/group/update', { uuid: 1, title: 'x' }],
    ['POST', '/group/delAll', {}],
    ['POST', '/chatlog/del', { id: 1 }],
    ['POST', '/chatlog/delByGroupId', { groupId: 1 }],
    ['POST', '/api/chat/upload-image'],
  ];
  it.each(endpoints)('%s %s without a token → HTTP 401', async (method, url, body) => {
    const r = await t.call(method, url, { body });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(Code.UNAUTHORIZED);
  });

  it("another user's group and messages answer 404 and stay as they were", async () => {
    await setBalance(t, aliceId, { base3: 5 });
    const g = await sendTurn(t, alice, { input: '私密对话' });
    const msgs = (await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(g.uuid) } })).body.data.list as { id: number }[];
    const tries = [
      t.call('GET', '/api/chat/history', { token: bob, query: { uuid: String(g.uuid) } }),
      t.call('POST', '/api/chat/history/delete', { token: bob, body: { uuid: g.uuid } }),
      t.call('POST', '/group/update', { token: bob, body: { uuid: g.uuid, title: 'hacked' } }),
      t.call('POST', '/chatlog/del', { token: bob, body: { id: msgs[0]!.id } }),
      t.call('POST', '/chatlog/delByGroupId', { token: bob, body: { groupId: g.uuid } }),
      t.call('POST', '/api/chat/create', { token: bob, body: { input: 'x', uuid: g.uuid } }),
      t.call('POST', '/api/chat/create', { token: bob, body: { uuid: g.uuid, retry: true } }),
    ];
    for (const r of await Promise.all(tries)) {
      expect(r.status).toBe(404);
      expect(r.body.message).not.toContain('私密');
    }
    await t.call('POST', '/group/delAll', { token: bob, body: {} });
    const after = await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(g.uuid) } });
    expect(after.body.data.list).toHaveLength(2);
    const groups = (await t.call('GET', '/api/chat/histories', { token: alice })).body.data.list as { uuid: number; title: string }[];
    expect(groups.find((x) => x.uuid === g.uuid)?.title).toBe('私密对话');
    const bobs = (await t.call('GET', '/api/chat/histories', { token: bob })).body.data.list;
    expect(bobs).toEqual([]);
  });
});
