import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@app/shared';
import { balanceLedger, chatGroups, chatMessages, turns } from '../../db/schema/index.ts';
import { createTurn, getBalance, readStream, setBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('concurrent turns', () => {
  it('200 concurrent turns on a balance that pays for 10: exactly 10 charged, balance 0, never negative', async () => {
    const token = await t.loginByPhone('13700000001');
    const userId = await userIdOf(t, token);
    await setBalance(t, userId, { base3: 10 });

    let lowest = 10;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        lowest = Math.min(lowest, (await getBalance(t, userId)).baseModel3);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const outcomes = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const created = await createTurn(t, token, { input: `并发问题 ${i}`, feature: 'ai_35' });
        if (created.body.code !== 200) return { kind: 'create', code: created.body.code };
        const s = await readStream(t, created.body.data.secret, token);
        const last = s.last!;
        return last.type === 'done' ? { kind: 'done', charged: last.charged } : { kind: 'error', code: last.type === 'error' ? last.code : 0 };
      }),
    );
    watching = false;
    await watcher;

    const charged = outcomes.filter((o) => o.kind === 'done' && o.charged === 1);
    expect(charged).toHaveLength(10);
    expect(outcomes.filter((o) => o.kind === 'done' && o.charged === 0)).toHaveLength(0);
    // Every other turn was refused for the balance, at create or before calling upstream.
    expect(outcomes.filter((o) => o.kind !== 'done').every((o) => o.code === Code.BALANCE_MODEL3)).toBe(true);

    expect((await getBalance(t, userId)).baseModel3).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const [ledger] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${balanceLedger.model3}), 0)::int` })
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.type, 'usage')));
    expect(ledger).toEqual({ n: 10, sum: -10 });
    const [replies] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), eq(chatMessages.role, 'assistant'), eq(chatMessages.charged, true)));
    expect(replies!.n).toBe(10);
    // A turn refused when its stream opened left nothing behind: its question and new group went with its hold.
    const [questions] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), eq(chatMessages.role, 'user')));
    expect(questions!.n).toBe(10);
    const [groups] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(chatGroups).where(eq(chatGroups.userId, userId));
    expect(groups!.n).toBe(10);
    // No credits stay held once every turn is over.
    const [held] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(turns).where(and(eq(turns.userId, userId), eq(turns.status, 'running')));
    expect(held!.n).toBe(0);
    expect(await getBalance(t, userId)).toMatchObject({ heldModel3: 0, heldModel4: 0, heldDraw: 0 });
  });
});
