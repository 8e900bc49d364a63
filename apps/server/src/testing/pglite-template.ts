import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed.ts';

/**
 * The server tests' global setup: an embedded database is created, migrated and seeded once per run,
 * and every test app starts from a copy of it (testing/harness.ts). A fresh PGlite runs initdb in
 * WASM and then every migration: seconds per test app, where loading the copy takes a fraction.
 * With DATABASE_URL set (the PostgreSQL pass) each test app migrates a schema of its own, as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({});
  await migrate(database);
  await seed(database.db);
  const dump = await database.dumpDataDir!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'ai-test-pglite-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
