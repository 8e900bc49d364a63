/**
 * What a browser downloads to show /talk for the first time: every JavaScript file Chromium
 * fetches until the page is idle, as sent over the wire (the server's precompressed br/gzip) and
 * gzipped from the build. `node --import tsx bench/talk-bytes.ts [webDist]` measures another build
 * (a checkout of an earlier commit) with this server. Prints figures; asserts nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '../apps/web/dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.log(`talk first load: ${dist}/index.html missing (run npm run build first)`);
  process.exit(0);
}
const dataDir = mkdtempSync(join(tmpdir(), 'bench-talk-'));
const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error' }, { webDist: dist }) });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
for (const path of ['/talk']) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const scripts: { url: string; wire: Promise<number> }[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'script') scripts.push({ url: new URL(req.url()).pathname, wire: req.sizes().then((s) => s.responseBodySize) });
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  // The composer is in the page even while the site notice (a modal) hides it from the accessibility tree.
  await page.locator('textarea').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // The chunks the app prefetches when idle (the markdown renderer…) count too, so wait for them all.
  await page.waitForTimeout(3000);
  await page.waitForLoadState('networkidle');
  let wire = 0;
  let gzip = 0;
  for (const s of scripts) {
    wire += await s.wire;
    const file = join(dist, s.url);
    if (existsSync(file)) gzip += gzipSync(readFileSync(file)).length;
  }
  console.log(`${path} first load (${dist}): ${scripts.length} JS files, ${kib(wire)} over the wire (br), ${kib(gzip)} gzip`);
  if (process.env.LIST) for (const s of scripts) console.log(`  ${s.url} ${kib(await s.wire)}`);
  await page.close();
}
await browser.close();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
