import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { poolColumns, spendCtes, type CreditPool } from '../billing/public.ts';

type Rows<T> = { rows: T[] };

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
 * Takes the hold and writes the turn row, in one statement; null when refused. The hold is a
 * conditional update of the balance row — the pool's base plus a live membership, less what
 * running turns and jobs hold already, must pay the cost — and PostgreSQL re-reads the row
 * after waiting for its lock, so concurrent admissions of one user each see the others' holds.
 * A free turn (cost 0) holds nothing.
 */
export async function admitHold(tx: Db, h: HoldRow): Promise<number | null> {
  const now = h.startedAt.toISOString();
  const row = sql`${h.userId}::int, ${h.kind}, ${h.pool}, ${h.cost}::int, ${h.instanceId}, ${h.leaseUntil.toISOString()}::timestamptz, ${now}::timestamptz, ${JSON.stringify(h.ref)}::jsonb`;
  const insert = sql`insert into turns (user_id, kind, pool, cost, instance_id, lease_until, started_at, ref)`;
  let statement;
  if (h.cost > 0) {
    const { member, base, held } = poolColumns(h.pool);
    statement = sql`with hold as (
        update balances set ${held} = ${held} + ${h.cost}::int
        where user_id = ${h.userId}
          and ${base} + case when member_expires_at is not null and member_expires_at > ${now}::timestamptz then ${member} else 0 end - ${held} >= ${h.cost}::int
        returning user_id)
      ${insert} select ${row} from hold returning id`;
  } else statement = sql`${insert} values (${row}) returning id`;
  const found = (await tx.execute(statement)) as Rows<{ id: number }>;
  return found.rows[0] ? Number(found.rows[0].id) : null;
}

export interface HoldSettlement {
  turnId: number;
  userId: number;
  pool: CreditPool;
  /** What the turn holds (given back whatever happens). */
  held: number;
  /** What to charge of it (0: nothing). */
  charge: number;
  /** The membership live at this instant pays first (the turn's admission). */
  nowMs: number;
  settledAt: Date;
  /** The turn's text as saved (the reply), when it has one. */
  text?: string;
  note: string;
  /** The ledger rows' ref. */
  ref: string;
}

/**
 * Settles a running turn exactly once, in one statement: flips it to settled (charged) or
 * released, gives its hold back and takes the charge (membership first, then base; with its
 * ledger rows). `flipped` false: it was settled already, nothing changed. `charged` is 0 when
 * nothing was to be charged, or when the balance could no longer pay (a membership that paid
 * at admission and expired since, say).
 */
export async function settleHold(tx: Db, s: HoldSettlement): Promise<{ flipped: boolean; charged: number }> {
  const charge = Math.max(0, Math.min(s.charge, s.held));
  const flip = sql`flip as (
      update turns set status = ${charge > 0 ? 'settled' : 'released'}, charged = ${charge}::int,
        settled_at = ${s.settledAt.toISOString()}::timestamptz ${s.text === undefined ? sql`` : sql`, text = ${s.text}`}
      where id = ${s.turnId} and status = 'running' returning id)`;
  if (s.held <= 0) {
    const result = (await tx.execute(sql`with ${flip} select count(*)::int as n from flip`)) as Rows<{ n: number }>;
    return { flipped: Number(result.rows[0]?.n) > 0, charged: 0 };
  }
  const { paid, ledger } = spendCtes({ userId: s.userId, pool: s.pool, cost: charge, nowMs: s.nowMs, note: s.note }, sql`${s.ref}`, { release: s.held, onlyIf: 'flip' });
  const result = (await tx.execute(
    sql`with ${flip}, ${paid}, ${ledger}
      select (select count(*) from flip)::int as flipped, coalesce((select pays from spend_paid), false) as pays`,
  )) as Rows<{ flipped: number; pays: boolean }>;
  const out = result.rows[0]!;
  const flipped = Number(out.flipped) > 0;
  const charged = flipped && charge > 0 && out.pays ? charge : 0;
  // Rare: the balance could not pay what it held (the turn row said charged).
  if (flipped && charge > 0 && !charged) await tx.execute(sql`update turns set status = 'released', charged = 0 where id = ${s.turnId}`);
  return { flipped, charged };
}
