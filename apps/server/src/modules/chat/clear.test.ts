import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ChatMessage } from '@app/shared';
import { createTurn, readStream, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/** POST /chatlog/delByGroupId: 清空当前对话 — the messages go, the conversation stays. */
let t: TestApp;
let alice: string;
let bob: string;
let aliceId: number;

beforeAll(async () => {
  // The offline model streams slowly enough for a request to arrive while a reply is being generated.
  t = await createTestApp({ env: { LLM_OFFLINE_DELAY_MS: '3' } });
  alice = await t.loginByPhone('13800000031');
  bob = await t.loginByPhone('13800000032');
  aliceId = await userIdOf(t, alice);
  await setBalance(t, aliceId, { base3: 100 });
});
afterAll(() => t.close());

const clear = (token: string, body: unknown) => t.call('POST', '/chatlog/delByGroupId', { token, body });
const history = async (uuid: number) => (await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(uuid) } })).body.data.list as ChatMessage[];
const groups = async () => (await t.call('GET', '/api/chat/histories', { token: alice })).body.data.list as { uuid: number; title: string }[];

describe('clearing a conversation', () => {
  it('deletes every message of every branch, keeps the conversation and its title; the next turn starts afresh in it', async () => {
    const g = await sendTurn(t, alice, { input: '要清空的对话' });
    const first = await history(g.uuid);
    // A second turn and a retry (a second branch) so there is more than one path to clear.
    await sendTurn(t, alice, { uuid: g.uuid, input: '第二问', parentId: first[1]!.id });
    await sendTurn(t, alice, { uuid: g.uuid, retry: true });
    expect((await history(g.uuid)).length).toBe(5);

    const r = await clear(alice, { groupId: g.uuid });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, data: { count: 5 } });
    expect(await history(g.uuid)).toEqual([]);
    expect((await groups()).find((x) => x.uuid === g.uuid)?.title).toBe('要清空的对话');

    const next = await sendTurn(t, alice, { uuid: g.uuid, input: '重新开始' });
    expect(next.last).toMatchObject({ type: 'done', uuid: g.uuid, status: 'complete' });
    const after = await history(g.uuid);
    expect(after.map((m) => [m.role, m.parentId])).toEqual([
      ['user', null],
      ['assistant', after[0]!.id],
    ]);
    // Clearing an empty conversation is fine and deletes nothing more.
    await clear(alice, { groupId: g.uuid });
    expect((await clear(alice, { groupId: g.uuid })).body.data.count).toBe(0);
  });

  it("another user's conversation, a deleted one or no such id: 404, and nothing is deleted", async () => {
    const g = await sendTurn(t, alice, { input: '别人的对话' });
    for (const r of [await clear(bob, { groupId: g.uuid }), await clear(alice, { groupId: 2_000_000_000 })]) {
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(Code.NOT_FOUND);
      expect(r.body.message).not.toContain('别人');
    }
    expect(await history(g.uuid)).toHaveLength(2);

    const gone = await sendTurn(t, alice, { input: '已删的对话' });
    await t.call('POST', '/api/chat/history/delete', { token: alice, body: { uuid: gone.uuid } });
    expect((await clear(alice, { groupId: gone.uuid })).status).toBe(404);
  });

  it('bad input is refused with the field named and changes nothing', async () => {
    const g = await sendTurn(t, alice, { input: '输入检查' });
    for (const body of [{}, { groupId: 'x' }, { groupId: 0 }, { groupId: -1 }, { groupId: 1.5 }, { groupId: 2 ** 40 }]) {
      const r = await clear(alice, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.field).toBe('groupId');
    }
    expect(await history(g.uuid)).toHaveLength(2);
    expect((await t.call('POST', '/chatlog/delByGroupId', { body: { groupId: g.uuid } })).status).toBe(401);
  });

  it('is refused while a reply of the conversation is being generated, and works once it has ended', async () => {
    const g = await sendTurn(t, alice, { input: '进行中' });
    const created = await createTurn(t, alice, { uuid: g.uuid, input: '再来一个长回答' });
    let during: { status: number; code: number; message: string } | null = null;
    let other: number | null = null;
    const s = await readStream(t, created.body.data.secret, alice, {
      onEvent: async (e, all) => {
        if (during || e.type !== 'delta' || all.filter((x) => x.type === 'delta').length < 3) return;
        const r = await clear(alice, { groupId: g.uuid });
        during = { status: r.status, code: r.body.code, message: r.body.message };
        // Another conversation of the same user is not held up by it.
        const o = await sendTurn(t, alice, { input: '另一个对话' });
        other = (await clear(alice, { groupId: o.uuid })).body.data.count;
      },
    });
    expect(during).toEqual({ status: 409, code: Code.CONFLICT, message: '回复生成中，请等它结束或先停止再清空' });
    expect(other).toBe(2);
    expect(s.last).toMatchObject({ type: 'done', status: 'complete' });
    // Nothing went while it ran: both turns, with the reply saved at the end.
    expect(await history(g.uuid)).toHaveLength(4);
    expect((await clear(alice, { groupId: g.uuid })).body.data.count).toBe(4);
  });

  it('a turn prepared before the clear (its question follows a message that went) runs as a first message', async () => {
    const g = await sendTurn(t, alice, { input: '准备后清空' });
    const before = await history(g.uuid);
    const created = await createTurn(t, alice, { uuid: g.uuid, input: '接着问', parentId: before[1]!.id });
    expect((await clear(alice, { groupId: g.uuid })).body.data.count).toBe(2);
    const s = await readStream(t, created.body.data.secret, alice);
    expect(s.last).toMatchObject({ type: 'done', status: 'complete' });
    const after = await history(g.uuid);
    expect(after.map((m) => [m.role, m.text === '接着问', m.parentId === null])).toEqual([
      ['user', true, true],
      ['assistant', false, false],
    ]);
  });
});
