import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger, packages } from '../../db/schema/index.ts';
import { setBalance } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { grantPackage, planPurchase, type PackageGrant } from './membership.ts';
import { balanceRow, userIdOf } from './test-kit.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 4, 0, 0);
const pkg = (level: number, days: number, counts = 100): PackageGrant => ({ level, days, model3Count: counts, model4Count: counts / 10, drawCount: counts / 20 });

describe('the membership rules (planPurchase)', () => {
  it('days 0 (加油包): counts go to the base pool, the membership is untouched', () => {
    expect(planPurchase({ level: 3, expiresAt: new Date(NOW + DAY) }, pkg(0, 0), NOW)).toEqual({ pool: 'base' });
    expect(planPurchase({ level: 0, expiresAt: null }, pkg(2, 0), NOW)).toEqual({ pool: 'base' });
  });

  it('no membership: it starts now for the package days at its level, counts set', () => {
    expect(planPurchase({ level: 0, expiresAt: null }, pkg(2, 30), NOW)).toEqual({
      pool: 'member',
      rule: 'start',
      resetCounts: true,
      level: 2,
      expiresAt: new Date(NOW + 30 * DAY),
    });
  });

  it('an expired membership counts as none: restarts from now, leftovers stay expired', () => {
    const plan = planPurchase({ level: 4, expiresAt: new Date(NOW - 1) }, pkg(1, 30), NOW);
    expect(plan).toMatchObject({ rule: 'start', resetCounts: true, level: 1, expiresAt: new Date(NOW + 30 * DAY) });
    // Expiring exactly now is expired too.
    expect(planPurchase({ level: 4, expiresAt: new Date(NOW) }, pkg(1, 30), NOW)).toMatchObject({ rule: 'start' });
  });

  it('a live membership and a higher or equal level: switches level, extends from the current expiry, adds counts', () => {
    const current = { level: 2, expiresAt: new Date(NOW + 10 * DAY) };
    expect(planPurchase(current, pkg(3, 365), NOW)).toEqual({
      pool: 'member',
      rule: 'upgrade',
      resetCounts: false,
      level: 3,
      expiresAt: new Date(NOW + 375 * DAY),
    });
    expect(planPurchase(current, pkg(2, 90), NOW)).toMatchObject({ rule: 'upgrade', level: 2, expiresAt: new Date(NOW + 100 * DAY) });
  });

  it('a live membership and a lower level: only adds counts (level and expiry kept)', () => {
    const current = { level: 3, expiresAt: new Date(NOW + 10 * DAY) };
    expect(planPurchase(current, pkg(1, 30), NOW)).toEqual({
      pool: 'member',
      rule: 'add-counts',
      resetCounts: false,
      level: 3,
      expiresAt: current.expiresAt,
    });
  });
});

describe('grantPackage on the database', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    userId = await userIdOf(t, await t.loginByPhone('13600000011'));
  });
  afterAll(() => t.close());

  const now = () => t.clock.now();
  const seeded = async (name: string) => (await t.ctx.db.select().from(packages).where(eq(packages.name, name)))[0]!;
  const ledger = () => t.ctx.db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId));

  it('starts a membership: pool set, expiry and level, one purchase ledger row', async () => {
    await setBalance(t, userId, { base3: 7, member3: 999, memberExpiresAt: new Date(now() - DAY) });
    const monthly = await seeded('体验月卡');
    const before = (await ledger()).length;
    await grantPackage(t.ctx.db, userId, monthly, 'ORDER-A', now());
    const b = await balanceRow(t, userId);
    expect(b).toMatchObject({ baseModel3: 7, memberModel3: 500, memberModel4: 50, memberDraw: 20, memberLevel: 1 });
    expect(b.memberExpiresAt!.getTime()).toBe(now() + 30 * DAY);
    const rows = (await ledger()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'purchase', pool: 'member', model3: 500, model4: 50, draw: 20, ref: 'ORDER-A' });
  });

  it('a heavier package switches level, extends and adds; a lighter one only adds; 加油包 goes to base', async () => {
    const [monthly, quarterly, refill] = [await seeded('体验月卡'), await seeded('标准季卡'), await seeded('加油包')];
    await setBalance(t, userId, {});
    await grantPackage(t.ctx.db, userId, quarterly, 'ORDER-B', now());
    await grantPackage(t.ctx.db, userId, quarterly, 'ORDER-C', now());
    let b = await balanceRow(t, userId);
    expect(b).toMatchObject({ memberLevel: 2, memberModel3: 4000 });
    expect(b.memberExpiresAt!.getTime()).toBe(now() + 180 * DAY);

    await grantPackage(t.ctx.db, userId, monthly, 'ORDER-D', now());
    b = await balanceRow(t, userId);
    expect(b).toMatchObject({ memberLevel: 2, memberModel3: 4500 });
    expect(b.memberExpiresAt!.getTime()).toBe(now() + 180 * DAY);

    await grantPackage(t.ctx.db, userId, refill, 'ORDER-E', now());
    b = await balanceRow(t, userId);
    expect(b).toMatchObject({ memberLevel: 2, memberModel3: 4500, baseModel3: 300, baseModel4: 30 });
    expect((await ledger()).filter((r) => r.ref === 'ORDER-E')).toMatchObject([{ type: 'purchase', pool: 'base', model3: 300 }]);
  });

  it('concurrent grants all land (the row lock queues them)', async () => {
    await setBalance(t, userId, {});
    const monthly = await seeded('体验月卡');
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.ctx.db.transaction(async (tx) => {
          await grantPackage(tx, userId, monthly, `ORDER-P${i}`, now());
        }),
      ),
    );
    const b = await balanceRow(t, userId);
    expect(b.memberModel3).toBe(5000);
    expect(b.memberExpiresAt!.getTime()).toBe(now() + 300 * DAY);
  });
});
