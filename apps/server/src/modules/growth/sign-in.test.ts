import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger } from '../../db/schema/index.ts';
import { getBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { ConfigService } from '../config/service.ts';
import { siteDay } from './sign-in.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sign = (token?: string) => t.call('POST', '/signin/sign', { token });
const log = (token?: string, month?: string) => t.call('GET', '/signin/signinLog', { token, query: month ? { month } : undefined });
/** Moves the manual clock (forward only: cached settings are dated) to a Beijing wall-clock time. */
const setBeijing = (iso: string) => {
  const target = Date.parse(`${iso}+08:00`);
  if (target < t.clock.now()) throw new Error(`the clock only moves forward (${iso})`);
  t.clock.advance(target - t.clock.now());
};
const signInRows = async (userId: number) =>
  t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.type, 'sign-in')));

describe('daily sign-in (SPEC §4.7)', () => {
  it('grants the site’s rewards once per Beijing day, with a ledger row, and says 签到成功！', async () => {
    setBeijing('2026-12-01T10:00:00');
    const token = await t.loginByPhone('13600000001');
    const id = await userIdOf(t, token);
    const before = await getBalance(t, id);
    const r = await sign(token);
    expect(r.body).toMatchObject({ code: 200, message: '签到成功！', data: { model3: 5, model4: 1, draw: 2, streak: 1 } });
    const after = await getBalance(t, id);
    expect([after.baseModel3 - before.baseModel3, after.baseModel4 - before.baseModel4, after.baseDraw - before.baseDraw]).toEqual([5, 1, 2]);
    const again = await sign(token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('今日已签到，明天再来吧');
    expect(await getBalance(t, id)).toEqual(after);
    expect((await signInRows(id)).map((r) => [r.model3, r.model4, r.draw, r.ref])).toEqual([[5, 1, 2, 'sign-in:2026-12-01']]);
  });

  it('twenty clicks at the same moment from several devices: one reward', async () => {
    setBeijing('2026-12-01T12:00:00');
    const token = await t.loginByPhone('13600000002');
    const id = await userIdOf(t, token);
    const results = await Promise.all(Array.from({ length: 20 }, () => sign(token)));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(19);
    expect(await signInRows(id)).toHaveLength(1);
  });

  it('23:59:59 and 00:00:00 Beijing time are two days (UTC would call them one); the streak counts them', async () => {
    setBeijing('2026-12-02T23:59:59');
    const token = await t.loginByPhone('13600000003');
    const id = await userIdOf(t, token);
    expect((await sign(token)).body.data.streak).toBe(1);
    t.clock.advance(1000);
    expect(siteDay(t.clock.now())).toBe('2026-12-03');
    expect((await sign(token)).body.data.streak).toBe(2);
    expect((await signInRows(id)).map((r) => r.ref)).toEqual(['sign-in:2026-12-02', 'sign-in:2026-12-03']);
  });

  it('the log lists the month up to today (across a month and a year boundary) with signed days; the streak survives an unsigned today, not a gap', async () => {
    setBeijing('2026-12-30T09:00:00');
    const token = await t.loginByPhone('13600000004');
    await sign(token);
    setBeijing('2026-12-31T09:00:00');
    await sign(token);
    setBeijing('2027-01-01T09:00:00');
    await sign(token);
    setBeijing('2027-01-02T09:00:00');
    const now = await log(token);
    expect(now.body.data).toMatchObject({ today: '2027-01-02', signedToday: false, streak: 3 });
    expect((await t.call('GET', '/api/user/info', { token })).body.data.consecutiveDays).toBe(3);
    expect(now.body.data.list).toEqual([
      { signInDate: '2027-01-01', isSigned: true },
      { signInDate: '2027-01-02', isSigned: false },
    ]);
    const december = await log(token, '2026-12');
    expect(december.body.data.list).toHaveLength(31);
    expect(december.body.data.list.filter((d: { isSigned: boolean }) => d.isSigned).map((d: { signInDate: string }) => d.signInDate)).toEqual(['2026-12-30', '2026-12-31']);
    setBeijing('2027-01-04T09:00:00');
    expect((await log(token)).body.data.streak).toBe(0);
  });

  it('refuses a future or malformed month, a guest, and never shows another user’s days', async () => {
    setBeijing('2027-01-10T09:00:00');
    const alice = await t.loginByPhone('13600000005');
    const bob = await t.loginByPhone('13600000006');
    await sign(alice);
    expect((await log(bob)).body.data.list.some((d: { isSigned: boolean }) => d.isSigned)).toBe(false);
    expect((await log(alice, '2027-02')).status).toBe(400);
    for (const bad of ['2026-13', '2026-1', 'x', '2027-01\u0000']) expect((await log(alice, bad)).status).toBe(400);
    // Without a token: 401; with a token that is no session: 403000 (SPEC §8).
    for (const [token, code] of [[undefined, 401], ['not-a-token', 403000]] as const) {
      expect((await sign(token)).body.code, `sign ${token}`).toBe(code);
      expect((await log(token)).body.code, `log ${token}`).toBe(code);
    }
  });

  it('is refused while the operator has sign-in switched off', async () => {
    setBeijing('2027-01-12T09:00:00');
    const token = await t.loginByPhone('13600000007');
    const config = new ConfigService(t.ctx);
    await config.set('signInStatus', 0);
    t.clock.advance(10_000);
    try {
      const r = await sign(token);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('签到功能暂未开放');
    } finally {
      await config.set('signInStatus', 1);
      t.clock.advance(10_000);
    }
  });

  it('the operator’s streak bonus comes once on every 7th day in a row, as its own ledger row; off when set to 0', async () => {
    setBeijing('2027-02-01T09:00:00');
    const token = await t.loginByPhone('13600000008');
    const id = await userIdOf(t, token);
    expect((await log(token)).body.data.streakBonus).toEqual({ every: 7, model3: 20, model4: 2, draw: 5 });
    const bonuses: unknown[] = [];
    for (let day = 1; day <= 8; day++) {
      if (day > 1) t.clock.advance(86_400_000);
      const r = await sign(token);
      expect(r.body.data.streak).toBe(day);
      bonuses.push(r.body.data.bonus);
    }
    expect(bonuses).toEqual([null, null, null, null, null, null, { model3: 20, model4: 2, draw: 5 }, null]);
    const rows = await signInRows(id);
    expect(rows.filter((r) => r.ref?.startsWith('sign-in-streak:')).map((r) => [r.ref, r.model3, r.note])).toEqual([['sign-in-streak:2027-02-07', 20, '连续签到7天奖励']]);

    const config = new ConfigService(t.ctx);
    await config.set('signInStreakDays', 0);
    t.clock.advance(6 * 86_400_000);
    try {
      const r = await sign(token);
      expect(r.body.data).toMatchObject({ streak: 1, bonus: null });
      expect((await log(token)).body.data.streakBonus).toBeNull();
    } finally {
      await config.set('signInStreakDays', 7);
      t.clock.advance(10_000);
    }
  });
});
