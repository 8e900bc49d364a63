import { mkdirSync } from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with several statements (migrations). */
  execScript(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without one the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` or undefined keeps it in memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  searchPath?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    if (opts.searchPath) {
      const c = await pool.connect();
      try {
        await c.query(`create schema if not exists "${opts.searchPath}"`);
      } finally {
        c.release();
      }
    }
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      execScript: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  if (opts.dataDir && !opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true });
  // Loaded only in embedded mode, so a server on a real PostgreSQL never pays for the WASM build.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const client = new PGlite(opts.dataDir && !opts.dataDir.startsWith('memory://') ? opts.dataDir : undefined, {
    // Postgres' defaults size buffers for a dedicated server; an embedded one serves one app.
    postgresqlconf: ['shared_buffers = 16MB', 'work_mem = 4MB', 'temp_buffers = 4MB'],
    initialMemory: 128 * 1024 * 1024,
  });
  await client.waitReady;
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    execScript: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}
