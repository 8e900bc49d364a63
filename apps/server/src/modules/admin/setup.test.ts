import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminAudit, adminSetupTokens, users } from '../../db/schema/index.ts';
import { sha256 } from '../../core/ids.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { announceSetupLink, SETUP_TTL_MS } from './setup.ts';

let t: TestApp;
let lines: string[];
beforeEach(async () => {
  lines = [];
  t = await createTestApp({ kv: 'memory', logger: { level: 'warn', stream: { write: (s: string) => void lines.push(s) } } });
});
afterEach(() => t.close());

const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;
const create = (token: string, username = 'siteadmin', password = 'a-long-password-1') => t.call('POST', '/api/setup/admin', { body: { token, username, password } });
const admins = async () => t.ctx.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.isAdmin, true));

describe('the one-time setup link', () => {
  it('is printed in the log at start when there is no administrator; only its hash is stored', async () => {
    const logged = lines.join('');
    const m = /\/admin\/setup\?token=([A-Za-z0-9_-]{43})/.exec(logged);
    expect(m).not.toBeNull();
    const rows = await t.ctx.db.select().from(adminSetupTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(m![1]!));
    expect(JSON.stringify(rows)).not.toContain(m![1]!);
    expect(rows[0]!.expiresAt.getTime() - t.clock.now()).toBe(SETUP_TTL_MS);

    // the link from the log works
    expect((await t.call('GET', '/api/setup/status', { query: { token: m![1]! } })).body.data.valid).toBe(true);
  });

  it('creates the first administrator once: signed in, audited; the link is dead afterwards', async () => {
    const token = tokenOf(await announceSetupLink(t.ctx));
    const status = await t.call('GET', '/api/setup/status', { query: { token } });
    expect(status.body.data).toMatchObject({ valid: true });

    const r = await create(token);
    expect(r.status).toBe(200);
    expect(r.body.data.username).toBe('siteadmin');
    const me = await t.call('GET', '/api/admin/me', { token: r.body.data.token });
    expect(me.status).toBe(200);
    expect((await admins()).map((a) => a.username)).toEqual(['siteadmin']);
    const audit = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.action, 'admin.setup'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ username: 'siteadmin', isAdmin: true, via: 'setup-link' });
    expect(JSON.stringify(audit)).not.toContain('a-long-password-1');
    const login = await t.call('POST', '/api/login/account-login', { body: { userName: 'siteadmin', password: 'a-long-password-1' } });
    expect(login.body.code).toBe(200);

    const again = await create(token, 'second');
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/已被使用/);
    expect((await t.call('GET', '/api/setup/status', { query: { token } })).body.message).toMatch(/已被使用/);
    expect((await admins()).length).toBe(1);
    // no new link once an administrator exists
    expect(await announceSetupLink(t.ctx)).toBeNull();
  });

  it('a wrong or expired token gets a clear error and creates nothing', async () => {
    const wrong = await create('x'.repeat(43));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/设置链接无效/);
    expect((await create('short')).status).toBe(400);
    expect((await t.call('GET', '/api/setup/status', { query: { token: 'y'.repeat(43) } })).status).toBe(400);

    const token = tokenOf(await announceSetupLink(t.ctx));
    t.clock.advance(SETUP_TTL_MS + 1);
    const expired = await create(token);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toMatch(/已过期/);
    expect(await admins()).toEqual([]);
  });

  it('bad input is refused and spends nothing; a taken username spends nothing', async () => {
    const token = tokenOf(await announceSetupLink(t.ctx));
    expect((await create(token, 'ab', 'a-long-password-1')).status).toBe(400);
    expect((await create(token, 'siteadmin', 'short')).body.message).toMatch(/至少 8 位/);
    await t.loginByPhone('13700000001');
    await t.ctx.db.update(users).set({ username: 'taken-name' }).where(eq(users.mobile, '13700000001'));
    const taken = await create(token, 'taken-name');
    expect(taken.status).toBe(409);
    expect((await t.call('GET', '/api/setup/status', { query: { token } })).body.data.valid).toBe(true);
    expect((await create(token, 'free-name')).status).toBe(200);
  });

  it('two people at once, with one link or with two: exactly one administrator', async () => {
    const one = tokenOf(await announceSetupLink(t.ctx));
    const two = tokenOf(await announceSetupLink(t.ctx));
    const answers = await Promise.all([create(one, 'racer-a'), create(one, 'racer-b'), create(two, 'racer-c'), create(two, 'racer-d')]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(410);
    expect(await admins()).toHaveLength(1);
  });

  it('is not offered when the environment names an administrator', async () => {
    const withEnv = await createTestApp({ env: { ADMIN_PASSWORD: 'from-the-env-123' }, shareWith: undefined });
    try {
      expect(await withEnv.ctx.db.select().from(adminSetupTokens)).toEqual([]);
    } finally {
      await withEnv.close();
    }
  });
});
