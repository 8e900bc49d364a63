import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { executeNamed } from './named.ts';

const url = process.env.DATABASE_URL;
const opened: Database[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
});

describe('executeNamed', () => {
  it('on the embedded database, runs the statement as a plain one', async () => {
    const d = await openDatabase({});
    opened.push(d);
    const r = await executeNamed<{ n: number }>(d.db, sql`select ${41}::int + 1 as n`);
    expect(r.rows).toEqual([{ n: 42 }]);
  });

  it.skipIf(!url)('on PostgreSQL, prepares each statement text once per connection, whatever its values; a transaction runs it plainly', async () => {
    const searchPath = `t_named_${randomBytes(4).toString('hex')}`;
    const d = await openDatabase({ url, searchPath, poolMax: 1 });
    opened.push(d);
    const add = (a: number, b: string) => executeNamed<{ n: number; s: string }>(d.db, sql`select ${a}::int + 1 as n, ${b}::text as s`);
    expect((await add(1, 'x')).rows).toEqual([{ n: 2, s: 'x' }]);
    expect((await add(10, 'y')).rows).toEqual([{ n: 11, s: 'y' }]);
    const prepared = await executeNamed<{ n: number }>(d.db, sql`select count(*)::int as n from pg_prepared_statements where statement like '%::text as s'`);
    expect(prepared.rows[0]!.n).toBe(1);
    // A transaction is not the pool: plain statements, and its errors are the database's.
    await d.db.transaction(async (tx) => {
      expect((await executeNamed<{ n: number }>(tx as never, sql`select ${5}::int + 2 as n`)).rows).toEqual([{ n: 7 }]);
    });
    await expect(executeNamed(d.db, sql`select 1/${0}::int`)).rejects.toMatchObject({ code: '22012' });
    await d.execScript(`drop schema if exists "${searchPath}" cascade`);
  });
});
