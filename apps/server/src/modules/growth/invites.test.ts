import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger } from '../../db/schema/index.ts';
import { getBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { ConfigService } from '../config/service.ts';

let t: TestApp;
let config: ConfigService;
beforeAll(async () => {
  t = await createTestApp({ env: { REGISTER_PER_IP_PER_HOUR: '1000' } });
  config = new ConfigService(t.ctx);
});
afterAll(() => t.close());

let seq = 0;
const register = async (invitedBy?: string) => {
  const userName = `inv_${Date.now().toString(36)}_${seq++}`;
  const r = await t.call('POST', '/api/login/register', { body: { userName, password: 'secret123', ...(invitedBy ? { invitedBy } : {}) } });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.token as string;
};
const codeOf = async (token: string) => (await t.call('GET', '/user/genInviteCode', { token })).body.data;
const inviteRows = (userId: number) => t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.type, 'invite')));
/** Settings are cached for 5 s on the manual clock. */
const setSetting = async (key: Parameters<ConfigService['set']>[0], value: number) => {
  await config.set(key, value);
  t.clock.advance(6_000);
};

describe('the referral plan', () => {
  it('rewards the inviter and the invitee once, each with a ledger row; the record lists the invitee with its reward', async () => {
    const alice = await register();
    const aliceId = await userIdOf(t, alice);
    const mine = await codeOf(alice);
    expect(mine).toMatchObject({ rewards: { enabled: true, inviter: { model3: 10, model4: 2, draw: 5 }, invitee: { model3: 5, model4: 0, draw: 2 } }, invited: 0 });
    const before = await getBalance(t, aliceId);
    const bob = await register(mine.code.toLowerCase());
    const bobId = await userIdOf(t, bob);
    const after = await getBalance(t, aliceId);
    expect([after.baseModel3 - before.baseModel3, after.baseModel4 - before.baseModel4, after.baseDraw - before.baseDraw]).toEqual([10, 2, 5]);
    expect((await inviteRows(aliceId)).map((r) => r.ref)).toEqual([`invite:${bobId}`]);
    expect((await inviteRows(bobId)).map((r) => [r.model3, r.draw, r.ref])).toEqual([[5, 2, `invited-by:${aliceId}`]]);
    expect(await codeOf(alice)).toMatchObject({ invited: 1, earned: { model3: 10, model4: 2, draw: 5 } });
    const record = await t.call('GET', '/user/inviteRecord', { token: alice });
    expect(record.body.data.count).toBe(1);
    expect(record.body.data.rows[0]).toMatchObject({ reward: { model3: 10, model4: 2, draw: 5 } });
    // Bob's own record is empty, and Alice's invitees never show in it.
    expect((await t.call('GET', '/user/inviteRecord', { token: bob })).body.data).toEqual({ rows: [], count: 0 });
  });

  it('a code that does not exist registers without a reward', async () => {
    const carol = await register('NOPE0000');
    expect(await inviteRows(await userIdOf(t, carol))).toEqual([]);
  });

  it('farmed sign-ups: past the daily limit nobody is rewarded, also when they register at the same moment', async () => {
    await setSetting('inviteRewardDailyLimit', 3);
    try {
      const dave = await register();
      const daveId = await userIdOf(t, dave);
      const { code } = await codeOf(dave);
      await Promise.all(Array.from({ length: 8 }, () => register(code)));
      expect(await inviteRows(daveId)).toHaveLength(3);
      expect((await codeOf(dave)).invited).toBe(8);
      const record = await t.call('GET', '/user/inviteRecord', { token: dave, query: { page: '1', size: '5' } });
      expect(record.body.data.count).toBe(8);
      expect(record.body.data.rows).toHaveLength(5);
    } finally {
      await setSetting('inviteRewardDailyLimit', 20);
    }
  });

  it('gives nothing while the operator has invite rewards off', async () => {
    await setSetting('inviteRewardStatus', 0);
    try {
      const erin = await register();
      const { code, rewards } = await codeOf(erin);
      expect(rewards.enabled).toBe(false);
      const frank = await register(code);
      expect(await inviteRows(await userIdOf(t, erin))).toEqual([]);
      expect(await inviteRows(await userIdOf(t, frank))).toEqual([]);
    } finally {
      await setSetting('inviteRewardStatus', 1);
    }
  });

  it('refuses guests, bad tokens and bad paging', async () => {
    expect((await t.call('GET', '/user/genInviteCode')).body.code).toBe(401);
    expect((await t.call('GET', '/user/inviteRecord', { token: 'forged' })).body.code).toBe(403000);
    const token = await register();
    for (const query of [{ page: '0' }, { size: '500' }, { page: 'x' }] as Record<string, string>[]) {
      expect((await t.call('GET', '/user/inviteRecord', { token, query })).status).toBe(400);
    }
  });
});
