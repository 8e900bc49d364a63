import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type CreditPool = 'model3' | 'model4' | 'draw' | 'ppt';

export interface SpendInput {
  userId: number;
  pool: CreditPool;
  cost: number;
  /** A membership live at this instant pays first (a turn passes its admission time, so a membership expiring mid-reply still pays what it held). */
  nowMs: number;
  note?: string;
}

/** How much each pool paid, or null when the two together could not pay the whole cost (nothing taken). */
export type SpendResult = { member: number; base: number } | null;

const COLUMNS = {
  model3: { member: sql.raw('member_model3'), base: sql.raw('base_model3'), held: sql.raw('held_model3'), ledger: sql.raw('model3') },
  model4: { member: sql.raw('member_model4'), base: sql.raw('base_model4'), held: sql.raw('held_model4'), ledger: sql.raw('model4') },
  draw: { member: sql.raw('member_draw'), base: sql.raw('base_draw'), held: sql.raw('held_draw'), ledger: sql.raw('draw') },
  ppt: { member: sql.raw('member_ppt'), base: sql.raw('base_ppt'), held: sql.raw('held_ppt'), ledger: sql.raw('ppt') },
} as const satisfies Record<CreditPool, Record<string, SQL>>;

/** The balance columns of a pool (for statements that hold or spend in it). */
export const poolColumns = (pool: CreditPool) => COLUMNS[pool];

/** What a spend may do besides taking the cost: give back a hold, only when a CTE before it returned a row. */
export interface SpendExtras {
  /** Held credits released in the same update (the hold of the turn being paid), paid or not. */
  release?: number;
  /** The name of an earlier CTE: without a row in it, nothing is spent or released. */
  onlyIf?: string;
}

/**
 * The spend as CTEs for a larger statement: `paid` defines `spend_paid` (one row with `pays`,
 * `member` and `base`, the parts each pool paid); `ledger` defines `spend_ledger` (one 'usage'
 * ledger row per pool that paid, with `ref`), to be placed after any CTE its `ref` reads.
 *
 * One conditional UPDATE takes the cost from the live membership pool first, as far as it
 * goes, and the rest from the base pool: a cost spread across the two pools is paid from both.
 * The row lock queues concurrent spends and each re-checks what it finds, so a balance never
 * goes negative (the table's CHECK would refuse it anyway). A hold to release is released in
 * the same update whether the cost could be paid or not.
 */
export function spendCtes(s: SpendInput, ref: SQL, extras: SpendExtras = {}): { paid: SQL; ledger: SQL } {
  const release = extras.release ?? 0;
  if (!Number.isInteger(s.cost) || s.cost < 0 || (s.cost === 0 && release <= 0)) throw new Error('spend takes a positive integer cost');
  const { member, base, held, ledger: amountColumn } = COLUMNS[s.pool];
  const now = new Date(s.nowMs).toISOString();
  const cost = sql`${s.cost}::int`;
  const guard = extras.onlyIf ? sql`and exists (select 1 from ${sql.raw(extras.onlyIf)})` : sql``;
  const fromMember = sql`case when member_expires_at is not null and member_expires_at > ${now}::timestamptz then least(${member}, ${cost}) else 0 end`;
  const paid = sql`spend_cur as (
      select user_id, ${fromMember} as from_member, ${base} >= ${cost} - ${fromMember} as pays
      from balances where user_id = ${s.userId} ${guard} for update
    ),
    spend_paid as (
      update balances b set
        ${member} = b.${member} - case when spend_cur.pays then spend_cur.from_member else 0 end,
        ${base} = b.${base} - case when spend_cur.pays then ${cost} - spend_cur.from_member else 0 end,
        ${held} = greatest(b.${held} - ${release}::int, 0),
        updated_at = now()
      from spend_cur
      where b.user_id = spend_cur.user_id ${release > 0 ? sql`` : sql`and spend_cur.pays`}
      returning spend_cur.pays,
        case when spend_cur.pays then spend_cur.from_member else 0 end as member,
        case when spend_cur.pays then ${cost} - spend_cur.from_member else 0 end as base
    )`;
  const ledger = sql`spend_ledger as (
      insert into balance_ledger (user_id, type, pool, ${amountColumn}, ref, note)
      select ${s.userId}, 'usage', part.pool, -part.amount, ${ref}, ${s.note ?? null}
      from spend_paid, lateral (values ('member', spend_paid.member), ('base', spend_paid.base)) as part(pool, amount)
      where spend_paid.pays and part.amount > 0
      returning pool
    )`;
  return { paid, ledger };
}

/** A spend with its ledger rows, in one statement (so atomic on its own, or part of the caller's transaction). */
export async function spend(db: Db, s: SpendInput & { ref?: string }): Promise<SpendResult> {
  const { paid, ledger } = spendCtes(s, sql`${s.ref ?? null}`);
  const result = await db.execute(sql`with ${paid}, ${ledger} select member, base, (select count(*) from spend_ledger)::int as rows from spend_paid`);
  const row = (result as { rows: { member: number; base: number }[] }).rows[0];
  return row ? { member: Number(row.member), base: Number(row.base) } : null;
}
