import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CreditPool } from '../billing/public.ts';

const COLUMNS: Record<CreditPool, { member: string; base: string }> = {
  model3: { member: 'member_model3', base: 'base_model3' },
  model4: { member: 'member_model4', base: 'base_model4' },
  draw: { member: 'member_draw', base: 'base_draw' },
  ppt: { member: 'member_ppt', base: 'base_ppt' },
};

type Rows<T> = { rows: T[] };

/**
 * Locks the user's balance row for the admitting transaction and returns what the pool can
 * spend now (base plus a live membership), or 0 without a balance. Concurrent admissions of
 * one user queue here.
 */
export async function lockBalance(tx: Db, userId: number, pool: CreditPool, nowMs: number): Promise<number> {
  const { member, base } = COLUMNS[pool];
  const result = await tx.execute(sql`
    select ${sql.raw(base)} as base,
      case when member_expires_at is not null and member_expires_at > ${new Date(nowMs).toISOString()}::timestamptz then ${sql.raw(member)} else 0 end as member
    from balances where user_id = ${userId} for update`);
  const row = (result as Rows<{ base: number; member: number }>).rows[0];
  return row ? Number(row.base) + Number(row.member) : 0;
}

export interface HoldRow {
  userId: number;
  kind: string;
  pool: CreditPool;
  cost: number;
  instanceId: string;
  leaseUntil: Date;
  startedAt: Date;
  ref: Record<string, unknown>;
}

/**
 * Writes the turn row, which is the hold, only when `spendable` (read under the lock by
 * `lockBalance`, earlier in the same transaction) pays its cost on top of the holds of turns
 * still running: this statement starts after the lock was taken, so it sees every hold committed
 * before. A hold counts while its lease lives: the holds of an instance that died lapse with its
 * lease, they are not kept alive by retries. Null when refused. `spendable` null: a free turn.
 */
export async function insertHold(tx: Db, h: HoldRow, spendable: number | null): Promise<number | null> {
  const now = h.startedAt.toISOString();
  const pays =
    spendable === null
      ? sql`true`
      : sql`${spendable}::int - (select coalesce(sum(cost), 0)::int from turns
          where user_id = ${h.userId} and pool = ${h.pool} and status = 'running' and lease_until > ${now}::timestamptz) >= ${h.cost}::int`;
  const result = await tx.execute(sql`
    insert into turns (user_id, kind, pool, cost, instance_id, lease_until, started_at, ref)
    select ${h.userId}::int, ${h.kind}, ${h.pool}, ${h.cost}::int, ${h.instanceId}, ${h.leaseUntil.toISOString()}::timestamptz, ${now}::timestamptz, ${JSON.stringify(h.ref)}::jsonb
    where ${pays}
    returning id`);
  const row = (result as Rows<{ id: number }>).rows[0];
  return row ? Number(row.id) : null;
}
