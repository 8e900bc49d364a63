import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBatchCreateReply, cardRedeemReply } from '@app/shared';
import { adminAudit, balanceLedger, cardKeys, packages, users } from '../../db/schema/index.ts';
import { getBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { CARD_THROTTLED_MESSAGE } from './card-keys.ts';

let t: TestApp;
let admin: string;
let phone = 13800000100;

// The manual clock moves the throttle window, so short-lived state lives on it.
beforeAll(async () => {
  t = await createTestApp({ kv: 'memory', env: { TRUST_PROXY: '1' } });
  admin = await t.loginByPhone('13800000001');
  await t.ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, await userIdOf(t, admin)));
});
afterAll(() => t.close());

const newUser = async () => {
  const token = await t.loginByPhone(String(phone++));
  return { token, id: await userIdOf(t, token) };
};
const batch = async (body: Record<string, unknown>) => {
  const r = await t.call('POST', '/api/admin/card-keys/batches', { token: admin, body: { name: '测试批次', quantity: 2, ...body } });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return cardBatchCreateReply.parse(r.body.data);
};
const redeem = (token: string, code: string, ip = '127.0.0.1') => t.call('POST', '/api/card-key/redeem', { token, body: { code }, headers: { 'x-forwarded-for': ip } });
const cardLedger = (userId: number) => t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.type, 'card-key')));

describe('card keys: redeeming', () => {
  it('a key grants its batch’s credits once, with a ledger row; typed in lower case with spaces it still matches', async () => {
    const { codes } = await batch({ model3: 30, draw: 5 });
    expect(codes[0]).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const u = await newUser();
    const before = await getBalance(t, u.id);
    const r = await redeem(u.token, ` ${codes[0]!.toLowerCase().replaceAll('-', ' ')} `);
    expect(r.body).toMatchObject({ code: 200, message: '兑换成功' });
    expect(cardRedeemReply.parse(r.body.data)).toMatchObject({ name: '测试批次', grant: { model3: 30, draw: 5, days: 0 } });
    const after = await getBalance(t, u.id);
    expect([after.baseModel3 - before.baseModel3, after.baseDraw - before.baseDraw]).toEqual([30, 5]);
    const rows = await cardLedger(u.id);
    expect(rows.map((l) => [l.pool, l.model3, l.draw, l.ref])).toEqual([['base', 30, 5, `card-key:${codes[0]!.replaceAll('-', '')}`]]);

    const again = await redeem(u.token, codes[0]!);
    expect([again.status, again.body.message]).toEqual([400, '该卡密已被使用']);
    const other = await newUser();
    expect((await redeem(other.token, codes[0]!)).body.message).toBe('该卡密已被使用');
    expect(await getBalance(t, u.id)).toEqual(after);
    const mine = await t.call('GET', '/api/card-key/mine', { token: u.token });
    expect(mine.body.data.rows).toMatchObject([{ code: codes[0], name: '测试批次', grant: { model3: 30 } }]);
    expect((await t.call('GET', '/api/card-key/mine', { token: other.token })).body.data.rows).toEqual([]);
  });

  it('one key redeemed by ten users at the same moment, and by one user ten times: granted exactly once', async () => {
    const { codes } = await batch({ model4: 7 });
    const people = await Promise.all(Array.from({ length: 10 }, () => newUser()));
    const results = await Promise.all(people.map((p) => redeem(p.token, codes[0]!)));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.message === '该卡密已被使用')).toHaveLength(9);
    const ledgers = await Promise.all(people.map((p) => cardLedger(p.id)));
    expect(ledgers.flat()).toHaveLength(1);

    const solo = await newUser();
    const same = await Promise.all(Array.from({ length: 10 }, () => redeem(solo.token, codes[1]!)));
    expect(same.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(await cardLedger(solo.id)).toHaveLength(1);
  });

  it('a key copied from a membership package starts the membership as buying it would', async () => {
    const [pkg] = await t.ctx.db.insert(packages).values({ name: '月度会员', price: 2900, priceY: 3900, days: 30, level: 1, model3Count: 500, model4Count: 50 }).returning();
    const { codes, batch: b } = await batch({ packageId: pkg!.id, name: '月卡' });
    expect(b.grant).toMatchObject({ days: 30, model3: 500, model4: 50 });
    const u = await newUser();
    const r = await redeem(u.token, codes[0]!);
    expect(r.body.code).toBe(200);
    const expires = Date.parse(r.body.data.memberExpiresAt);
    expect(expires - t.clock.now()).toBe(30 * 86_400_000);
    const bal = await getBalance(t, u.id);
    expect([bal.memberModel3, bal.memberModel4]).toEqual([500, 50]);
    expect((await cardLedger(u.id)).map((l) => l.pool)).toEqual(['member']);
  });

  it('a voided batch’s and an expired batch’s keys say so and grant nothing', async () => {
    const voided = await batch({ model3: 1 });
    const v = await t.call('POST', `/api/admin/card-keys/batches/${voided.batch.id}/void`, { token: admin });
    expect(v.body.data).toMatchObject({ voided: true, redeemed: 0 });
    const expiring = await batch({ model3: 1, expiresAt: new Date(t.clock.now() + 60_000).toISOString() });
    t.clock.advance(61_000);
    const u = await newUser();
    expect((await redeem(u.token, voided.codes[0]!)).body.message).toBe('该卡密已作废');
    expect((await redeem(u.token, expiring.codes[0]!)).body.message).toBe('该卡密已过期');
    expect(await cardLedger(u.id)).toEqual([]);
  });

  it('wrong codes are throttled per user and per address for an hour, valid codes included', async () => {
    const { codes } = await batch({ model3: 3 });
    const guesser = await newUser();
    for (let i = 0; i < 10; i++) {
      const r = await redeem(guesser.token, `AAAA-BBBB-CCCC-${String(2222 + i).slice(0, 4).replace(/[01]/g, '2')}`, '10.0.0.1');
      expect(r.body.message).toBe('卡密不存在，请检查后重新输入');
    }
    const blocked = await redeem(guesser.token, codes[0]!, '10.0.0.2');
    expect([blocked.status, blocked.body.message]).toEqual([429, CARD_THROTTLED_MESSAGE]);
    // Another account from the guessing address is refused too; from elsewhere it redeems.
    const sibling = await newUser();
    expect((await redeem(sibling.token, codes[0]!, '10.0.0.1')).status).toBe(429);
    expect((await redeem(sibling.token, codes[0]!, '10.0.0.3')).body.code).toBe(200);
    t.clock.advance(3_601_000);
    expect((await redeem(guesser.token, codes[1]!, '10.0.0.1')).body.code).toBe(200);
  });

  it('a malformed code is a clear 400; no token asks for login', async () => {
    const u = await newUser();
    for (const code of ['', 'short', 'X'.repeat(65), 'a\u0000b']) {
      const r = await redeem(u.token, code);
      expect(r.status).toBe(400);
    }
    expect((await redeem(u.token, 'short')).body.message).toBe('卡密格式不正确，请检查后重新输入');
    expect((await t.call('POST', '/api/card-key/redeem', { body: { code: 'AAAA-BBBB-CCCC-DDDD' } })).status).toBe(401);
  });
});

describe('card keys: the console', () => {
  it('lists batches with redemptions, each key with who redeemed it, and exports CSV', async () => {
    const { batch: b, codes } = await batch({ name: '双十一', quantity: 3, model3: 10 });
    const u = await newUser();
    await redeem(u.token, codes[1]!);
    const list = await t.call('GET', '/api/admin/card-keys/batches', { token: admin });
    expect(list.body.data.rows.find((r: { id: number }) => r.id === b.id)).toMatchObject({ name: '双十一', quantity: 3, redeemed: 1, voided: false });
    const keys = await t.call('GET', `/api/admin/card-keys/batches/${b.id}/keys`, { token: admin });
    expect(keys.body.data.rows.filter((k: { redeemedBy: number | null }) => k.redeemedBy === u.id)).toHaveLength(1);
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/card-keys/batches/${b.id}/csv`, headers: { authorization: `Bearer ${admin}` } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\ufeff卡密,状态,兑换用户ID,兑换时间');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith(codes[1]!))).toContain(`已兑换,${u.id},`);
    // Voiding keeps what was redeemed and stops the rest.
    await t.call('POST', `/api/admin/card-keys/batches/${b.id}/void`, { token: admin });
    expect((await redeem(u.token, codes[0]!)).body.message).toBe('该卡密已作废');
    expect((await t.ctx.db.select().from(cardKeys).where(eq(cardKeys.batchId, b.id))).filter((k) => k.redeemedBy)).toHaveLength(1);
    // Both changes are in the console's audit log; the codes themselves are not.
    const audit = await t.ctx.db.select().from(adminAudit).where(and(eq(adminAudit.targetType, 'cardBatch'), eq(adminAudit.targetId, String(b.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['cardKey.create', 'cardKey.void']);
    expect(JSON.stringify(audit)).not.toContain(codes[0]!);
  });

  it('refuses batches that grant nothing, too many keys, a missing package or a past expiry', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'x', quantity: 1 }, 400, '卡密至少要发放一项权益'],
      [{ name: 'x', quantity: 0, model3: 1 }, 400, '至少生成1个'],
      [{ name: 'x', quantity: 5001, model3: 1 }, 400, '一次最多生成5000个'],
      [{ name: '', quantity: 1, model3: 1 }, 400, '请输入批次名称'],
      [{ name: 'x', quantity: 1, model3: -1 }, 400, '基础模型次数不能为负数'],
      [{ name: 'x', quantity: 1, packageId: 999999 }, 404, '套餐不存在'],
      [{ name: 'x', quantity: 1, model3: 1, expiresAt: new Date(t.clock.now() - 1000).toISOString() }, 400, '过期时间须晚于现在'],
    ];
    for (const [body, status, message] of cases) {
      const r = await t.call('POST', '/api/admin/card-keys/batches', { token: admin, body });
      expect([r.status, r.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await t.call('GET', '/api/admin/card-keys/batches/999999/keys', { token: admin })).status).toBe(404);
  });

  it('is the operator’s only: a user, a guest and a bad token are refused on every card-key route', async () => {
    const u = await newUser();
    for (const token of [u.token, undefined, 'bogus']) {
      for (const [method, url] of [
        ['POST', '/api/admin/card-keys/batches'],
        ['GET', '/api/admin/card-keys/batches'],
        ['GET', '/api/admin/card-keys/batches/1/keys'],
        ['GET', '/api/admin/card-keys/batches/1/csv'],
        ['POST', '/api/admin/card-keys/batches/1/void'],
      ] as const) {
        const r = await t.call(method, url, { token, body: method === 'POST' ? { name: 'x', quantity: 1, model3: 1 } : undefined });
        expect(r.body.code, `${method} ${url} ${token}`).not.toBe(200);
      }
    }
  });
});
