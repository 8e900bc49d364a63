import { inArray, sql } from 'drizzle-orm';
import type { BalanceReply } from '@app/shared';
import { batchLoader } from '../../core/batch.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { balanceLedger, balances } from '../../db/schema/index.ts';

export interface Amounts {
  model3?: number;
  model4?: number;
  draw?: number;
  ppt?: number;
}

export type LedgerType = 'register' | 'sign-in' | 'invite' | 'purchase' | 'card-key' | 'admin' | 'usage' | 'refund';

/** Adds to the never-expiring base pool, with its ledger row. Call inside the caller's transaction. */
export async function creditBase(db: Db, userId: number, amounts: Amounts, type: LedgerType, ref?: string, note?: string) {
  const m3 = amounts.model3 ?? 0;
  const m4 = amounts.model4 ?? 0;
  const d = amounts.draw ?? 0;
  const ppt = amounts.ppt ?? 0;
  if (m3 < 0 || m4 < 0 || d < 0 || ppt < 0) throw new Error('creditBase takes non-negative amounts');
  await db
    .insert(balances)
    .values({ userId, baseModel3: m3, baseModel4: m4, baseDraw: d, basePpt: ppt })
    .onConflictDoUpdate({
      target: balances.userId,
      set: {
        baseModel3: sql`${balances.baseModel3} + ${m3}`,
        baseModel4: sql`${balances.baseModel4} + ${m4}`,
        baseDraw: sql`${balances.baseDraw} + ${d}`,
        basePpt: sql`${balances.basePpt} + ${ppt}`,
        updatedAt: sql`now()`,
      },
    });
  if (m3 || m4 || d || ppt) {
    await db.insert(balanceLedger).values({ userId, type, pool: 'base', model3: m3, model4: m4, draw: d, ppt, ref, note });
  }
}

export async function ensureBalanceRow(db: Db, userId: number) {
  await db.insert(balances).values({ userId }).onConflictDoNothing();
}

/** What the user can spend now: base plus the membership pool while it has not expired. */
export async function readBalance(db: Db, userId: number, nowMs: number): Promise<BalanceReply> {
  const row = await forUser(db, userId).balances.get(userId);
  return balanceView(row, nowMs);
}

type BalanceRow = typeof balances.$inferSelect;
const balanceLoaders = new WeakMap<Db, (userId: number) => Promise<BalanceRow | undefined>>();

/**
 * `readBalance` on the root database (never a transaction) for a check before work starts: the
 * reads of one turn of the event loop share one query. The hold taken later is what guards the spend.
 */
export async function readBalanceBatched(db: Db, userId: number, nowMs: number): Promise<BalanceReply> {
  let load = balanceLoaders.get(db);
  if (!load) {
    load = batchLoader(async (ids: number[]) => new Map((await db.select().from(balances).where(inArray(balances.userId, ids))).map((r) => [r.userId, r])));
    balanceLoaders.set(db, load);
  }
  return balanceView(await load(userId), nowMs);
}

function balanceView(row: BalanceRow | undefined, nowMs: number): BalanceReply {
  const base = { model3: row?.baseModel3 ?? 0, model4: row?.baseModel4 ?? 0, draw: row?.baseDraw ?? 0 };
  const expires = row?.memberExpiresAt ?? null;
  const live = expires !== null && expires.getTime() > nowMs;
  const member = {
    model3: live ? row!.memberModel3 : 0,
    model4: live ? row!.memberModel4 : 0,
    draw: live ? row!.memberDraw : 0,
    expires_at: expires ? expires.toISOString() : null,
  };
  return {
    useModel3Token: base.model3 + member.model3,
    useModel4Token: base.model4 + member.model4,
    useDrawMjToken: base.draw + member.draw,
    usePptToken: (row?.basePpt ?? 0) + (live ? row!.memberPpt : 0),
    base,
    member,
  };
}

export function isVip(memberExpiresAt: Date | null | undefined, nowMs: number) {
  return !!memberExpiresAt && memberExpiresAt.getTime() > nowMs;
}
