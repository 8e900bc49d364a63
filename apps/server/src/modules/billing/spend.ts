import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type CreditPool = 'model3' | 'model4';

export interface SpendInput {
  userId: number;
  pool: CreditPool;
  cost: number;
  nowMs: number;
  note?: string;
}

/** Which pool paid, or null when neither could pay the whole cost (nothing taken). */
export type SpendResult = 'member' | 'base' | null;

const COLUMNS = {
  model3: { member: sql.raw('member_model3'), base: sql.raw('base_model3') },
  model4: { member: sql.raw('member_model4'), base: sql.raw('base_model4') },
} as const;

/**
 * The spend as CTEs for a larger statement: `paid` defines `spend_paid` (one row, `pool`, when
 * it paid); `ledger` defines `spend_ledger` (the 'usage' ledger row, with `ref`), to be placed
 * after any CTE its `ref` reads. Takes `cost` from the live membership
 * pool when it holds enough, else from the base pool, in one conditional UPDATE: the row lock
 * queues concurrent spends and each re-checks the amount it finds, so a balance never goes
 * negative (the table's CHECK would refuse it anyway).
 */
export function spendCtes(s: SpendInput, ref: SQL): { paid: SQL; ledger: SQL } {
  if (!Number.isInteger(s.cost) || s.cost <= 0) throw new Error('spend takes a positive integer cost');
  const { member, base } = COLUMNS[s.pool];
  const now = new Date(s.nowMs).toISOString();
  const cost = sql`${s.cost}::int`;
  const paid = sql`spend_cur as (
      select user_id, (member_expires_at is not null and member_expires_at > ${now}::timestamptz and ${member} >= ${cost}) as use_member
      from balances where user_id = ${s.userId} for update
    ),
    spend_paid as (
      update balances b set
        ${member} = b.${member} - case when spend_cur.use_member then ${cost} else 0 end,
        ${base} = b.${base} - case when spend_cur.use_member then 0 else ${cost} end,
        updated_at = now()
      from spend_cur
      where b.user_id = spend_cur.user_id and (spend_cur.use_member or b.${base} >= ${cost})
      returning case when spend_cur.use_member then 'member' else 'base' end as pool
    )`;
  const ledger = sql`spend_ledger as (
      insert into balance_ledger (user_id, type, pool, model3, model4, ref, note)
      select ${s.userId}, 'usage', pool, ${s.pool === 'model3' ? -s.cost : 0}::int, ${s.pool === 'model4' ? -s.cost : 0}::int, ${ref}, ${s.note ?? null}
      from spend_paid
      returning pool
    )`;
  return { paid, ledger };
}

/** A spend with its ledger row, in one statement (so atomic on its own, or part of the caller's transaction). */
export async function spend(db: Db, s: SpendInput & { ref?: string }): Promise<SpendResult> {
  const { paid, ledger } = spendCtes(s, sql`${s.ref ?? null}`);
  const result = await db.execute(sql`with ${paid}, ${ledger} select pool from spend_ledger`);
  const row = (result as unknown as { rows: { pool: 'member' | 'base' }[] }).rows[0];
  return row?.pool ?? null;
}
