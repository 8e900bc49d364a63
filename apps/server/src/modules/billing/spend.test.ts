import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger } from '../../db/schema/index.ts';
import { getBalance, setBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { reserve } from './holds.ts';
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
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 1, nowMs: now(), ref: 'chat:1' })).toBe('member');
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 1, nowMs: now() })).toBe('base');
    expect(await spend(t.ctx.db, { userId, pool: 'model4', cost: 1, nowMs: now() })).toBe('base');
    expect(await getBalance(t, userId)).toMatchObject({ memberModel3: 0, baseModel3: 1, baseModel4: 0 });
    const rows = await usage();
    expect(rows.map((r) => [r.pool, r.model3, r.model4])).toEqual([
      ['member', -1, 0],
      ['base', -1, 0],
      ['base', 0, -1],
    ]);
  });

  it('uses the base pool when the membership expired or cannot pay the whole cost', async () => {
    await setBalance(t, userId, { base3: 5, member3: 5, memberExpiresAt: new Date(now() - 1) });
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 2, nowMs: now() })).toBe('base');
    await setBalance(t, userId, { base3: 5, member3: 1, memberExpiresAt: new Date(now() + 60_000) });
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 2, nowMs: now() })).toBe('base');
    expect(await getBalance(t, userId)).toMatchObject({ memberModel3: 1, baseModel3: 3 });
  });

  it('takes nothing and writes nothing when neither pool can pay', async () => {
    await setBalance(t, userId, { base3: 1, member3: 1, memberExpiresAt: new Date(now() + 60_000) });
    const before = (await usage()).length;
    expect(await spend(t.ctx.db, { userId, pool: 'model3', cost: 2, nowMs: now() })).toBeNull();
    expect(await getBalance(t, userId)).toMatchObject({ memberModel3: 1, baseModel3: 1 });
    expect((await usage()).length).toBe(before);
    await expect(spend(t.ctx.db, { userId, pool: 'model3', cost: 0, nowMs: now() })).rejects.toThrow();
  });

  it('200 concurrent spends on a balance of 10: exactly 10 succeed, never negative', async () => {
    await setBalance(t, userId, { base3: 7, member3: 3, memberExpiresAt: new Date(now() + 60_000) });
    const before = (await usage()).length;
    const results = await Promise.all(Array.from({ length: 200 }, () => spend(t.ctx.db, { userId, pool: 'model3', cost: 1, nowMs: now() })));
    expect(results.filter((r) => r === 'member')).toHaveLength(3);
    expect(results.filter((r) => r === 'base')).toHaveLength(7);
    expect(await getBalance(t, userId)).toMatchObject({ memberModel3: 0, baseModel3: 0 });
    expect((await usage()).length - before).toBe(10);
  });
});

describe('holds', () => {
  it('admits only as many turns as the balance pays for, counting turns in flight', async () => {
    await setBalance(t, userId, { base3: 2 });
    const holds = await Promise.all(Array.from({ length: 5 }, () => reserve(t.ctx.kv, t.ctx.db, userId, 'model3', 1, now())));
    expect(holds.filter(Boolean)).toHaveLength(2);
    await holds.find(Boolean)!.release();
    expect(await reserve(t.ctx.kv, t.ctx.db, userId, 'model3', 1, now())).not.toBeNull();
  });
});
