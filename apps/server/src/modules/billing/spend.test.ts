import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger } from '../../db/schema/index.ts';
import { getBalance, setBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { spend } from './spend.ts';

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  userId = await userIdOf(t, await t.loginByPhone('13600000001'));
});
afterAll(() => t.close());

const now = () => t.clock.now();
const usage = () => t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.type, 'usage')));

describe('spend', () => {
  it('takes from a live membership first, else the base pool, with a usage ledger row', async () => {
    await setBalance(t, userId, { base3: 2, member3: 1, base4: 1, memberExpiresAt: new Date(now() + 60_000) });
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 1, nowMs: now(), ref: 'chat:1' })).toEqual({ member: 1, base: 0 });
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 1, nowMs: now() })).toEqual({ member: 0, base: 1 });
    expect(await spend(t.ctx.db, { userId, pool: 'model4', cost: 1, nowMs: now() })).toEqual({ member: 0, base: 1 });
    expect(await getBalance(t, userId)).toMatchObject({ memberModel3: 0, baseModel3: 1, baseModel4: 0 });
    const rows = await usage();
    expect(rows.map((r) => [r.pool, r.model3, r.model4])).toEqual([
      ['member', -1, 0],
      ['base', -1, 0],
      ['base', 0, -1],
    ]);
  });

  it('uses the base pool when the membership expired', async () => {
    await setBalance(t, userId, { base3: 5, member3: 5, memberExpiresAt: new Date(now() - 1) });
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 2, nowMs: now() })).toEqual({ member: 0, base: 2 });
    expect(await getBalance(t, userId)).toMatchObject({ memberModel3: 5, baseModel3: 3 });
  });

  it('a cost spread across the pools is paid from both: the membership as far as it goes, the rest from the base, one ledger row each', async () => {
    await setBalance(t, userId, { base3: 1, member3: 1, memberExpiresAt: new Date(now() + 60_000) });
    const before = (await usage()).length;
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 2, nowMs: now(), ref: 'turn:split' })).toEqual({ member: 1, base: 1 });
    expect(await getBalance(t, userId)).toMatchObject({ memberModel3: 0, baseModel3: 0 });
    const rows = (await usage()).slice(before);
    expect(rows.map((r) => [r.pool, r.model3, r.ref])).toEqual([
      ['member', -1, 'turn:split'],
      ['base', -1, 'turn:split'],
    ]);
  });

  it('takes nothing and writes nothing when the two pools together cannot pay', async () => {
    await setBalance(t, userId, { base3: 1, member3: 1, memberExpiresAt: new Date(now() + 60_000) });
    const before = (await usage()).length;
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 3, nowMs: now() })).toBeNull();
    expect(await getBalance(t, userId)).toMatchObject({ memberModel3: 1, baseModel3: 1 });
    expect((await usage()).length).toBe(before);
    await expect(spend(t.ctx.db, { userId, pool: 'model3', cost: 0, nowMs: now() })).rejects.toThrow();
  });

  it('200 concurrent spends on a balance of 10: exactly 10 succeed, never negative', async () => {
    await setBalance(t, userId, { base3: 7, member3: 3, memberExpiresAt: new Date(now() + 60_000) });
    const before = (await usage()).length;
    const results = await Promise.all(Array.from({ length: 200 }, () => spend(t.ctx.db, { userId, pool: 'model3', cost: 1, nowMs: now() })));
    expect(results.filter((r) => r?.member === 1)).toHaveLength(3);
    expect(results.filter((r) => r?.base === 1)).toHaveLength(7);
    expect(await getBalance(t, userId)).toMatchObject({ memberModel3: 0, baseModel3: 0 });
    expect((await usage()).length - before).toBe(10);
  });
});
