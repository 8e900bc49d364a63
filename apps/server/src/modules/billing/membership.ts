import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { balanceLedger, balances } from '../../db/schema/index.ts';
import { creditBase, ensureBalanceRow, type LedgerType } from './balance.ts';

const DAY_MS = 86_400_000;

/**
 * THE MEMBERSHIP RULES (what buying a package does to a user's credits).
 *
 * Credits live in two pools: a base pool that never expires and a membership pool that expires at
 * `member_expires_at` and is spent first (see spend.ts). A package grants counts (model3, model4,
 * draw) and `days` of membership at a `level`.
 *
 *  1. days = 0 (e.g. the 加油包): the counts go to the base pool; the membership is untouched.
 *  2. No live membership (none, or expired): the membership starts now for `days` at the package's
 *     level, and the membership pool is SET to the package's counts (an expired pool's leftovers stay
 *     expired; they do not come back).
 *  3. A live membership and a package of a HIGHER OR EQUAL level: the level switches to the
 *     package's, the expiry is extended by `days` from the current expiry, counts are ADDED.
 *  4. A live membership and a LOWER-level package: only its counts are ADDED to the membership
 *     pool; level and expiry stay as they are (a lighter package never shortens or downgrades).
 *
 * Every grant is one conditional UPDATE of the user's balance row (locked first, so the state the
 * plan was made from is the state it is applied to) plus one ledger row of type 'purchase'.
 */
export interface MemberState {
  level: number;
  expiresAt: Date | null;
}

export interface PackageGrant {
  days: number;
  level: number;
  model3Count: number;
  model4Count: number;
  drawCount: number;
  pptCount?: number;
}

export type PurchasePlan =
  | { pool: 'base' }
  | { pool: 'member'; rule: 'start' | 'upgrade' | 'add-counts'; resetCounts: boolean; level: number; expiresAt: Date };

export function planPurchase(current: MemberState, pkg: PackageGrant, nowMs: number): PurchasePlan {
  if (pkg.days <= 0) return { pool: 'base' };
  const span = pkg.days * DAY_MS;
  const live = current.expiresAt !== null && current.expiresAt.getTime() > nowMs;
  if (!live) return { pool: 'member', rule: 'start', resetCounts: true, level: pkg.level, expiresAt: new Date(nowMs + span) };
  if (pkg.level >= current.level) {
    return { pool: 'member', rule: 'upgrade', resetCounts: false, level: pkg.level, expiresAt: new Date(current.expiresAt!.getTime() + span) };
  }
  return { pool: 'member', rule: 'add-counts', resetCounts: false, level: current.level, expiresAt: current.expiresAt! };
}

/**
 * Applies a purchased package to a user's balance. Call inside the transaction that marked the
 * order paid (or bound it), so the order and the credits change together or not at all.
 */
export async function grantPackage(
  db: Db,
  userId: number,
  pkg: PackageGrant & { name: string },
  ref: string,
  nowMs: number,
  type: Extract<LedgerType, 'purchase' | 'card-key'> = 'purchase',
): Promise<PurchasePlan> {
  await ensureBalanceRow(db, userId);
  const [cur] = await db
    .select({ level: balances.memberLevel, expiresAt: balances.memberExpiresAt })
    .from(balances)
    .where(forUser(db, userId).balances.scope())
    .for('update');
  if (!cur) throw new Error(`no balance row for user ${userId}`);
  const plan = planPurchase(cur, pkg, nowMs);
  const counts = { model3: pkg.model3Count, model4: pkg.model4Count, draw: pkg.drawCount, ppt: pkg.pptCount ?? 0 };
  if (plan.pool === 'base') {
    await creditBase(db, userId, counts, type, ref, pkg.name);
    return plan;
  }
  const add = (column: AnyPgColumn, n: number) => (plan.resetCounts ? sql`${n}::int` : sql`${column} + ${n}::int`);
  const expiresMs = cur.expiresAt ? cur.expiresAt.getTime() : null;
  const updated = await db
    .update(balances)
    .set({
      memberModel3: add(balances.memberModel3, counts.model3),
      memberModel4: add(balances.memberModel4, counts.model4),
      memberDraw: add(balances.memberDraw, counts.draw),
      memberPpt: add(balances.memberPpt, counts.ppt),
      memberLevel: plan.level,
      memberExpiresAt: plan.expiresAt,
      updatedAt: new Date(nowMs),
    })
    .where(
      forUser(db, userId).balances.scope(
        eq(balances.memberLevel, cur.level),
        expiresMs === null
          ? sql`${balances.memberExpiresAt} is null`
          : sql`date_trunc('milliseconds', ${balances.memberExpiresAt}) = ${new Date(expiresMs).toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: balances.userId });
  // The row is locked above, so the condition holds; a miss means something bypassed the lock.
  if (updated.length !== 1) throw new Error(`balance of user ${userId} changed while granting ${ref}`);
  await db.insert(balanceLedger).values({
    userId,
    type,
    pool: 'member',
    model3: counts.model3,
    model4: counts.model4,
    draw: counts.draw,
    ppt: counts.ppt,
    ref,
    note: `${pkg.name} · ${plan.rule}`,
  });
  return plan;
}
