import { rmSync } from 'node:fs';
import { basename } from 'node:path';

/** Removes the run's temp folder for server-filesystem (made in playwright.config.ts), so runs leave nothing in /tmp. */
export default function globalTeardown() {
  const dir = process.env.E2E_FILES_DIR;
  if (dir && basename(dir).startsWith('e2e-files-')) rmSync(dir, { recursive: true, force: true });
}
