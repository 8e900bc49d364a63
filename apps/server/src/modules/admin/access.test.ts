import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, methodsOf } from '@app/shared/routes';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, phone } from './test-kit.ts';

let t: TestApp;
let userToken: string;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  userToken = await t.loginByPhone(phone());
  admin = await adminToken(t);
});
afterAll(() => t.close());

/** Every route the manifest declares `admin`, with its path parameters filled in. */
const adminRoutes = allRoutes()
  .filter((r) => r.access === 'admin')
  .flatMap((r) => methodsOf(r).map((method) => ({ key: r.key, method, url: r.path.replace(/:[A-Za-z_]+/g, '999999') })));

describe('admin routes refuse everyone but an admin (generated from the manifest)', () => {
  it('the manifest has the admin console routes, all under /api/admin', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(14);
    for (const r of adminRoutes) expect(r.url.startsWith('/api/admin/')).toBe(true);
    // and nothing under /api/admin is declared less than admin
    const loose = allRoutes().filter((r) => r.path.startsWith('/api/admin') && r.access !== 'admin');
    expect(loose.map((r) => r.key)).toEqual([]);
  });

  for (const r of adminRoutes) {
    it(`${r.method} ${r.url} (${r.key})`, async () => {
      const body = r.method === 'GET' ? undefined : { reason: 'x' };
      const guest = await t.call(r.method, r.url, { body });
      expect(guest.status).toBe(401);
      expect(guest.body.success).toBe(false);

      const bad = await t.call(r.method, r.url, { body, token: 'not-a-token' });
      expect(bad.body.code).toBe(403000);
      expect(bad.body.success).toBe(false);

      const user = await t.call(r.method, r.url, { body, token: userToken });
      expect(user.status).toBe(403);
      expect(user.body).toMatchObject({ code: 403, success: false, message: '无权访问' });

      // The admin passes the access hook (the handler may still refuse the input or find nothing).
      const own = await t.call(r.method, r.url, { body, token: admin.token });
      expect([200, 400, 404]).toContain(own.status);
      expect(own.body.code).not.toBe(403);
    });
  }

  it('a registered route is refused to a normal user even with a forged admin-looking header', async () => {
    const r = await t.call('GET', '/api/admin/users', { token: userToken, headers: { 'x-admin': '1', 'x-user-id': String(admin.id) } });
    expect(r.status).toBe(403);
  });
});
