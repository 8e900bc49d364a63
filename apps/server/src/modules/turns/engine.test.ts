import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, chatStreamEvent, Code } from '@app/shared';
import { balanceLedger, chatGroups, chatMessages, turns } from '../../db/schema/index.ts';
import { addModel, createTurn, getBalance, readStream, sendTurn, setBalance, userIdOf, waitFor } from '../../testing/chat.ts';
import { pieces, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { readSseEvents } from '../../testing/sse.ts';

let t: TestApp;
let up: FakeUpstream;
let alice: string;
let aliceId: number;
let bob: string;

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 5 });
  t = await createTestApp();
  alice = await t.loginByPhone('13500000001');
  bob = await t.loginByPhone('13500000002');
  aliceId = await userIdOf(t, alice);
  await addModel(t, { code: 'eng', baseUrl: up.url, keys: ['good-e'] });
  await addModel(t, { code: 'eng2', baseUrl: up.url, keys: ['good-e2'], cost: 2 });
});
afterAll(async () => {
  await t.close();
  await up.close();
});

const usageRows = (userId: number) =>
  t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.type, 'usage'))).orderBy(balanceLedger.id);
const history = async (uuid: number, token = alice) =>
  chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token, query: { uuid: String(uuid) } })).body.data).list;
const runningTurns = async (userId: number) =>
  (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(turns).where(and(eq(turns.userId, userId), eq(turns.status, 'running'))))[0]!.n;

/** GET /api/turns/resume over real HTTP on `app`. */
async function resume(app: TestApp, secret: string, token: string, onEvent?: (e: unknown, all: unknown[]) => void) {
  const base = await app.listen();
  const res = await fetch(`${base}/api/turns/resume?secret=${encodeURIComponent(secret)}`, { headers: { authorization: `Bearer ${token}` } });
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return { status: res.status, json: await res.json(), events: [], text: '' };
  const read = await readSseEvents(res, chatStreamEvent, onEvent);
  return { status: res.status, json: null, ...read };
}

/** A new user with one credit runs a long turn; `midway` runs once the third event has arrived. */
async function turnWithMidway(phone: string, input: string, midway: (user: { id: number; uuid: number }) => Promise<unknown>) {
  const token = await t.loginByPhone(phone);
  const id = await userIdOf(t, token);
  await setBalance(t, id, { base3: 1 });
  const { body } = await createTurn(t, token, { input: `[[long]] ${input}`, feature: 'eng' });
  const s = await readStream(t, body.data.secret, token, {
    onEvent: async (e, all) => {
      if (e.type === 'delta' && all.length === 3) await midway({ id, uuid: body.data.uuid });
    },
  });
  return { token, id, uuid: body.data.uuid, last: s.last };
}

describe('the paid-turn engine', () => {
  it('a NUL character in the model output: the reply is delivered, saved (without the NUL) and charged once', async () => {
    await setBalance(t, aliceId, { base3: 3 });
    const s = await sendTurn(t, alice, { input: '[[nul]] 问题', feature: 'eng' });
    expect(s.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    const list = await history(s.uuid);
    expect(list.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(list[1]!.text).toBe(pieces('[[nul]] 问题', 5).join('').replace('第1段', '第段'));
    expect(s.text).toContain('第\u0000段');
    expect((await getBalance(t, aliceId)).baseModel3).toBe(2);
  });

  it('a question the database refuses (NUL, had validation missed it): nothing is delivered, nothing is held or charged', async () => {
    await setBalance(t, aliceId, { base3: 3 });
    const { body } = await createTurn(t, alice, { input: '正常的问题', feature: 'eng' });
    // Rewrite the prepared turn as if a NUL had slipped through validation.
    const key = `chat:turn:${body.data.secret}`;
    const prepared = JSON.parse((await t.ctx.kv.get(key))!);
    await t.ctx.kv.set(key, JSON.stringify({ ...prepared, input: '坏\u0000问题' }), 60);
    const s = await readStream(t, body.data.secret, alice);
    expect(s.events.filter((e) => e.type === 'delta')).toHaveLength(0);
    expect(s.last).toMatchObject({ type: 'error', code: Code.SERVER_ERROR });
    expect((await getBalance(t, aliceId)).baseModel3).toBe(3);
    expect(await runningTurns(aliceId)).toBe(0);
  });

  it('a cost spread across the membership and the base pool is admitted and charged from both', async () => {
    await setBalance(t, aliceId, { base3: 1, member3: 1, memberExpiresAt: new Date(t.clock.now() + 86_400_000) });
    const before = (await usageRows(aliceId)).length;
    const s = await sendTurn(t, alice, { input: '分两个池子付费', feature: 'eng2' });
    expect(s.last).toMatchObject({ type: 'done', status: 'complete', charged: 2 });
    expect(await getBalance(t, aliceId)).toMatchObject({ baseModel3: 0, memberModel3: 0 });
    const rows = (await usageRows(aliceId)).slice(before);
    expect(rows.map((r) => [r.pool, r.model3])).toEqual([
      ['member', -1],
      ['base', -1],
    ]);
    // Nothing left: the next one is refused at create, before any reply.
    const again = await createTurn(t, alice, { input: '再来', feature: 'eng2' });
    expect(again.body.code).toBe(Code.BALANCE_MODEL3);
  });

  it('the question is saved before the first token leaves', async () => {
    await setBalance(t, aliceId, { base3: 3 });
    const { body } = await createTurn(t, alice, { input: '[[long]] 先存问题', feature: 'eng' });
    let seen: Awaited<ReturnType<typeof history>> | null = null;
    const s = await readStream(t, body.data.secret, alice, {
      onEvent: async (e, all) => {
        if (e.type === 'delta' && all.length === 1) {
          seen = await history(body.data.uuid);
          await t.call('POST', '/api/chat/stop', { token: alice, body: { secret: body.data.secret } });
        }
      },
    });
    expect(seen!.map((m) => [m.role, m.text])).toEqual([['user', '[[long]] 先存问题']]);
    expect(s.last).toMatchObject({ type: 'done', status: 'stopped' });
  });

  it('a token revoked after the turn was prepared cannot open it', async () => {
    const carol = await t.loginByPhone('13500000003');
    await setBalance(t, await userIdOf(t, carol), { base3: 3 });
    const { body } = await createTurn(t, carol, { input: '登出后打开', feature: 'eng' });
    expect((await t.call('POST', '/api/logout', { token: carol })).body.code).toBe(200);
    const s = await readStream(t, body.data.secret, carol);
    expect(s.json).toMatchObject({ code: Code.TOKEN_INVALID });
  });

  it('another user cannot open, stop or resume a turn; the owner still can', async () => {
    await setBalance(t, aliceId, { base3: 3 });
    const { body } = await createTurn(t, alice, { input: '[[long]] 别人的', feature: 'eng' });
    const secret = body.data.secret;
    expect((await readStream(t, secret, bob)).json).toMatchObject({ code: 404 });
    let stranger: { status: number; json: unknown } | null = null;
    const s = await readStream(t, secret, alice, {
      onEvent: async (e, all) => {
        if (e.type === 'delta' && all.length === 2) {
          stranger = await resume(t, secret, bob);
          expect((await t.call('POST', '/api/chat/stop', { token: bob, body: { secret } })).status).toBe(404);
          await t.call('POST', '/api/chat/stop', { token: alice, body: { secret } });
        }
      },
    });
    expect(stranger).toMatchObject({ status: 404, json: { code: 404 } });
    expect(s.last).toMatchObject({ type: 'done', status: 'stopped' });
  });

  it('resume after a reload: the text so far, then the rest, saved and charged once', async () => {
    await setBalance(t, aliceId, { base3: 3 });
    const question = '[[long]] 重新连接';
    const { body } = await createTurn(t, alice, { input: question, feature: 'eng' });
    const secret = body.data.secret;
    const ctrl = new AbortController();
    const first = await readStream(t, secret, alice, { signal: ctrl.signal, onEvent: (_e, all) => void (all.length === 3 && ctrl.abort()) });
    const again = await resume(t, secret, alice);
    const [head, ...rest] = again.events as { type: string; text?: string }[];
    expect(head!.type).toBe('resume');
    expect(head!.text!.startsWith(first.text)).toBe(true);
    const whole = head!.text! + rest.filter((e) => e.type === 'delta').map((e) => e.text).join('');
    expect(whole).toBe(pieces(question, 200).join(''));
    expect(rest.at(-1)).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    expect((await getBalance(t, aliceId)).baseModel3).toBe(2);
    expect((await history(body.data.uuid))[1]).toMatchObject({ text: whole, charged: true });
    // Over: nothing to resume.
    expect(await resume(t, secret, alice)).toMatchObject({ status: 404 });
  });

  it('a second instance resumes and stops a turn running on the first', async () => {
    const other = await createTestApp({ shareWith: t });
    try {
      await setBalance(t, aliceId, { base3: 3 });
      const question = '[[long]] 另一个实例';
      const { body } = await createTurn(t, alice, { input: question, feature: 'eng' });
      const secret = body.data.secret;
      const ctrl = new AbortController();
      await readStream(t, secret, alice, { signal: ctrl.signal, onEvent: (_e, all) => void (all.length === 2 && ctrl.abort()) });
      let stopped = false;
      const again = await resume(other, secret, alice, (e, all) => {
        if (!stopped && (e as { type: string }).type === 'delta' && all.length === 5) {
          stopped = true;
          void other.call('POST', '/api/chat/stop', { token: alice, body: { secret } });
        }
      });
      const events = again.events as { type: string; text?: string }[];
      expect(events[0]!.type).toBe('resume');
      expect(events.at(-1)).toMatchObject({ type: 'done', status: 'stopped', charged: 1 });
      const whole = events[0]!.text! + events.filter((e) => e.type === 'delta').map((e) => e.text).join('');
      await waitFor(async () => (await history(body.data.uuid)).length === 2);
      expect((await history(body.data.uuid))[1]!.text).toBe(whole);
    } finally {
      await other.close();
    }
  });

  it('concurrent turns on one balance: the holds admit exactly what it pays for, and none stays held', async () => {
    await setBalance(t, aliceId, { base3: 4 });
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const c = await createTurn(t, alice, { input: `并发 ${i}`, feature: 'eng' });
        if (c.body.code !== 200) return c.body.code;
        const s = await readStream(t, c.body.data.secret, alice);
        return s.last?.type === 'done' ? `charged:${s.last.charged}` : s.last?.type === 'error' ? s.last.code : 0;
      }),
    );
    expect(outcomes.filter((o) => o === 'charged:1')).toHaveLength(4);
    expect(outcomes.filter((o) => o !== 'charged:1').every((o) => o === Code.BALANCE_MODEL3)).toBe(true);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(0);
    expect(await runningTurns(aliceId)).toBe(0);
    // A refused turn takes back its question and its new conversation.
    const [asked] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, aliceId), eq(chatMessages.role, 'user'), sql`${chatMessages.text} like '并发 %'`));
    expect(asked!.n).toBe(4);
    const [groups] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatGroups)
      .where(and(eq(chatGroups.userId, aliceId), sql`${chatGroups.title} like '并发 %'`));
    expect(groups!.n).toBe(4);
  });
});

describe('a turn whose instance died', () => {
  /** A turn as an instance that was killed leaves it: running, its lease held by that instance, the question saved, some text checkpointed. */
  async function orphan(userId: number, leaseUntil: Date, text: string) {
    const [g] = await t.ctx.db.insert(chatGroups).values({ userId, model: 'eng', title: '被中断的对话' }).returning({ id: chatGroups.id });
    const [q] = await t.ctx.db
      .insert(chatMessages)
      .values({ groupId: g!.id, userId, role: 'user', text: '问题', model: 'eng' })
      .returning({ id: chatMessages.id });
    const [row] = await t.ctx.db
      .insert(turns)
      .values({
        userId,
        kind: 'chat',
        pool: 'model3',
        cost: 1,
        instanceId: 'killed',
        leaseUntil,
        startedAt: new Date(t.clock.now() - 60_000),
        text,
        ref: { groupId: g!.id, userMessageId: q!.id, retry: false, model: 'eng' },
      })
      .returning({ id: turns.id });
    // As its admission did: the balance row holds its cost.
    await t.ctx.db.execute(sql`update balances set held_model3 = held_model3 + 1 where user_id = ${userId}`);
    return { groupId: g!.id, turnId: row!.id };
  }

  it('holds its credits while its lease lives, then lets go: the next turn is admitted once the lease lapses', async () => {
    const dave = await t.loginByPhone('13500000004');
    const daveId = await userIdOf(t, dave);
    await setBalance(t, daveId, { base3: 1 });
    const { turnId } = await orphan(daveId, new Date(t.clock.now() + 20_000), '');
    const held = await sendTurn(t, dave, { input: '被占用', feature: 'eng' });
    expect(held.last).toMatchObject({ type: 'error', code: Code.BALANCE_MODEL3 });
    t.clock.advance(21_000);
    const free = await sendTurn(t, dave, { input: '租约过期', feature: 'eng' });
    expect(free.last).toMatchObject({ type: 'done', charged: 1 });
    // The retry's success does not depend on the reconciler, which still settles the orphan once.
    await t.turns.reconcile();
    const [row] = await t.ctx.db.select().from(turns).where(eq(turns.id, turnId));
    expect(row).toMatchObject({ status: 'released', charged: 0 });
  });

  it('is settled once by the reconciler: the question and the checkpointed text are kept, nothing is charged, twice is harmless', async () => {
    const erin = await t.loginByPhone('13500000005');
    const erinId = await userIdOf(t, erin);
    await setBalance(t, erinId, { base3: 2 });
    const { groupId, turnId } = await orphan(erinId, new Date(t.clock.now() - 1), '已经输出的部分');
    const other = await createTestApp({ shareWith: t });
    try {
      await Promise.all([t.turns.reconcile(), other.turns.reconcile()]);
    } finally {
      await other.close();
    }
    const list = await history(groupId, erin);
    expect(list.map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', '问题', 'complete'],
      ['assistant', '已经输出的部分', 'error'],
    ]);
    expect(list[1]!.errorText).toContain('服务中断');
    expect((await getBalance(t, erinId)).baseModel3).toBe(2);
    const [row] = await t.ctx.db.select().from(turns).where(eq(turns.id, turnId));
    expect(row).toMatchObject({ status: 'released', charged: 0 });
  });

  it('an orphan whose reply can no longer be stored (its conversation is gone) still lets go of its hold, once', async () => {
    const fay = await t.loginByPhone('13500000006');
    const fayId = await userIdOf(t, fay);
    await setBalance(t, fayId, { base3: 1 });
    const { groupId, turnId } = await orphan(fayId, new Date(t.clock.now() - 1), '部分');
    await t.ctx.db.delete(chatGroups).where(eq(chatGroups.id, groupId));
    await t.turns.reconcile();
    const [row] = await t.ctx.db.select().from(turns).where(eq(turns.id, turnId));
    expect(row).toMatchObject({ status: 'released', charged: 0 });
    expect((await sendTurn(t, fay, { input: '之后照常', feature: 'eng' })).last).toMatchObject({ type: 'done', charged: 1 });
  });

  it('a conversation deleted while its reply streams: the reply is not saved nor charged, the user is told, the hold goes with the lease', async () => {
    const { id: gusId, last } = await turnWithMidway('13500000007', '删除中', ({ uuid }) => t.ctx.db.delete(chatGroups).where(eq(chatGroups.id, uuid)));
    expect(last).toMatchObject({ type: 'error', code: Code.SERVER_ERROR });
    expect(last!.type === 'error' && last!.message).toContain('保存回复失败');
    expect(await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.userId, gusId))).toHaveLength(0);
    expect((await getBalance(t, gusId)).baseModel3).toBe(1);
    expect(await usageRows(gusId)).toHaveLength(0);
    // Its lease lapses (nothing renews it once the stream ended); the reconciler lets go of the hold, once.
    t.clock.advance(120_000);
    await t.turns.reconcile();
    expect(await runningTurns(gusId)).toBe(0);
    expect(await getBalance(t, gusId)).toMatchObject({ baseModel3: 1, heldModel3: 0 });
  });

  it('a balance taken away while the reply streams: the reply is saved and delivered, marked not charged, and nothing is owed', async () => {
    // An operator sets the balance to nothing mid-reply (the hold is left as it is).
    const { token: hal, id: halId, uuid, last } = await turnWithMidway('13500000008', '余额被收回', ({ id }) => setBalance(t, id, { base3: 0 }));
    expect(last).toMatchObject({ type: 'done', status: 'complete', charged: 0 });
    const list = await history(uuid, hal);
    expect(list.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    const [reply] = await t.ctx.db.select().from(chatMessages).where(and(eq(chatMessages.userId, halId), eq(chatMessages.role, 'assistant')));
    expect(reply!.charged).toBe(false);
    expect(await usageRows(halId)).toHaveLength(0);
    const [turn] = await t.ctx.db.select().from(turns).where(eq(turns.userId, halId));
    expect(turn).toMatchObject({ status: 'released', charged: 0 });
    expect(await getBalance(t, halId)).toMatchObject({ baseModel3: 0, heldModel3: 0 });
  });

  it('the partial reply of a live turn is checkpointed while it streams', async () => {
    await setBalance(t, aliceId, { base3: 3 });
    const { body } = await createTurn(t, alice, { input: '[[long]] 检查点', feature: 'eng' });
    const secret = body.data.secret;
    let checkpoint = '';
    await readStream(t, secret, alice, {
      onEvent: async (e, all) => {
        if (e.type === 'delta' && all.length === 5) {
          await t.turns.live.tick();
          const [row] = await t.ctx.db.select().from(turns).where(and(eq(turns.userId, aliceId), eq(turns.status, 'running')));
          checkpoint = row!.text;
          await t.call('POST', '/api/chat/stop', { token: alice, body: { secret } });
        }
      },
    });
    expect(checkpoint.length).toBeGreaterThan(0);
    expect(checkpoint.startsWith('回答「[[long]] 检查点」')).toBe(true);
  });
});

describe('red-team: bad input never reaches a turn', () => {
  it('a chat input with a NUL character or a lone surrogate is a 400 at create, naming the field; nothing is held or saved', async () => {
    await setBalance(t, aliceId, { base3: 3 });
    for (const input of ['坏\u0000问题', '坏\udc00问题']) {
      const r = await createTurn(t, alice, { input, feature: 'eng' });
      expect(r.status).toBe(400);
      expect((r.body.data as unknown as { field: string }).field).toBe('input');
    }
    expect(await runningTurns(aliceId)).toBe(0);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(3);
  });
});

describe('paid work within one request (holdWhile: drawings)', () => {
  it('holds first, charges what was delivered, gives back what was not; a failure charges nothing', async () => {
    const id = await userIdOf(t, await t.loginByPhone('13500000091'));
    await setBalance(t, id, { base3: 5 });
    const price = { pool: 'model3' as const, cost: 3, label: '测试作品' };
    const made = await t.turns.holdWhile(id, price, async () => ['a', 'b'], { charge: (r) => r.length, finish: async (_tx, r, charged) => ({ r, charged }) });
    expect(made).toEqual({ r: ['a', 'b'], charged: 2 });
    expect(await getBalance(t, id)).toMatchObject({ baseModel3: 3, heldModel3: 0 });
    const boom = await t.turns.holdWhile(id, price, async () => Promise.reject(new Error('upstream down')), { charge: () => 3, finish: async () => null }).catch((e: Error) => e.message);
    expect(boom).toBe('upstream down');
    expect(await getBalance(t, id)).toMatchObject({ baseModel3: 3, heldModel3: 0 });
    // Two at once on a balance that pays for one: the second is refused before its work starts.
    let started = 0;
    const both = await Promise.allSettled([0, 1].map(() => t.turns.holdWhile(id, price, async () => (started++, 'x'), { charge: () => 3, finish: async () => 'ok' })));
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(started).toBe(1);
    expect(((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as { code: number }).code).toBe(Code.BALANCE_MODEL3);
    expect(await getBalance(t, id)).toMatchObject({ baseModel3: 0, heldModel3: 0 });
  });

  it('an instance that dies mid-work: its hold lapses and goes back; a late result is neither saved nor charged', async () => {
    const id = await userIdOf(t, await t.loginByPhone('13500000092'));
    await setBalance(t, id, { base3: 2 });
    let finish!: () => void;
    const finished: string[] = [];
    const work = t.turns.holdWhile(id, { pool: 'model3', cost: 2, label: '测试作品' }, () => new Promise<string>((r) => (finish = () => r('late'))), {
      charge: () => 2,
      finish: async (_tx, r) => void finished.push(r),
    });
    await waitFor(async () => (await getBalance(t, id)).heldModel3 === 2);
    t.clock.advance(31_000);
    await t.turns.reconcile();
    expect(await getBalance(t, id)).toMatchObject({ baseModel3: 2, heldModel3: 0 });
    finish();
    await expect(work).rejects.toMatchObject({ httpStatus: 503 });
    expect(finished).toEqual([]);
    expect(await getBalance(t, id)).toMatchObject({ baseModel3: 2, heldModel3: 0 });
  });
});
