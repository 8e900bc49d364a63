import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

/**
 * One table of rows that belong to a user, seen by one user: every query it builds carries the
 * owner clause (and, for tables with soft deletes, "not deleted"), so a service never writes
 * `eq(x.userId, …)` itself. Another user's row is simply not there: `get` gives undefined, as for
 * a missing id, and the service answers with the same 404 for both.
 */
export interface OwnedSpec<T extends PgTable> {
  table: T;
  /** The column holding the owner's user id. */
  owner: (t: T) => AnyPgColumn;
  /** The column a row is asked for by (its id, or a token). */
  key: (t: T) => AnyPgColumn;
  /** What "not deleted" means, for tables with soft deletes. */
  live?: (t: T) => SQL;
}

export type Row<T extends PgTable> = T['$inferSelect'];
export type Values<T extends PgTable> = Partial<T['$inferInsert']>;

/** Extra conditions (undefined ones are left out). */
type Where = SQL | undefined;

export interface ReadOptions {
  /** More conditions, joined with AND. */
  where?: Where;
  /** Also rows soft-deleted. */
  withDeleted?: boolean;
}

export interface GetOptions extends ReadOptions {
  /** SELECT … FOR UPDATE (inside a transaction). */
  lock?: boolean;
}

export interface ListOptions extends ReadOptions {
  orderBy?: (SQL | AnyPgColumn)[];
  limit?: number;
  offset?: number;
}

export class Owned<T extends PgTable, K extends number | string = number> {
  constructor(
    private readonly db: Db,
    /** The user every query is bound to. */
    readonly userId: number,
    private readonly spec: OwnedSpec<T>,
  ) {}

  get table(): T {
    return this.spec.table;
  }

  /** The table as a plain PgTable (what select's from() takes without a generic check). */
  private get source(): PgTable {
    return this.spec.table;
  }

  private get owner() {
    return this.spec.owner(this.spec.table);
  }

  private get key() {
    return this.spec.key(this.spec.table);
  }

  /**
   * The condition "this user's (live) rows, and `extra`": for a query a method here does not
   * cover (a join, an aggregate, a lock), built on the same owner clause.
   */
  scope(...extra: Where[]): SQL {
    return this.conds({}, extra);
  }

  /** `scope`, deleted rows included. */
  scopeWithDeleted(...extra: Where[]): SQL {
    return this.conds({ withDeleted: true }, extra);
  }

  private conds(o: ReadOptions, extra: Where[] = []): SQL {
    const parts: Where[] = [eq(this.owner, this.userId)];
    if (this.spec.live && !o.withDeleted) parts.push(this.spec.live(this.spec.table));
    parts.push(o.where, ...extra);
    return and(...parts)!;
  }

  /** The user's row with this key, or undefined (missing, another user's, or deleted). */
  async get(key: K, o: GetOptions = {}): Promise<Row<T> | undefined> {
    const q = this.db
      .select()
      .from(this.source)
      .where(this.conds(o, [eq(this.key, key)]))
      .limit(1);
    const rows = o.lock ? await q.for('update') : await q;
    return rows[0];
  }

  /** The user's rows (live ones unless asked), in the order given. */
  async list(o: ListOptions = {}): Promise<Row<T>[]> {
    let q = this.db
      .select()
      .from(this.source)
      .where(this.conds(o))
      .$dynamic();
    if (o.orderBy?.length) q = q.orderBy(...o.orderBy);
    if (o.limit !== undefined) q = q.limit(o.limit);
    if (o.offset !== undefined) q = q.offset(o.offset);
    return (await q);
  }

  /** How many (live) rows the user has, of those matching `where`. */
  async count(where?: Where, o: ReadOptions = {}): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(this.source)
      .where(this.conds(o, [where]));
    return Number(row?.n ?? 0);
  }

  /** The keys (of those asked) of the user's live rows: what core/access.ts checks. */
  async keys(keys: readonly K[]): Promise<K[]> {
    if (!keys.length) return [];
    const rows = await this.db
      .select({ k: this.key })
      .from(this.source)
      .where(this.conds({}, [inArray(this.key, keys as K[])]));
    return rows.map((r) => r.k as K);
  }

  /** A new row of the user's (the owner column is set here). */
  async create(values: Omit<T['$inferInsert'], 'userId' | 'ownerId'>): Promise<Row<T>> {
    const [row] = await this.db
      .insert(this.table)
      .values({ ...values, [this.ownerField()]: this.userId } as T['$inferInsert'])
      .returning();
    return row as Row<T>;
  }

  /** Changes the user's (live) row with this key, when `where` holds too; the row as saved, or undefined. */
  async update(key: K, set: Values<T>, o: ReadOptions = {}): Promise<Row<T> | undefined> {
    const rows = (await this.db
      .update(this.table)
      .set(set as never)
      .where(this.conds(o, [eq(this.key, key)]))
      .returning()) as Row<T>[];
    return rows[0];
  }

  /** Removes the user's row with this key (deleted or not), when `where` holds too; the row removed, or undefined. */
  async delete(key: K, o: { where?: Where } = {}): Promise<Row<T> | undefined> {
    const rows = (await this.db
      .delete(this.table)
      .where(this.conds({ withDeleted: true, where: o.where }, [eq(this.key, key)]))
      .returning()) as Row<T>[];
    return rows[0];
  }

  /** The property name (in the table object) of the owner column. */
  private ownerField(): string {
    const col = this.owner;
    const entry = Object.entries(this.table as unknown as Record<string, unknown>).find(([, v]) => v === col);
    if (!entry) throw new Error('owner column not in its table');
    return entry[0];
  }
}

/** The spec of a table whose owner is `userId`, asked for by `id`. */
export function byUserId<T extends PgTable & { id: AnyPgColumn; userId: AnyPgColumn }>(table: T, live?: (t: T) => SQL): OwnedSpec<T> {
  return { table, owner: (t) => t.userId, key: (t) => t.id, ...(live ? { live } : {}) };
}
