import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CreditPool } from '../billing/public.ts';

const COLUMNS: Record<CreditPool, { member: string; base: string }> = {
  model3: { member: 'member_model3', base: 'base_model3' },
  model4: { member: 'member_model4', base: 'base_model4' },
  draw: { member: 'member_draw', base: 'base_draw' },
};

type Rows<T> = { rows: T[] };

/**
 * Whether the user's balance pays `cost` on top of what turns still running hold. Call inside
 * the transaction that then writes the new turn row: the first statement locks the balance row,
 * so concurrent admissions of one user queue here, and the second (a new snapshot, after the
 * lock) sees every hold committed before it. A hold counts while its lease lives: the holds of
 * an instance that died lapse with its lease, they are not kept alive by retries.
 */
export async function canHold(tx: Db, h: { userId: number; pool: CreditPool; cost: number; nowMs: number }): Promise<boolean> {
  const { member, base } = COLUMNS[h.pool];
  const now = new Date(h.nowMs).toISOString();
  const balance = await tx.execute(sql`
    select ${sql.raw(base)} as base,
      case when member_expires_at is not null and member_expires_at > ${now}::timestamptz then ${sql.raw(member)} else 0 end as member
    from balances where user_id = ${h.userId} for update`);
  const row = (balance as Rows<{ base: number; member: number }>).rows[0];
  if (!row) return false;
  const held = await tx.execute(sql`
    select coalesce(sum(cost), 0)::int as held from turns
    where user_id = ${h.userId} and pool = ${h.pool} and status = 'running' and lease_until > ${now}::timestamptz`);
  const holding = Number((held as Rows<{ held: number }>).rows[0]?.held ?? 0);
  return Number(row.base) + Number(row.member) - holding >= h.cost;
}
