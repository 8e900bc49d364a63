import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlState } from '../../db/errors.ts';
import { executeNamed } from '../../db/named.ts';
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
 * What an adapter writes before the first token, as CTEs that join the hold's statement (so a turn
 * is admitted in one round trip, without BEGIN and COMMIT): `ctes` is a list of `name as (…)` joined
 * by commas, and `ref` a jsonb expression over them, kept as the turn's ref. They run whether or not
 * the hold is taken; a refusal fails the whole statement, which undoes them.
 */
export interface BeginCtes {
  ctes: SQL;
  ref: SQL;
}

/** The SQLSTATEs of `turn_refused()` and `turn_settled_already()` (migration 0025). */
const REFUSED_STATE = 'ZR001';
const SETTLED_ALREADY_STATE = 'ZR002';

/**
 * Takes the hold and writes the turn row (and the adapter's `begin` when it comes as CTEs), in
 * one statement; null when refused. The hold is a conditional update of the balance row — the
 * pool's base plus a live membership, less what running turns and jobs hold already, must pay the
 * cost — and PostgreSQL re-reads the row after waiting for its lock, so concurrent admissions of
 * one user each see the others' holds. A free turn (cost 0) holds nothing. A refusal raises
 * (`turn_refused()`), so nothing the statement wrote stays.
 */
export async function admitHold(tx: Db, h: HoldRow, begin?: BeginCtes): Promise<{ id: number; ref: Record<string, unknown> } | null> {
  const now = h.startedAt.toISOString();
  const ref = begin ? sql`(${begin.ref})::jsonb` : sql`${JSON.stringify(h.ref)}::jsonb`;
  const row = sql`${h.userId}::int, ${h.kind}, ${h.pool}, ${h.cost}::int, ${h.instanceId}, ${h.leaseUntil.toISOString()}::timestamptz, ${now}::timestamptz, ${ref}`;
  const insert = sql`turn_row as (insert into turns (user_id, kind, pool, cost, instance_id, lease_until, started_at, ref)`;
  const adapterCtes = begin ? sql`${begin.ctes},` : sql``;
  let statement;
  if (h.cost > 0) {
    const { member, base, held } = poolColumns(h.pool);
    statement = sql`with turn_hold as (
        update balances set ${held} = ${held} + ${h.cost}::int
        where user_id = ${h.userId}
          and ${base} + case when member_expires_at is not null and member_expires_at > ${now}::timestamptz then ${member} else 0 end - ${held} >= ${h.cost}::int
        returning user_id),
      ${adapterCtes}
      ${insert} select ${row} from turn_hold returning id, ref)
      select coalesce((select id from turn_row), turn_refused()) as id, (select ref from turn_row) as ref`;
  } else statement = sql`with ${adapterCtes} ${insert} values (${row}) returning id, ref) select id, ref from turn_row`;
  try {
    const found = await executeNamed<{ id: number; ref: Record<string, unknown> }>(tx, statement);
    const out = found.rows[0]!;
    return { id: Number(out.id), ref: out.ref };
  } catch (e) {
    if (sqlState(e) === REFUSED_STATE) return null;
    throw e;
  }
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
 * What an adapter's `finish` writes, as CTEs that join the settling statement: `ctes` a list of
 * `name as (…)` joined by commas, `result` a jsonb expression over them, null when the reply could
 * not be stored (which fails the statement: nothing is settled, the engine retries).
 */
export interface FinishCtes {
  ctes: SQL;
  result: SQL;
}

/**
 * Settles a running turn exactly once, in one statement: flips it to settled (charged) or
 * released, gives its hold back and takes the charge (membership first, then base; with its
 * ledger rows), and with `finish` stores the reply too (given what the statement charged, an int
 * expression). `flipped` false: it was settled already, nothing changed. `charged` is 0 when
 * nothing was to be charged, or when the balance could no longer pay (a membership that paid
 * at admission and expired since, say). `finished` is what `finish` made, and `result` what its
 * `result` expression came out as.
 */
export async function settleHold<F extends FinishCtes>(
  tx: Db,
  s: HoldSettlement,
  finish?: (charged: SQL) => F,
): Promise<{ flipped: boolean; charged: number; finished?: F; result?: unknown }> {
  const charge = Math.max(0, Math.min(s.charge, s.held));
  const flip = sql`flip as (
      update turns set status = ${charge > 0 ? 'settled' : 'released'}, charged = ${charge}::int,
        settled_at = ${s.settledAt.toISOString()}::timestamptz ${s.text === undefined ? sql`` : sql`, text = ${s.text}`}
      where id = ${s.turnId} and status = 'running' returning id)`;
  const spending = s.held > 0 ? spendCtes({ userId: s.userId, pool: s.pool, cost: charge, nowMs: s.nowMs, note: s.note }, sql`${s.ref}`, { release: s.held, onlyIf: 'flip' }) : null;
  const pays = spending ? sql`coalesce((select pays from spend_paid), false)` : sql`false`;
  const chargedSql = charge > 0 ? sql`(case when ${pays} then ${charge}::int else 0 end)` : sql`0`;
  const ctes = spending ? sql`${flip}, ${spending.paid}, ${spending.ledger}` : flip;
  let out: { flipped: number; pays: boolean; result?: unknown };
  const f = finish?.(chargedSql);
  if (f) {
    // Settled already, or the reply cannot be stored: the statement fails, and what it wrote goes with it.
    try {
      const rows = await executeNamed<{ flipped: number; pays: boolean; result: unknown }>(
        tx,
        sql`with ${ctes}, ${f.ctes}
          select coalesce((select 1 from flip), turn_settled_already()) as flipped,
            ${pays} as pays, coalesce(${f.result}, turn_not_saved()) as result`,
      );
      out = rows.rows[0]!;
    } catch (e) {
      if (sqlState(e) === SETTLED_ALREADY_STATE) return { flipped: false, charged: 0 };
      throw e;
    }
  } else {
    const rows = (await tx.execute(sql`with ${ctes} select (select count(*) from flip)::int as flipped, ${pays} as pays`)) as Rows<{ flipped: number; pays: boolean }>;
    out = rows.rows[0]!;
  }
  const flipped = Number(out.flipped) > 0;
  const charged = flipped && charge > 0 && out.pays ? charge : 0;
  // Rare: the balance could not pay what it held (the turn row said charged).
  if (flipped && charge > 0 && !charged) await tx.execute(sql`update turns set status = 'released', charged = 0 where id = ${s.turnId}`);
  return { flipped, charged, finished: f, result: out.result };
}
