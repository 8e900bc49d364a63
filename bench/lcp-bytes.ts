/**
 * What a phone downloads before it shows each main route (issue 30's measurement): a cold visit at
 * 390×844 with a phone user agent; every script and stylesheet whose response ended before the
 * largest contentful paint, counted as brotli (the response body compressed here at quality 11,
 * the same as the build's precompressed .br the server sends); the same until the network is idle;
 * the requests in each window; LCP at CPU ×1 and ×4 (CDP Emulation.setCPUThrottlingRate); and
 * a repeat visit of /talk served by the service worker. Prints figures; asserts nothing.
 * Each figure is the run with the median LCP of RUNS (default 3) cold visits, as LCP and so the
 * bytes before it move with the machine's load. `node --import tsx bench/lcp-bytes.ts [webDist]`
 * measures another build; LIST=1 lists the files; ROUTES=/talk,/draw picks routes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium, devices, type Page } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { kib, MAIN_ROUTES } from './lib/first-load-graph.ts';

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '../apps/web/dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.log(`lcp bytes: ${dist}/index.html missing (run npm run build first)`);
  process.exit(0);
}
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const routes = process.env.ROUTES ? process.env.ROUTES.split(',') : Object.keys(MAIN_ROUTES);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-lcp-'));
const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error' }, { webDist: dist }) });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };

interface Loaded {
  url: string;
  kind: 'js' | 'css' | 'other';
  br: number;
  end: number;
}
interface Visit {
  lcp: number;
  files: Loaded[];
}

const brotli = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kindOf = (url: string): Loaded['kind'] => (/\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : 'other');

async function largestPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = e.startTime;
        }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
        setTimeout(() => done(last), 100);
      }),
  );
}

/** One visit of `path` in `page`: waits for idle, then reads LCP and every resource's end time. */
async function visit(page: Page, path: string, cpu: number): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const bodies = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    const url = res.url();
    if (kindOf(url) !== 'other') bodies.set(url, res.body().then(brotli, () => 0));
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  const lcp = await largestPaint(page);
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ url: e.name, end: (e as unknown as { responseEnd: number }).responseEnd })),
  );
  const files: Loaded[] = [];
  for (const e of entries) files.push({ url: new URL(e.url).pathname, kind: kindOf(e.url), end: e.end, br: (await bodies.get(e.url)) ?? 0 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { lcp, files };
}

const sum = (l: Loaded[], kind: Loaded['kind']) => l.filter((f) => f.kind === kind).reduce((n, f) => n + f.br, 0);
const ms = (n: number) => `${Math.round(n)} ms`;

console.log(`# cold first load at 390x844, phone UA, median of ${RUNS} runs (${dist}); load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.log('route       JS<LCP     CSS<LCP   req<LCP  JS idle    CSS idle  req idle  LCP x1   LCP x4');
for (const path of routes) {
  const cold = async (cpu: number) => {
    const context = await browser.newContext({ ...phone, serviceWorkers: 'block', locale: 'zh-CN' });
    try {
      return await visit(await context.newPage(), path, cpu);
    } finally {
      await context.close();
    }
  };
  const median = async (cpu: number) => {
    const runs: Visit[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await cold(cpu));
    return runs.sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)]!;
  };
  const one = await median(1);
  const four = await median(4);
  const before = one.files.filter((f) => f.end <= one.lcp);
  // +1: the document itself is not a resource timing entry.
  console.log(
    [
      path.padEnd(11),
      kib(sum(before, 'js')).padEnd(10),
      kib(sum(before, 'css')).padEnd(9),
      String(before.length + 1).padEnd(8),
      kib(sum(one.files, 'js')).padEnd(10),
      kib(sum(one.files, 'css')).padEnd(9),
      String(one.files.length + 1).padEnd(9),
      ms(one.lcp).padEnd(8),
      ms(four.lcp),
    ].join(' '),
  );
  if (process.env.LIST) {
    for (const f of one.files.sort((a, b) => a.end - b.end)) console.log(`    ${f.end <= one.lcp ? '<' : ' '} ${ms(f.end).padStart(8)} ${kib(f.br).padStart(9)}  ${f.url}`);
  }
}

// A repeat visit of /talk: the first visit installs the service worker; the second is served by it.
{
  const context = await browser.newContext({ ...phone, serviceWorkers: 'allow', locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${base}/talk`, { waitUntil: 'networkidle' });
  // bench/tsconfig has no DOM lib: the page's globals are reached through globalThis.
  await page.evaluate(() => (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForTimeout(1000);
  const again = await context.newPage();
  const cdp = await context.newCDPSession(again);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await again.goto(`${base}/talk`, { waitUntil: 'networkidle' });
  const controlled = await again.evaluate(() => Boolean((globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker.controller));
  console.log(`/talk repeat visit (service worker ${controlled ? 'in control' : 'NOT in control'}), LCP x4: ${ms(await largestPaint(again))}`);
  await context.close();
}

await browser.close();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
