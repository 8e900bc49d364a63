import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('embedded database on disk', () => {
  const root = mkdtempSync(join(tmpdir(), 'pglite-disk-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates a new data directory (initdb in a child process), then reopens it with its rows', async () => {
    const dataDir = join(root, 'pglite');
    const first = await openDatabase({ dataDir });
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    await first.execScript('create table t (v text); insert into t values ($$kept$$);');
    await first.close();

    const again = await openDatabase({ dataDir });
    const result = (await again.db.execute(sql`select v from t`)) as { rows: { v: string }[] };
    expect(result.rows).toEqual([{ v: 'kept' }]);
    await again.close();
  });
});
