import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs every bench/*.ts (this file aside) in its own process, one after another.
 * `npm run bench -- stream` runs only those whose name contains "stream".
 */
const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => !filter.length || filter.some((w) => f.includes(w)))
  .sort();

let failed = 0;
for (const f of files) {
  console.log(`\n=== bench/${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, f)], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failed++;
    console.error(`bench/${f} exited with ${r.status ?? r.signal}`);
  }
}
process.exit(failed ? 1 : 0);
