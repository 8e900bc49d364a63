import { eq } from 'drizzle-orm';
import { adminAudit, users } from '../../db/schema/index.ts';
import type { TestApp } from '../../testing/harness.ts';

let seq = 0;
/** A fresh phone per call (tests share nothing). */
export const phone = () => `139${String(Date.now() % 1e5).padStart(5, '0')}${String(seq++ % 1000).padStart(3, '0')}`;

export async function idOf(t: TestApp, token: string): Promise<number> {
  const { body } = await t.call('GET', '/api/user/info', { token });
  return Number(body.data.id);
}

/** A signed-in user made administrator (as ADMIN_USERNAME does at start). */
export async function adminToken(t: TestApp) {
  const token = await t.loginByPhone(phone());
  const id = await idOf(t, token);
  await t.ctx.db.update(users).set({ isAdmin: true, nickname: '测试管理员' }).where(eq(users.id, id));
  return { token, id };
}

export async function auditRows(t: TestApp, targetType: string, targetId: string | number) {
  const rows = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.targetId, String(targetId)));
  return rows.filter((r) => r.targetType === targetType);
}
