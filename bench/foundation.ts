/**
 * Foundation figures: server start time and idle memory, latency of the config calls every page
 * load makes (at concurrency 1 and 50), and what the browser downloads for the first page.
 * Prints figures; asserts nothing.
 */
import { readFileSync, readdirSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function latency(base: string, path: string, concurrency: number, total: number) {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      const res = await fetch(base + path);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const secs = (performance.now() - t0) / 1000;
  return { p50: pct(times, 50), p99: pct(times, 99), rps: total / secs };
}

function firstLoadBytes(dist: string) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = new Set<string>([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
  // Follow static imports of the entry chunk (what the browser preloads before first paint).
  const queue = [...refs].filter((r) => r.endsWith('.js'));
  while (queue.length) {
    const file = queue.pop()!;
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\n])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      const ref = `/assets/${m[1]}`;
      if (!refs.has(ref)) {
        refs.add(ref);
        queue.push(ref);
      }
    }
  }
  let js = 0;
  let css = 0;
  for (const r of refs) {
    const gz = gzipSync(readFileSync(join(dist, r))).length;
    if (r.endsWith('.css')) css += gz;
    else js += gz;
  }
  return { files: refs.size, js, css };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-foundation-'));
const t0 = performance.now();
const { app } = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error' }, { webDist: join(import.meta.dirname, '../apps/web/dist') }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const startMs = performance.now() - t0;
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
global.gc?.();
const idleRss = process.memoryUsage().rss;

console.log('# foundation');
console.log(`server start (fresh PGlite, migrate + seed): ${ms(startMs)}`);
console.log(`idle RSS after start: ${mb(idleRss)}`);
for (const path of ['/api/website/info', '/api/config/global']) {
  await latency(base, path, 4, 100);
  for (const c of [1, 50]) {
    const r = await latency(base, path, c, c === 1 ? 300 : 3000);
    console.log(`${path} c=${c}: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, ${r.rps.toFixed(0)} req/s`);
  }
}
console.log(`RSS after load: ${mb(process.memoryUsage().rss)}`);
const dist = join(import.meta.dirname, '../apps/web/dist');
if (existsSync(join(dist, 'index.html'))) {
  const fl = firstLoadBytes(dist);
  const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  console.log(`first load: ${fl.files} files, JS ${(fl.js / 1024).toFixed(1)} KiB gzip, CSS ${(fl.css / 1024).toFixed(1)} KiB gzip (of ${all.length} JS chunks built)`);
} else {
  console.log('first load: apps/web/dist missing (run npm run build first)');
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
