import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { runNamedOn } from './named.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with several statements (migrations). */
  execScript(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, for `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without one the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` or undefined keeps it in memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  searchPath?: string;
  /** Most connections of the pool (PostgreSQL only). */
  poolMax?: number;
  /** PGlite in memory only: start from a data directory `dumpDataDir` wrote (tests start from a migrated, seeded copy). */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // Loaded only on PostgreSQL, as PGlite is only in embedded mode.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    if (opts.searchPath) {
      const c = await pool.connect();
      try {
        // Two instances starting together on a new schema: without the lock one fails on pg_namespace's unique index.
        await c.query(`begin; select pg_advisory_xact_lock(727400); create schema if not exists "${opts.searchPath}"; commit;`);
      } catch (e) {
        await c.query('rollback').catch(() => {});
        throw e;
      } finally {
        c.release();
      }
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    runNamedOn(db, (query) => pool.query(query));
    return {
      db,
      kind: 'postgres',
      execScript: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  const onDisk = opts.dataDir && !opts.dataDir.startsWith('memory://') ? opts.dataDir : undefined;
  const pgliteOptions = {
    // Postgres' defaults size buffers for a dedicated server; an embedded one serves one app.
    postgresqlconf: ['shared_buffers = 16MB', 'work_mem = 4MB', 'temp_buffers = 4MB'],
    initialMemory: 128 * 1024 * 1024,
  };
  // Loaded only in embedded mode, so a server on a real PostgreSQL never pays for the WASM build
  // (and loading while a new directory's initdb runs in its child).
  const loading = Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  loading.catch(() => undefined); // awaited below; this only keeps a failed initdb from leaving it unhandled
  if (onDisk) {
    mkdirSync(onDisk, { recursive: true });
    if (!existsSync(join(onDisk, 'PG_VERSION'))) await initdbInChild(onDisk, pgliteOptions);
  }
  const [{ PGlite }, { drizzle: drizzlePglite }] = await loading;
  const client = new PGlite(onDisk, { ...pgliteOptions, ...(!onDisk && opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  await client.waitReady;
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    execScript: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * Creates a new PGlite data directory in a short-lived child process. PGlite's initdb runs a
 * second Postgres instance plus the initdb WASM beside the first; in the server's process that
 * left its resident memory at ~800 MB after the first start (WASM memory is never returned to
 * the OS), where opening an existing directory costs ~150 MB. The child exits and takes it along.
 */
async function initdbInChild(dataDir: string, options: object) {
  const code = `const [url, dir, opts] = process.argv.slice(1);
const { PGlite } = await import(url);
const pg = new PGlite(dir, JSON.parse(opts));
await pg.waitReady;
await pg.close();`;
  const args = ['--input-type=module', '-e', code, import.meta.resolve('@electric-sql/pglite'), dataDir, JSON.stringify(options)];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (exitCode, signal) =>
      exitCode === 0 ? resolve() : reject(new Error(`PGlite initdb of ${dataDir} failed (${exitCode ?? signal}): ${stderr.trim()}`)),
    );
  });
}
