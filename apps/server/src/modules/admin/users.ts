import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserDetail, AdminUserRow, CreditKind } from '@app/shared';
import { ID_MAX } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { authTokens, balanceLedger, balances, orders, signIns, users } from '../../db/schema/index.ts';
import { AuthService } from '../auth/public.ts';
import { writeAudit } from '../../core/audit.ts';

export interface Actor {
  adminId: number;
  ip: string | null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type UserRow = typeof users.$inferSelect;
const rowOf = (u: UserRow, memberExpiresAt: Date | null): AdminUserRow => ({
  id: u.id,
  nickname: u.nickname,
  username: u.username,
  mobile: u.mobile,
  inviteCode: u.inviteCode,
  registerWay: u.registerWay,
  isAdmin: u.isAdmin,
  status: u.status,
  createdAt: u.createdAt.toISOString(),
  memberExpiresAt: iso(memberExpiresAt),
});

/** Search by phone, nickname, username, id or invite code; newest first. */
export async function searchUsers(db: Db, q: string | undefined, page: number, size: number) {
  let where: SQL | undefined;
  if (q) {
    const ors: (SQL | undefined)[] = [ilike(users.nickname, likeOf(q)), ilike(users.username, likeOf(q)), ilike(users.mobile, likeOf(q)), eq(users.inviteCode, q.toUpperCase()), eq(users.inviteCode, q)];
    if (/^\d+$/.test(q) && Number(q) <= ID_MAX) ors.push(eq(users.id, Number(q)));
    where = or(...ors);
  }
  const [rows, [total]] = await Promise.all([
    db
      .select({ u: users, exp: balances.memberExpiresAt })
      .from(users)
      .leftJoin(balances, eq(balances.userId, users.id))
      .where(where)
      .orderBy(desc(users.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map((r) => rowOf(r.u, r.exp)), total: total?.n ?? 0 };
}

async function userOr404(db: Db, id: number, lock = false) {
  const q = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [u] = lock ? await q.for('update') : await q;
  if (!u) throw notFound('用户不存在');
  return u;
}

type BalanceRow = typeof balances.$inferSelect;
export function balanceView(b: BalanceRow | undefined): AdminUserDetail['balance'] {
  return {
    base: { model3: b?.baseModel3 ?? 0, model4: b?.baseModel4 ?? 0, draw: b?.baseDraw ?? 0, ppt: b?.basePpt ?? 0 },
    member: { model3: b?.memberModel3 ?? 0, model4: b?.memberModel4 ?? 0, draw: b?.memberDraw ?? 0, ppt: b?.memberPpt ?? 0 },
    held: { model3: b?.heldModel3 ?? 0, model4: b?.heldModel4 ?? 0, draw: b?.heldDraw ?? 0, ppt: b?.heldPpt ?? 0 },
    memberExpiresAt: iso(b?.memberExpiresAt),
    memberLevel: b?.memberLevel ?? 0,
  };
}

async function balanceOf(db: Db, userId: number) {
  const [b] = await db.select().from(balances).where(eq(balances.userId, userId)).limit(1);
  return balanceView(b);
}

export async function userDetail(ctx: AppContext, id: number): Promise<AdminUserDetail> {
  const db = ctx.db;
  const u = await userOr404(db, id);
  const now = ctx.clock.now();
  const [balance, ledger, orderRows, sessions, signInRows, invites] = await Promise.all([
    balanceOf(db, id),
    db.select().from(balanceLedger).where(eq(balanceLedger.userId, id)).orderBy(desc(balanceLedger.id)).limit(100),
    db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.id)).limit(50),
    db.select().from(authTokens).where(eq(authTokens.userId, id)).orderBy(desc(authTokens.id)).limit(50),
    db.select().from(signIns).where(eq(signIns.userId, id)).orderBy(desc(signIns.day)).limit(60),
    db.select({ id: users.id, nickname: users.nickname, createdAt: users.createdAt }).from(users).where(eq(users.invitedBy, id)).orderBy(desc(users.id)).limit(100),
  ]);
  return {
    user: { ...rowOf(u, balance.memberExpiresAt ? new Date(balance.memberExpiresAt) : null), invitedBy: u.invitedBy, consecutiveDays: u.consecutiveDays },
    balance,
    ledger: ledger.map((l) => ({ id: l.id, type: l.type, pool: l.pool, model3: l.model3, model4: l.model4, draw: l.draw, ppt: l.ppt, ref: l.ref, note: l.note, createdAt: l.createdAt.toISOString() })),
    orders: orderRows.map((o) => ({ orderNo: o.orderNo, amount: o.amount, status: o.status, channel: o.channel, provider: o.provider, createdAt: o.createdAt.toISOString(), paidAt: iso(o.paidAt) })),
    sessions: sessions.map((s) => ({
      id: s.id,
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: iso(s.revokedAt),
      lastUsedAt: s.lastUsedAt ? new Date(s.lastUsedAt).toISOString() : null,
      active: !s.revokedAt && s.expiresAt.getTime() > now,
    })),
    signIns: signInRows.map((s) => ({ day: s.day, createdAt: s.createdAt.toISOString() })),
    invites: invites.map((i) => ({ id: i.id, nickname: i.nickname, createdAt: i.createdAt.toISOString() })),
  };
}

const COLUMN: Record<'base' | 'member', Record<CreditKind, string>> = {
  base: { model3: 'base_model3', model4: 'base_model4', draw: 'base_draw', ppt: 'base_ppt' },
  member: { model3: 'member_model3', model4: 'member_model4', draw: 'member_draw', ppt: 'member_ppt' },
};

const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));

/**
 * Adds `delta` (negative: takes) to one pool with its 'admin' ledger row and the audit row, in one
 * transaction. The change and the ledger row are ONE statement whose guard refuses a result below
 * zero, so two adjustments at once can never take a balance negative together.
 */
export async function adjustCredits(ctx: AppContext, a: Actor, userId: number, input: { pool: 'base' | 'member'; kind: CreditKind; delta: number; reason: string }) {
  return tx(ctx, async (db) => {
    await userOr404(db, userId);
    await db.insert(balances).values({ userId }).onConflictDoNothing();
    const col = sql.raw(COLUMN[input.pool][input.kind]);
    const ledgerCol = sql.raw(input.kind);
    const result = await db.execute(sql`
      with upd as (
        update balances set ${col} = ${col} + ${input.delta}::int, updated_at = now()
        where user_id = ${userId} and ${col} + ${input.delta}::int >= 0
        returning ${col} as after
      ), led as (
        insert into balance_ledger (user_id, type, pool, ${ledgerCol}, ref, note)
        select ${userId}, 'admin', ${input.pool}, ${input.delta}::int, ${`admin:${a.adminId}`}, ${input.reason} from upd
        returning id
      )
      select upd.after, (select id from led) as ledger_id from upd`);
    const row = (result as { rows: { after: number; ledger_id: number }[] }).rows[0];
    if (!row) throw badRequest('调整后额度不能小于 0');
    await writeAudit(db, {
      ...a,
      action: 'user.credits',
      targetType: 'user',
      targetId: userId,
      before: { pool: input.pool, kind: input.kind, value: row.after - input.delta },
      after: { pool: input.pool, kind: input.kind, value: row.after, ledgerId: row.ledger_id },
      reason: input.reason,
    });
    return balanceOf(db, userId);
  });
}

export async function setMembership(ctx: AppContext, a: Actor, userId: number, input: { expiresAt: string | null; level?: number; reason: string }) {
  return tx(ctx, async (db) => {
    await userOr404(db, userId);
    await db.insert(balances).values({ userId }).onConflictDoNothing();
    const [before] = await db.select().from(balances).where(eq(balances.userId, userId)).for('update');
    const expires = input.expiresAt === null ? new Date(ctx.clock.now()) : new Date(input.expiresAt);
    const level = input.level ?? (input.expiresAt === null ? before!.memberLevel : Math.max(before!.memberLevel, 1));
    await db.update(balances).set({ memberExpiresAt: expires, memberLevel: level, updatedAt: new Date(ctx.clock.now()) }).where(eq(balances.userId, userId));
    await writeAudit(db, {
      ...a,
      action: 'user.membership',
      targetType: 'user',
      targetId: userId,
      before: { memberExpiresAt: iso(before!.memberExpiresAt), memberLevel: before!.memberLevel },
      after: { memberExpiresAt: expires.toISOString(), memberLevel: level },
      reason: input.reason,
    });
    return balanceOf(db, userId);
  });
}

async function revokeAll(db: Db, userId: number, nowMs: number) {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: new Date(nowMs) })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return rows.length;
}

/** Ban (status 0: every session ends in the same transaction) or unban (status 1). */
export async function setBanned(ctx: AppContext, a: Actor, userId: number, banned: boolean, reason: string) {
  if (banned && userId === a.adminId) throw badRequest('不能封禁自己');
  return tx(ctx, async (db) => {
    const u = await userOr404(db, userId, true);
    const status = banned ? 0 : 1;
    await db.update(users).set({ status, updatedAt: new Date(ctx.clock.now()) }).where(eq(users.id, userId));
    const revoked = banned ? await revokeAll(db, userId, ctx.clock.now()) : 0;
    await writeAudit(db, { ...a, action: banned ? 'user.ban' : 'user.unban', targetType: 'user', targetId: userId, before: { status: u.status }, after: { status, revokedSessions: revoked }, reason });
  });
}

export async function resetPassword(ctx: AppContext, a: Actor, userId: number, password: string, reason: string) {
  const hash = await AuthService.hashPassword(password);
  return tx(ctx, async (db) => {
    const u = await userOr404(db, userId, true);
    await db.update(users).set({ passwordHash: hash, updatedAt: new Date(ctx.clock.now()) }).where(eq(users.id, userId));
    const revoked = await revokeAll(db, userId, ctx.clock.now());
    // The hash itself is never written to the log.
    await writeAudit(db, { ...a, action: 'user.password', targetType: 'user', targetId: userId, before: { hadPassword: !!u.passwordHash }, after: { passwordReset: true, revokedSessions: revoked }, reason });
  });
}

export async function revokeSessions(ctx: AppContext, a: Actor, userId: number, reason: string) {
  return tx(ctx, async (db) => {
    await userOr404(db, userId, true);
    const now = new Date(ctx.clock.now());
    const [active] = await db
      .select({ n: count() })
      .from(authTokens)
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), sql`${authTokens.expiresAt} > ${now.toISOString()}::timestamptz`));
    const revoked = await revokeAll(db, userId, now.getTime());
    await writeAudit(db, { ...a, action: 'user.revoke', targetType: 'user', targetId: userId, before: { activeSessions: active?.n ?? 0 }, after: { activeSessions: 0, revokedSessions: revoked }, reason });
  });
}
