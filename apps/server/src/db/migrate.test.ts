import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { ensureAdmin } from '../seed.ts';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const url = process.env.DATABASE_URL;

// The embedded database has one connection per process: only a real PostgreSQL can race.
describe.skipIf(!url)('migrations on a real PostgreSQL', () => {
  it('two instances starting at once on a new schema both start; every file is applied once, one administrator made', async () => {
    const schema = `m_${randomBytes(6).toString('hex')}`;
    // Both create the new schema at once too (DATABASE_SCHEMA set for the first time).
    const [a, b] = await Promise.all([openDatabase({ url: url!, searchPath: schema }), openDatabase({ url: url!, searchPath: schema })]);
    try {
      await Promise.all([migrate(a), migrate(b)]);
      const result = (await a.db.execute(sql`select name from schema_migrations order by name`)) as { rows: { name: string }[] };
      expect(result.rows.map((r) => r.name)).toEqual(readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort());
      // ADMIN_USERNAME on both: one administrator, not a unique-key failure on one of them.
      await Promise.all([a, b].map((d) => ensureAdmin(d.db, { username: 'both_admin', passwordHash: 'x' })));
      const admins = (await a.db.execute(sql`select count(*)::int as n from users where username = 'both_admin' and is_admin`)) as { rows: { n: number }[] };
      expect(admins.rows[0]!.n).toBe(1);
    } finally {
      await a.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
      await a.close();
      await b.close();
    }
  }, 120_000);
});
