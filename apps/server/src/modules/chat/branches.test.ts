import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, Code, type ChatMessage } from '@app/shared';
import { balanceLedger, chatGroups, chatMessages, turns } from '../../db/schema/index.ts';
import { addModel, createTurn, getBalance, readStream, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { pieces, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let up: FakeUpstream;
let alice: string;
let bob: string;
let aliceId: number;
let bobId: number;

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 4 });
  t = await createTestApp();
  alice = await t.loginByPhone('13600000001');
  bob = await t.loginByPhone('13600000002');
  aliceId = await userIdOf(t, alice);
  bobId = await userIdOf(t, bob);
  // Rounds and context large enough that a 50-message path is sent whole.
  await addModel(t, { code: 'tree', baseUrl: up.url, keys: ['k'], maxRounds: 100, maxContextTokens: 100_000 });
});
afterAll(async () => {
  await t.close();
  await up.close();
});

const history = async (uuid: number, token = alice) => chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token, query: { uuid: String(uuid) } })).body.data);
const byId = (list: ChatMessage[]) => new Map(list.map((m) => [m.id, m]));
const branch = (token: string, body: Record<string, unknown>) => t.call<{ activeId: number }>('POST', '/api/chat/branch', { token, body });
const del = (token: string, id: number) => t.call('POST', '/chatlog/del', { token, body: { id } });
const usageRows = async (userId: number) =>
  (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(balanceLedger).where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.type, 'usage'))))[0]!.n;

/** A conversation of `n` messages written as one line (as the migration leaves old ones); returns its uuid and ids, oldest first. */
async function seeded(userId: number, n: number, title = '长对话') {
  const [g] = await t.ctx.db.insert(chatGroups).values({ userId, model: 'tree', title }).returning({ id: chatGroups.id });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const user = i % 2 === 0;
    const [m] = await t.ctx.db
      .insert(chatMessages)
      .values({ groupId: g!.id, userId, parentId: ids.at(-1) ?? null, role: user ? 'user' : 'assistant', text: user ? `问题${i / 2}` : `回答${(i - 1) / 2}`, model: 'tree' })
      .returning({ id: chatMessages.id });
    ids.push(m!.id);
  }
  await t.ctx.db.update(chatGroups).set({ activeLeafId: ids.at(-1)! }).where(eq(chatGroups.id, g!.id));
  return { uuid: g!.id, ids };
}

/** The messages the upstream got as context (the system prompt aside), as "role:text". */
const sentPath = () => (up.requests.at(-1)!.body.messages as { role: string; content: string }[]).filter((m) => m.role !== 'system').map((m) => `${m.role}:${m.content}`);

/** Every parent is a message of the same group with a smaller id (so no cycle). */
async function expectSoundTree(uuid: number) {
  const list = (await history(uuid)).list;
  const ids = byId(list);
  for (const m of list) {
    if (m.parentId === null || m.parentId === undefined) continue;
    expect(ids.get(m.parentId), `parent of ${m.id}`).toBeDefined();
    expect(m.parentId).toBeLessThan(m.id);
  }
  return list;
}

describe('editing a question forks the conversation', () => {
  it('an edit in the middle of a 50-message conversation sends exactly the path above it, keeps the old branch, and is charged once', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const { uuid, ids } = await seeded(aliceId, 50);
    const texts = (await history(uuid)).list.map((m) => `${m.role}:${m.text}`);
    // Edit the 11th question (message 20): it follows message 19.
    const edited = await sendTurn(t, alice, { uuid, input: '改写后的第十一问', parentId: ids[19], feature: 'tree' });
    expect(edited.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    expect(sentPath()).toEqual([...texts.slice(0, 20), 'user:改写后的第十一问']);

    const h = await history(uuid);
    expect(h.list).toHaveLength(52);
    const m = byId(h.list);
    const done = edited.last!.type === 'done' ? edited.last : null;
    expect(m.get(done!.userMessageId)).toMatchObject({ parentId: ids[19], role: 'user', text: '改写后的第十一问' });
    expect(m.get(done!.messageId)).toMatchObject({ parentId: done!.userMessageId, role: 'assistant', text: edited.text, charged: true });
    // The old branch is kept whole.
    expect(m.get(ids[20]!)).toMatchObject({ parentId: ids[19], text: '问题10' });
    expect(m.get(ids[49]!)).toMatchObject({ parentId: ids[48] });
    // The new reply is the branch on screen.
    expect(h.activeId).toBe(done!.messageId);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(9);

    // The next question follows the branch on screen: only the edited path goes upstream.
    await sendTurn(t, alice, { uuid, input: '接着问', feature: 'tree' });
    expect(sentPath()).toEqual([...texts.slice(0, 20), 'user:改写后的第十一问', `assistant:${edited.text}`, 'user:接着问']);
    await expectSoundTree(uuid);
  });

  it('an edit of the first question (parentId 0) starts a second first message; the old conversation is never sent', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const { uuid, ids } = await seeded(aliceId, 6, '改第一问');
    const r = await sendTurn(t, alice, { uuid, input: '全新的第一问', parentId: 0, feature: 'tree' });
    expect(sentPath()).toEqual(['user:全新的第一问']);
    const h = await history(uuid);
    const q = h.list.find((m) => m.text === '全新的第一问')!;
    expect(q.parentId).toBeNull();
    expect(h.list.filter((m) => m.parentId === null).map((m) => m.id)).toEqual([ids[0], q.id]);
    expect(h.activeId).toBe(r.last?.type === 'done' ? r.last.messageId : -1);
  });
});

describe('switching branches', () => {
  it('remembers the branch on screen per conversation; the next turn follows it', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const { uuid, ids } = await seeded(aliceId, 10, '切换');
    const edit = await sendTurn(t, alice, { uuid, input: '另一种问法', parentId: ids[5], feature: 'tree' });
    expect((await history(uuid)).activeId).toBe(edit.last?.type === 'done' ? edit.last.messageId : -1);

    const back = await branch(alice, { uuid, messageId: ids[9] });
    expect(back.body).toMatchObject({ code: 200, data: { activeId: ids[9] } });
    expect((await history(uuid)).activeId).toBe(ids[9]);

    // Without parentId, a question follows the end of the branch on screen.
    const next = await sendTurn(t, alice, { uuid, input: '在原来的分支上继续', feature: 'tree' });
    const h = byId((await history(uuid)).list);
    const done = next.last!.type === 'done' ? next.last : null;
    expect(h.get(done!.userMessageId)!.parentId).toBe(ids[9]);
    expect(sentPath().at(-2)).toBe('assistant:回答4');

    // Remembering a message in the middle: the branch goes on along the newest replies below it.
    await branch(alice, { uuid, messageId: ids[5] });
    const deeper = await sendTurn(t, alice, { uuid, input: '从中间继续', feature: 'tree' });
    const editReply = edit.last?.type === 'done' ? edit.last.messageId : -1;
    const d = deeper.last!.type === 'done' ? deeper.last : null;
    expect(byId((await history(uuid)).list).get(d!.userMessageId)!.parentId).toBe(editReply);
  });

  it('refuses a message of another conversation, another user, or nothing, and changes nothing', async () => {
    const mine = await seeded(aliceId, 4, '甲');
    const other = await seeded(aliceId, 4, '乙');
    const bobs = await seeded(bobId, 4, '鲍勃的');
    for (const [token, body] of [
      [alice, { uuid: mine.uuid, messageId: other.ids[1] }],
      [alice, { uuid: mine.uuid, messageId: bobs.ids[1] }],
      [alice, { uuid: mine.uuid, messageId: 2_000_000_000 }],
    ] as const) {
      const r = await branch(token, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('消息不存在或不属于这个对话');
    }
    // Another user's conversation is not found at all.
    expect((await branch(bob, { uuid: mine.uuid, messageId: mine.ids[1] })).status).toBe(404);
    expect((await branch(alice, { uuid: mine.uuid, messageId: -1 })).status).toBe(400);
    expect((await branch(alice, { uuid: mine.uuid, messageId: 'x' })).status).toBe(400);
    expect((await t.call('POST', '/api/chat/branch', { body: { uuid: mine.uuid, messageId: mine.ids[1] } })).status).toBe(401);
    expect((await history(mine.uuid)).activeId).toBe(mine.ids[3]);
  });
});

describe('retry is a branch', () => {
  it('a retry adds a sibling reply under the same question, keeps the earlier one, and charges each reply once', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const first = await sendTurn(t, alice, { input: '同一个问题', feature: 'tree' });
    const firstDone = first.last!.type === 'done' ? first.last : null;
    const ledgerBefore = await usageRows(aliceId);
    const again = await sendTurn(t, alice, { uuid: first.uuid, retry: true, messageId: firstDone!.userMessageId });
    const againDone = again.last!.type === 'done' ? again.last : null;
    expect(againDone).toMatchObject({ status: 'complete', charged: 1, userMessageId: firstDone!.userMessageId });
    // The retry is sent without the reply it replaces.
    expect(sentPath()).toEqual(['user:同一个问题']);
    const h = await history(first.uuid);
    expect(h.list.map((m) => [m.role, m.parentId])).toEqual([
      ['user', null],
      ['assistant', firstDone!.userMessageId],
      ['assistant', firstDone!.userMessageId],
    ]);
    expect(h.activeId).toBe(againDone!.messageId);
    expect(await usageRows(aliceId)).toBe(ledgerBefore + 1);

    // Without messageId: the last question on screen, also after switching to the first reply.
    await branch(alice, { uuid: first.uuid, messageId: firstDone!.messageId });
    const third = await sendTurn(t, alice, { uuid: first.uuid, retry: true });
    expect(third.last).toMatchObject({ type: 'done', userMessageId: firstDone!.userMessageId });
    expect((await history(first.uuid)).list.filter((m) => m.parentId === firstDone!.userMessageId)).toHaveLength(3);
  });

  it('refuses a retry of a reply, of another conversation, of another user', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const mine = await seeded(aliceId, 4, '重试甲');
    const other = await seeded(aliceId, 4, '重试乙');
    const bobs = await seeded(bobId, 4, '重试鲍勃');
    const before = await getBalance(t, aliceId);
    const r1 = await createTurn(t, alice, { uuid: mine.uuid, retry: true, messageId: mine.ids[1] });
    expect(r1.body).toMatchObject({ code: Code.BAD_REQUEST, message: '请指定要重新回答的问题' });
    for (const id of [other.ids[0]!, bobs.ids[0]!]) {
      const r = await createTurn(t, alice, { uuid: mine.uuid, retry: true, messageId: id });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('要重试的消息不存在或不属于这个对话');
    }
    expect((await createTurn(t, alice, { uuid: mine.uuid, messageId: mine.ids[0] })).status).toBe(400);
    expect(await getBalance(t, aliceId)).toEqual(before);
    expect((await history(mine.uuid)).list).toHaveLength(4);
  });
});

describe('bad parents', () => {
  it('refuses a parent from another conversation, another user, a new conversation, or out of range, and stores nothing', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const mine = await seeded(aliceId, 4, '父甲');
    const other = await seeded(aliceId, 4, '父乙');
    const bobs = await seeded(bobId, 4, '父鲍勃');
    const count = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(chatMessages)).at(0)!.n;
    const n = await count();
    for (const parentId of [other.ids[1], bobs.ids[1], 2_000_000_000]) {
      const r = await createTurn(t, alice, { uuid: mine.uuid, input: '接在别处', parentId });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: Code.BAD_REQUEST, message: '要接续的消息不存在或不属于这个对话', data: { field: 'parentId' } });
    }
    for (const parentId of [-1, 2_147_483_648, 'abc', 1.5]) {
      expect((await t.call('POST', '/api/chat/create', { token: alice, body: { uuid: mine.uuid, input: 'x', parentId } })).status).toBe(400);
    }
    const fresh = await createTurn(t, alice, { uuid: 0, input: '新对话', parentId: mine.ids[1] });
    expect(fresh.body.message).toBe('新对话不能指定上一条消息');
    // Another user's conversation: not found, whatever the parent.
    expect((await createTurn(t, bob, { uuid: mine.uuid, input: '闯入', parentId: mine.ids[1] })).status).toBe(404);
    expect((await t.call('GET', '/api/chat/history', { token: bob, query: { uuid: String(mine.uuid) } })).status).toBe(404);
    expect(await count()).toBe(n);
  });
});

describe('deleting a message deletes what follows it', () => {
  it('deletes the subtree (every branch below), keeps the rest, and falls back to the parent when the branch on screen went', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const { uuid, ids } = await seeded(aliceId, 8, '删分支');
    const edit = await sendTurn(t, alice, { uuid, input: '分支问题', parentId: ids[3], feature: 'tree' });
    const e = edit.last!.type === 'done' ? edit.last : null;
    expect((await history(uuid)).list).toHaveLength(10);

    // Bob cannot delete it, and nothing changes.
    expect((await del(bob, e!.userMessageId)).status).toBe(404);
    expect((await history(uuid)).list).toHaveLength(10);

    // Deleting the edited question deletes its reply too; the branch on screen falls back to the parent's newest branch.
    expect((await del(alice, e!.userMessageId)).body).toMatchObject({ code: 200 });
    let h = await history(uuid);
    expect(h.list.map((m) => m.id)).toEqual(ids);
    expect(h.activeId).toBe(ids[3]);
    const next = await sendTurn(t, alice, { uuid, input: '删除之后', feature: 'tree' });
    expect(byId((await history(uuid)).list).get(next.last?.type === 'done' ? next.last.userMessageId : -1)!.parentId).toBe(ids[7]);

    // Deleting a message in the middle takes every message after it, on every branch.
    await sendTurn(t, alice, { uuid, input: '又一个分支', parentId: ids[5], feature: 'tree' });
    expect((await del(alice, ids[4]!)).status).toBe(200);
    h = await history(uuid);
    expect(h.list.map((m) => m.id)).toEqual(ids.slice(0, 4));
    expect(h.activeId).toBe(ids[3]);
    expect((await del(alice, ids[6]!)).status).toBe(404);
  });

  it('deleting a first message of a 300-message line takes it all in one statement', async () => {
    const { uuid, ids } = await seeded(aliceId, 300, '三百条');
    expect((await del(alice, ids[0]!)).status).toBe(200);
    const h = await history(uuid);
    expect(h.list).toEqual([]);
    expect(h.activeId).toBeNull();
  });
});

describe('stops, cuts and concurrency on branches', () => {
  it('a stopped edit keeps its partial reply in its own branch and charges it once', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const { uuid, ids } = await seeded(aliceId, 4, '停止');
    const before = (await getBalance(t, aliceId)).baseModel3;
    const created = await createTurn(t, alice, { uuid, input: '[[long]] 改写后停下', parentId: ids[1], feature: 'tree' });
    let stopped = false;
    const s = await readStream(t, created.body.data.secret, alice, {
      onEvent: async (e, all) => {
        if (!stopped && e.type === 'delta' && all.filter((x) => x.type === 'delta').length >= 3) {
          stopped = true;
          await t.call('POST', '/api/chat/stop', { token: alice, body: { secret: created.body.data.secret } });
        }
      },
    });
    expect(s.last).toMatchObject({ type: 'done', status: 'stopped', charged: 1 });
    const done = s.last!.type === 'done' ? s.last : null;
    const m = byId((await history(uuid)).list);
    expect(m.get(done!.messageId)).toMatchObject({ parentId: done!.userMessageId, status: 'stopped', text: s.text });
    expect(m.get(done!.userMessageId)!.parentId).toBe(ids[1]);
    expect(m.get(ids[3]!)).toBeDefined();
    expect((await getBalance(t, aliceId)).baseModel3).toBe(before - 1);
  });

  it('an upstream cut keeps the partial reply in its branch, uncharged', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const { uuid, ids } = await seeded(aliceId, 4, '断开');
    const before = (await getBalance(t, aliceId)).baseModel3;
    const s = await sendTurn(t, alice, { uuid, input: '[[cut]] 改写后断开', parentId: ids[1], feature: 'tree' });
    expect(s.last).toMatchObject({ type: 'error', code: Code.CHAT_UPSTREAM });
    const saved = byId((await history(uuid)).list).get(s.last?.type === 'error' ? s.last.messageId! : -1)!;
    expect(s.text).toBe(pieces('[[cut]] 改写后断开', 3).join(''));
    expect(saved).toMatchObject({ status: 'error', charged: false, text: s.text });
    expect(byId((await history(uuid)).list).get(saved.parentId!)).toMatchObject({ parentId: ids[1], text: '[[cut]] 改写后断开' });
    expect((await getBalance(t, aliceId)).baseModel3).toBe(before);
  });

  it('two edits of the same message at once both become siblings, each with its reply, each charged once', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const { uuid, ids } = await seeded(aliceId, 6, '并发编辑');
    const ledgerBefore = await usageRows(aliceId);
    const [a, b] = await Promise.all(['并发改写甲', '并发改写乙'].map((input) => sendTurn(t, alice, { uuid, input, parentId: ids[3], feature: 'tree' })));
    for (const r of [a!, b!]) expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    const list = await expectSoundTree(uuid);
    const siblings = list.filter((m) => m.parentId === ids[3]);
    expect(siblings.map((m) => m.text).sort()).toEqual(['问题2', '并发改写乙', '并发改写甲'].sort());
    for (const r of [a!, b!]) {
      const done = r.last!.type === 'done' ? r.last : null;
      expect(list.find((m) => m.id === done!.messageId)).toMatchObject({ parentId: done!.userMessageId, text: r.text });
    }
    expect(list).toHaveLength(10);
    expect(await usageRows(aliceId)).toBe(ledgerBefore + 2);
    const [held] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(turns).where(and(eq(turns.userId, aliceId), eq(turns.status, 'running')));
    expect(held!.n).toBe(0);
    // The branch on screen is one of the two new replies.
    const active = (await history(uuid)).activeId;
    expect([a!, b!].map((r) => (r.last?.type === 'done' ? r.last.messageId : -1))).toContain(active);
  });
});
