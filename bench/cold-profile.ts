/**
 * Where a cold visit's JavaScript time goes before LCP (issue 30): a phone-sized cold visit of each
 * route at CPU ×4 under the V8 sampling profiler; prints the self time before LCP by source file
 * and by function. Give it a build with source maps to see the original files:
 *   (cd apps/web && npx vite build --outDir /tmp/web-maps --sourcemap)
 *   ROUTES=/talk npx tsx bench/cold-profile.ts /tmp/web-maps
 * Without maps it names the chunks. Prints figures; asserts nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { devices } from '@playwright/test';
import { launchChromium } from '../e2e/chromium.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { MAIN_ROUTES } from './lib/first-load-graph.ts';

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '../apps/web/dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.log(`cold profile: ${dist}/index.html missing`);
  process.exit(0);
}
const routes = process.env.ROUTES ? process.env.ROUTES.split(',') : Object.keys(MAIN_ROUTES);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error' }, { webDist: dist }) });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const browser = await launchChromium();

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, TraceMap | null>();
function mapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = join(dist, new URL(url).pathname);
    maps.set(url, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
  }
  return maps.get(url)!;
}
/** The original file (node_modules collapsed to their package) and function of a frame. */
function where(frame: ProfileNode['callFrame']): { file: string; fn: string } {
  if (!frame.url.startsWith(base)) return { file: frame.url ? 'other' : `(${frame.functionName || 'program'})`, fn: frame.functionName || '(anonymous)' };
  const map = mapOf(frame.url);
  const chunk = new URL(frame.url).pathname.replace(/^\/assets\//, '');
  if (!map) return { file: chunk, fn: `${frame.functionName || '(anonymous)'} ${chunk}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` };
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = pos.source ?? chunk;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const file = pkg ?? source.replace(/^.*\/src\//, 'src/');
  return { file, fn: `${pos.name ?? frame.functionName ?? '(anonymous)'} ${file}:${pos.line ?? '?'}` };
}

const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };
for (const path of routes) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile & { endTime: number } };
  // The profile's clock (µs) against the page's (ms from navigation start), read right after the stop.
  const pageNow = await page.evaluate(() => performance.now());
  const offset = profile.endTime - pageNow * 1000;
  const lcpAt = await page.evaluate(
    () =>
      new Promise<{ lcp: number }>((done) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
        setTimeout(() => done({ lcp }), 50);
      }),
  );
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byFn = new Map<string, number>();
  let t = profile.startTime;
  let total = 0;
  const buckets: Map<string, number>[] = [];
  const lcpUs = lcpAt.lcp * 1000;
  // WINDOW=600-900 looks at that span (ms after navigation start) only.
  const [from, to] = process.env.WINDOW ? process.env.WINDOW.split('-').map((v) => Number(v) * 1000) as [number, number] : [0, Infinity];
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const node = byNode.get(profile.samples[i]!)!;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (t - offset < from) continue;
    if (t - offset > Math.min(lcpUs, to)) break;
    const name = node.callFrame.functionName;
    if (name === '(idle)') continue;
    const { file, fn } = where(node.callFrame);
    const bucket = Math.floor((t - offset) / 50_000);
    const inBucket = (buckets[bucket] ??= new Map());
    inBucket.set(file, (inBucket.get(file) ?? 0) + delta);
    byFile.set(file, (byFile.get(file) ?? 0) + delta);
    byFn.set(fn, (byFn.get(fn) ?? 0) + delta);
    total += delta;
  }
  const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;
  console.log(`${path}: LCP ${lcpAt.lcp.toFixed(0)} ms at ×4; sampled time before it, not idle: ${ms(total)}`);
  if (process.env.TIMELINE) {
    console.log('  by 50 ms of page time: busy, and the files that took most of it');
    buckets.forEach((files, i) => {
      const busy = [...files.values()].reduce((a, b) => a + b, 0);
      const top = [...files].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([f, v]) => `${f} ${ms(v)}`);
      console.log(`    ${String(i * 50).padStart(5)} ms  ${ms(busy).padStart(9)}  ${top.join(', ')}`);
    });
  }
  console.log('  by file:');
  for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`    ${ms(v).padStart(9)}  ${k}`);
  console.log('  by function:');
  for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30))) console.log(`    ${ms(v).padStart(9)}  ${k}`);
  await context.close();
}
await browser.close();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
