import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

type Rows<T> = { rows: T[] };
type Runner = (query: { name: string; text: string; values: unknown[] }) => Promise<Rows<unknown>>;

const runners = new WeakMap<object, Runner>();
const dialect = new PgDialect();

/** Called by openDatabase for a PostgreSQL pool: `db` then runs executeNamed's statements on it by name. */
export function runNamedOn(db: Db, run: Runner) {
  runners.set(db, run);
}

/**
 * Runs `query` as a named (server-side prepared) statement: each connection parses and plans a
 * statement text once, where an unnamed one is parsed and planned on every call. For the big
 * statements of a paid turn (admit, settle) that is half of PostgreSQL's CPU per call
 * (bench/stream.ts, "burst"). Only for statements whose text takes few shapes (values go in as
 * parameters): every shape stays prepared on every connection. On PGlite, or given a
 * transaction, it is a plain execute.
 */
export async function executeNamed<T>(db: Db, query: SQL): Promise<Rows<T>> {
  const run = runners.get(db);
  if (!run) return db.execute<Record<string, unknown>>(query) as unknown as Promise<Rows<T>>;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `n_${createHash('sha1').update(text).digest('base64url')}`;
  return (await run({ name, text, values: params })) as Rows<T>;
}
