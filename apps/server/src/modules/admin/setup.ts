import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SetupAdminBody } from '@app/shared';
import { issueToken } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, badRequest } from '../../core/errors.ts';
import { inviteCode, randomToken, sha256 } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { adminSetupTokens, users } from '../../db/schema/index.ts';
import { AuthService } from '../auth/public.ts';
import { ensureBalanceRow } from '../billing/public.ts';
import { writeAudit } from '../../core/audit.ts';

/**
 * The one-time setup link: with no administrator and no ADMIN_PASSWORD / ADMIN_PHONE, each start
 * writes a link to the log (/admin/setup?token=…: 32 random bytes, only its SHA-256 stored, 24 h)
 * whose first visitor creates the first administrator. Once an administrator exists every link is dead.
 */

export const SETUP_TTL_MS = 24 * 3600_000;
/** Serialises first-admin creation across instances (and links): exactly one can win. */
const SETUP_LOCK = 727406;
const SETUPS_PER_IP_PER_HOUR = 20;

const gone = (message: string) => new AppError(410, message, 410);

async function adminExists(db: Db) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return !!row;
}

/** At start: a new link when the site has no administrator and none comes from the environment. Returns the link (tests read it). */
export async function announceSetupLink(ctx: AppContext): Promise<string | null> {
  const env = ctx.config.env;
  if (env.ADMIN_PASSWORD || env.ADMIN_PHONE || (await adminExists(ctx.db))) return null;
  const token = randomToken(32);
  await ctx.db.insert(adminSetupTokens).values({ tokenHash: sha256(token), expiresAt: new Date(ctx.clock.now() + SETUP_TTL_MS) });
  const link = `${ctx.config.publicUrl}/admin/setup?token=${token}`;
  // The one secret this log line carries on purpose: the operator reads it here, it works once, for 24 h.
  ctx.log.warn(`No administrator yet. Open this one-time link within 24 hours to create one (it stops working once used): ${link}`);
  return link;
}

/** Why a token cannot be used, or its expiry when it can. */
async function checkToken(ctx: AppContext, db: Db, token: string): Promise<Date> {
  const [row] = await db.select().from(adminSetupTokens).where(eq(adminSetupTokens.tokenHash, sha256(token))).limit(1);
  if (!row) throw badRequest('设置链接无效，请使用服务器日志中打印的完整链接');
  if (row.usedAt) throw gone('设置链接已被使用过，请直接登录管理后台');
  if (row.expiresAt.getTime() <= ctx.clock.now()) throw gone('设置链接已过期（24 小时），重启服务会在日志中打印新的链接');
  if (await adminExists(db)) throw gone('管理员已存在，设置链接已失效');
  return row.expiresAt;
}

export async function setupStatus(ctx: AppContext, token: string) {
  const expiresAt = await checkToken(ctx, ctx.db, token);
  return { valid: true as const, expiresAt: expiresAt.toISOString() };
}

/**
 * Creates the first administrator. The token is spent by a conditional update inside a transaction
 * holding one advisory lock, which also checks that no administrator exists: two visitors at once
 * (with one link or two) make exactly one administrator. A refusal (username taken) spends nothing.
 */
export async function createFirstAdmin(ctx: AppContext, body: SetupAdminBody, ip: string) {
  await limitOrThrow(ctx.kv, `setup-admin:${ip}`, SETUPS_PER_IP_PER_HOUR, 3600, '尝试过于频繁，请稍后再试');
  await checkToken(ctx, ctx.db, body.token);
  const passwordHash = await AuthService.hashPassword(body.password);
  const userId = await ctx.db.transaction(async (raw) => {
    const db = raw as unknown as Db;
    await db.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    const now = new Date(ctx.clock.now());
    const [spent] = await db
      .update(adminSetupTokens)
      .set({ usedAt: now })
      .where(and(eq(adminSetupTokens.tokenHash, sha256(body.token)), isNull(adminSetupTokens.usedAt), gt(adminSetupTokens.expiresAt, now)))
      .returning({ id: adminSetupTokens.id });
    if (!spent) await checkToken(ctx, db, body.token);
    if (!spent || (await adminExists(db))) throw gone('管理员已存在，设置链接已失效');
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, body.username)).limit(1);
    if (taken) throw new AppError(409, '该账号已被注册，请换一个账号名', 409);
    const [user] = await db
      .insert(users)
      .values({ nickname: '管理员', username: body.username, passwordHash, inviteCode: inviteCode(), registerWay: 'admin', isAdmin: true })
      .returning({ id: users.id });
    await ensureBalanceRow(db, user!.id);
    await db.update(adminSetupTokens).set({ usedBy: user!.id }).where(eq(adminSetupTokens.id, spent.id));
    await writeAudit(db, { adminId: user!.id, action: 'admin.setup', targetType: 'user', targetId: user!.id, before: null, after: { username: body.username, isAdmin: true, via: 'setup-link' }, ip });
    return user!.id;
  });
  ctx.log.warn({ userId }, 'the first administrator was created through the setup link; every setup link is now dead');
  const token = await issueToken(ctx, userId, ip);
  return { token, username: body.username };
}
