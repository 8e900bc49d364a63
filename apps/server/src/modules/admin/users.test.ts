import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminUserDetail, adminUserListReply } from '@app/shared';
import { balanceLedger, balances, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, auditRows, idOf, phone } from './test-kit.ts';

let t: TestApp;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp({ env: { REGISTER_PER_IP_PER_HOUR: '1000' } });
  admin = await adminToken(t);
});
afterAll(() => t.close());

const A = () => ({ token: admin.token });
async function someUser() {
  const mobile = phone();
  const token = await t.loginByPhone(mobile);
  return { token, mobile, id: await idOf(t, token) };
}
const base = async (id: number) => (await t.ctx.db.select().from(balances).where(eq(balances.userId, id)))[0]!;

describe('admin: user search and detail', () => {
  it('finds a user by phone, nickname, id and invite code, paged', async () => {
    const u = await someUser();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    await t.ctx.db.update(users).set({ nickname: '搜索目标小明' }).where(eq(users.id, u.id));
    for (const q of [u.mobile, u.mobile.slice(3, 9), '目标小', String(u.id), row!.inviteCode, row!.inviteCode.toLowerCase()]) {
      const { body } = await t.call('GET', '/api/admin/users', { ...A(), query: { q } });
      const data = adminUserListReply.parse(body.data);
      expect(data.rows.map((r) => r.id), q).toContain(u.id);
    }
    const none = await t.call('GET', '/api/admin/users', { ...A(), query: { q: '%' } });
    expect(none.body.data.rows).toEqual([]);
    const page = await t.call('GET', '/api/admin/users', { ...A(), query: { size: '1', page: '2' } });
    expect(page.body.data.rows).toHaveLength(1);
    expect(page.body.data.total).toBeGreaterThanOrEqual(2);
    const bad = await t.call('GET', '/api/admin/users', { ...A(), query: { size: '1000' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('每页最多');
  });

  it('detail lists balance, ledger, sessions, sign-ins and invites; an unknown id is a 404', async () => {
    const u = await someUser();
    await t.call('POST', '/signin/sign', { token: u.token });
    const { body } = await t.call('GET', `/api/admin/users/${u.id}`, A());
    const d = adminUserDetail.parse(body.data);
    expect(d.user.id).toBe(u.id);
    expect(d.sessions.filter((s) => s.active).length).toBeGreaterThanOrEqual(1);
    expect(d.ledger.some((l) => l.type === 'register')).toBe(true);
    expect(d.balance.base.model3).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/admin/users/999999', A())).status).toBe(404);
    expect((await t.call('GET', '/api/admin/users/abc', A())).status).toBe(400);
  });
});

describe('admin: credits', () => {
  it('adds and takes with a ledger row and an audit row (before / after); never below zero', async () => {
    const u = await someUser();
    const start = (await base(u.id)).baseModel3;
    const add = await t.call('POST', `/api/admin/users/${u.id}/credits`, { ...A(), body: { pool: 'base', kind: 'model3', delta: 7, reason: '补偿' } });
    expect(add.body.data.base.model3).toBe(start + 7);
    const take = await t.call('POST', `/api/admin/users/${u.id}/credits`, { ...A(), body: { pool: 'base', kind: 'model3', delta: -(start + 8), reason: '扣回' } });
    expect(take.status).toBe(400);
    expect(take.body.message).toBe('调整后额度不能小于 0');
    expect((await base(u.id)).baseModel3).toBe(start + 7);
    const ledger = await t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, u.id), eq(balanceLedger.type, 'admin')));
    expect(ledger.map((l) => [l.pool, l.model3, l.note, l.ref])).toEqual([['base', 7, '补偿', `admin:${admin.id}`]]);
    const audit = await auditRows(t, 'user', u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: admin.id, action: 'user.credits', reason: '补偿', before: { pool: 'base', kind: 'model3', value: start }, after: { value: start + 7 } });
  });

  it('two takes at once cannot both pass: the balance never goes negative', async () => {
    const u = await someUser();
    const have = (await base(u.id)).baseDraw;
    const take = Math.ceil((have + 1) / 2) + 0; // each alone fits, both together do not
    expect(take * 2).toBeGreaterThan(have);
    const results = await Promise.all(
      [1, 2].map(() => t.call('POST', `/api/admin/users/${u.id}/credits`, { ...A(), body: { pool: 'base', kind: 'draw', delta: -take, reason: '并发扣减' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await base(u.id)).baseDraw).toBe(have - take);
    expect((await auditRows(t, 'user', u.id)).filter((r) => r.action === 'user.credits')).toHaveLength(1);
  });

  it('refuses bad input and changes nothing', async () => {
    const u = await someUser();
    const before = await base(u.id);
    for (const body of [
      { pool: 'base', kind: 'model3', delta: 0, reason: 'x' },
      { pool: 'base', kind: 'model3', delta: 1.5, reason: 'x' },
      { pool: 'base', kind: 'gold', delta: 1, reason: 'x' },
      { pool: 'vault', kind: 'model3', delta: 1, reason: 'x' },
      { pool: 'base', kind: 'model3', delta: 1, reason: '' },
      { pool: 'base', kind: 'model3', delta: 1e9, reason: 'x' },
      { pool: 'base', kind: 'model3', delta: '5', reason: 'x' },
    ]) {
      const r = await t.call('POST', `/api/admin/users/${u.id}/credits`, { ...A(), body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await base(u.id)).toEqual(before);
    expect(await auditRows(t, 'user', u.id)).toEqual([]);
    const missing = await t.call('POST', '/api/admin/users/999999/credits', { ...A(), body: { pool: 'base', kind: 'model3', delta: 1, reason: 'x' } });
    expect(missing.status).toBe(404);
  });

  it('sets and ends a membership, audited', async () => {
    const u = await someUser();
    const until = new Date(t.clock.now() + 30 * 86400_000).toISOString();
    const r = await t.call('POST', `/api/admin/users/${u.id}/membership`, { ...A(), body: { expiresAt: until, reason: '活动赠送' } });
    expect(r.body.data.memberExpiresAt).toBe(until);
    const info = await t.call('GET', '/api/user/info', { token: u.token });
    expect(info.body.data.is_vip).toBeTruthy();
    const end = await t.call('POST', `/api/admin/users/${u.id}/membership`, { ...A(), body: { expiresAt: null, reason: '取消' } });
    expect(new Date(end.body.data.memberExpiresAt).getTime()).toBe(t.clock.now());
    const audit = (await auditRows(t, 'user', u.id)).filter((a) => a.action === 'user.membership');
    expect(audit.map((a) => (a.after as { memberExpiresAt: string }).memberExpiresAt)).toEqual([until, new Date(t.clock.now()).toISOString()]);
    expect((audit[1]!.before as { memberExpiresAt: string }).memberExpiresAt).toBe(until);
    const bad = await t.call('POST', `/api/admin/users/${u.id}/membership`, { ...A(), body: { expiresAt: 'tomorrow', reason: 'x' } });
    expect(bad.status).toBe(400);
  });
});

describe('admin: ban, password, sessions', () => {
  it('a ban ends every session at once and the next call says the account is stopped; unban lets it sign in again', async () => {
    const u = await someUser();
    const second = await t.loginByPhone(u.mobile);
    const ban = await t.call('POST', `/api/admin/users/${u.id}/status`, { ...A(), body: { banned: true, reason: '违规' } });
    expect(ban.body.data).toEqual({ ok: true });
    for (const token of [u.token, second]) {
      const r = await t.call('GET', '/api/user/info', { token });
      expect(r.body).toMatchObject({ code: 403000, success: false, message: '账号已被停用，请联系客服' });
    }
    const detail = adminUserDetail.parse((await t.call('GET', `/api/admin/users/${u.id}`, A())).body.data);
    expect(detail.sessions.every((s) => !s.active)).toBe(true);
    expect(detail.user.status).toBe(0);
    const [audit] = (await auditRows(t, 'user', u.id)).filter((a) => a.action === 'user.ban');
    expect(audit).toMatchObject({ before: { status: 1 }, after: { status: 0, revokedSessions: 2 }, reason: '违规' });

    await t.call('POST', `/api/admin/users/${u.id}/status`, { ...A(), body: { banned: false, reason: '申诉通过' } });
    // The old sessions stay ended; a new sign-in works.
    expect((await t.call('GET', '/api/user/info', { token: u.token })).body.code).toBe(403000);
    const again = await t.loginByPhone(u.mobile);
    expect((await t.call('GET', '/api/user/info', { token: again })).body.code).toBe(200);
  });

  it('an admin cannot ban themself', async () => {
    const r = await t.call('POST', `/api/admin/users/${admin.id}/status`, { ...A(), body: { banned: true, reason: 'x' } });
    expect(r.status).toBe(400);
    expect((await t.call('GET', '/api/admin/me', A())).body.code).toBe(200);
  });

  it('resets a password: the old one stops working, sessions end, the hash is never in the audit log', async () => {
    const userName = `pw_${Date.now().toString(36)}`;
    const reg = await t.call('POST', '/api/login/register', { body: { userName, password: 'oldpass1' } });
    const token = reg.body.data.token as string;
    const id = await idOf(t, token);
    const r = await t.call('POST', `/api/admin/users/${id}/password`, { ...A(), body: { password: 'newpass2', reason: '用户申请' } });
    expect(r.body.data).toEqual({ ok: true });
    expect((await t.call('GET', '/api/user/info', { token })).body.code).toBe(403000);
    expect((await t.call('POST', '/api/login/account-login', { body: { userName, password: 'oldpass1' } })).body.code).not.toBe(200);
    expect((await t.call('POST', '/api/login/account-login', { body: { userName, password: 'newpass2' } })).body.code).toBe(200);
    const audit = await auditRows(t, 'user', id);
    expect(JSON.stringify(audit)).not.toMatch(/argon|newpass2/);
    expect(audit[0]).toMatchObject({ action: 'user.password', after: { passwordReset: true, revokedSessions: 1 } });
    const short = await t.call('POST', `/api/admin/users/${id}/password`, { ...A(), body: { password: '123', reason: 'x' } });
    expect(short.status).toBe(400);
  });

  it('revokes sessions, audited with the count', async () => {
    const u = await someUser();
    const r = await t.call('POST', `/api/admin/users/${u.id}/revoke`, { ...A(), body: { reason: '账号被盗' } });
    expect(r.body.data).toEqual({ ok: true });
    expect((await t.call('GET', '/api/user/info', { token: u.token })).body.code).toBe(403000);
    const audit = await auditRows(t, 'user', u.id);
    expect(audit[0]).toMatchObject({ action: 'user.revoke', before: { activeSessions: 1 }, after: { activeSessions: 0 } });
  });

  it('the audit page lists the rows newest first with the admin name, filtered by target', async () => {
    const u = await someUser();
    await t.call('POST', `/api/admin/users/${u.id}/credits`, { ...A(), body: { pool: 'base', kind: 'ppt', delta: 2, reason: '一' } });
    await t.call('POST', `/api/admin/users/${u.id}/revoke`, { ...A(), body: { reason: '二' } });
    const { body } = await t.call('GET', '/api/admin/audit', { ...A(), query: { targetType: 'user', targetId: String(u.id) } });
    expect(body.data.total).toBe(2);
    expect(body.data.rows.map((r: { reason: string; adminName: string }) => [r.reason, r.adminName])).toEqual([
      ['二', '测试管理员'],
      ['一', '测试管理员'],
    ]);
  });
});
