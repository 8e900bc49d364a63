/**
 * What a phone downloads before it shows each main route (issue 30's measurement): a cold visit at
 * 390×844 with a phone user agent; every script and stylesheet whose response ended before the
 * largest contentful paint, counted as brotli (the response body compressed here at quality 11,
 * the same as the build's precompressed .br the server sends); the same until the network is idle;
 * the requests in each window; LCP at CPU ×1 and ×4 (CDP Emulation.setCPUThrottlingRate); and
 * a repeat visit of /talk served by the service worker; and a page with no script and one paragraph
 * from the same server (the machine's floor: what any page's LCP costs here). With each LCP: the
 * element that made it (tag, classes, a text snippet) and the page's CLS. TRACE=1 records a Chrome
 * trace of the repeat visit and prints where the main thread's time went before LCP; TRACE=cold
 * does the same for each route's first cold visit at ×4. Prints figures; asserts nothing.
 * Each figure is the run with the median LCP of RUNS (default 3) cold visits, as LCP and so the
 * bytes before it move with the machine's load. `node --import tsx bench/lcp-bytes.ts [webDist]`
 * measures another build; LIST=1 lists the files; ROUTES=/talk,/draw picks routes.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { devices, type Page } from '@playwright/test';
import { launchChromium } from '../e2e/chromium.ts';
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
// The machine's floor: a page with no script and one paragraph, from the same server. Its LCP is the
// part of every route's LCP that no change to the app can remove (navigation, parse, first paint),
// so figures from machines of different speed can be compared.
const FLOOR = '/__bench-floor';
app.get(FLOOR, (_req, reply) =>
  reply
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>floor</title></head><body><p style="font:14px/24px sans-serif;max-width:20rem;margin:40vh auto 0">${'输入主题或粘贴文字，导图会边生成边绘制，可缩放、折叠、编辑和导出。'.repeat(2)}</p></body></html>`),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const browser = await launchChromium();
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
  paint: Paint;
}
interface Paint {
  lcp: number;
  element: string;
  cls: number;
  /** The elements that moved, for each shift: when, by how much, which (tag and classes). */
  shifts: string[];
  /** Every LCP candidate before the last: when, which, how large. */
  earlier: string[];
}

const brotli = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kindOf = (url: string): Loaded['kind'] => (/\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : 'other');

/** The last LCP candidate, the element it painted, and the sum of layout shifts without input (CLS as loaded). */
async function largestPaint(page: Page): Promise<Paint> {
  // bench/tsconfig has no DOM lib: the page's objects are described by what is read of them.
  return page.evaluate(
    () =>
      new Promise<Paint>((done) => {
        type El = { tagName: string; className: unknown; textContent: string | null; closest(s: string): unknown } | null;
        let last = 0;
        let element = '(none)';
        let cls = 0;
        const shifts: string[] = [];
        const earlier: string[] = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { startTime: number; element: El; size: number }[]) {
            // No named helper here: tsx wraps named functions in a __name call the page does not have.
            if (last) earlier.push(`${Math.round(last)} ms ${element}`);
            last = e.startTime;
            const el = e.element;
            if (!el) {
              element = `(removed) ${e.size}px²`;
              continue;
            }
            const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 6).join('.') : '';
            const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
            const from = el.closest('[data-first-frame]') ? ' [first frame]' : '';
            element = `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text}" ${e.size}px²${from}`;
          }
        }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
        new PerformanceObserver((list) => {
          type Source = { node: El; previousRect: { y: number; height: number }; currentRect: { y: number; height: number } };
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; startTime: number; sources: Source[] }[]) {
            if (e.hadRecentInput) continue;
            cls += e.value;
            const moved = e.sources.map((src) => {
              const n = src.node;
              const name = n ? `${n.tagName?.toLowerCase() ?? '#text'}${typeof n.className === 'string' && n.className ? `.${n.className.trim().split(/\s+/).slice(0, 4).join('.')}` : ''}` : '(removed)';
              return `${name} y ${Math.round(src.previousRect.y)}→${Math.round(src.currentRect.y)} h ${Math.round(src.previousRect.height)}→${Math.round(src.currentRect.height)}`;
            });
            shifts.push(`${Math.round(e.startTime)} ms ${e.value.toFixed(3)}: ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift' as never, buffered: true });
        setTimeout(() => done({ lcp: last, element, cls, shifts, earlier }), 100);
      }),
  );
}

/** One visit of `path` in `page`: waits for idle, then reads LCP and every resource's end time. */
const traced = new Set<string>();

async function visit(page: Page, path: string, cpu: number): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  // Bodies are compressed after the visit: brotli at quality 11 is synchronous and this process also
  // runs the server, so compressing as responses arrive held up the page's API calls by hundreds of ms.
  const bodies = new Map<string, Promise<Buffer | null>>();
  page.on('response', (res) => {
    const url = res.url();
    if (kindOf(url) !== 'other') bodies.set(url, res.body().catch(() => null));
  });
  const tracing = process.env.TRACE === 'cold' && cpu === 4 && !traced.has(path);
  if (tracing) await browser.startTracing(page, { categories: traceCategories() });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  const paint = await largestPaint(page);
  if (tracing) {
    traced.add(path);
    const raw = await browser.stopTracing();
    if (process.env.TRACE_OUT) writeFileSync(join(process.env.TRACE_OUT, `${path.slice(1) || 'root'}-cold.json`), raw);
    printTraceBreakdown(raw, path);
  }
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ url: e.name, end: (e as unknown as { responseEnd: number }).responseEnd })),
  );
  const files: Loaded[] = [];
  for (const e of entries) {
    const body = await bodies.get(e.url);
    files.push({ url: new URL(e.url).pathname, kind: kindOf(e.url), end: e.end, br: body ? brotli(body) : 0 });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { lcp: paint.lcp, files, paint };
}

const sum = (l: Loaded[], kind: Loaded['kind']) => l.filter((f) => f.kind === kind).reduce((n, f) => n + f.br, 0);
const ms = (n: number) => `${Math.round(n)} ms`;

console.log(`# cold first load at 390x844, phone UA, median of ${RUNS} runs (${dist}); load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.log('route       JS<LCP     CSS<LCP   req<LCP  JS idle    CSS idle  req idle  LCP x1   LCP x4');
for (const path of [...routes, FLOOR]) {
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
      (path === FLOOR ? 'no-JS page' : path).padEnd(11),
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
  console.log(`    LCP element x4: ${four.paint.element}; CLS x1 ${one.paint.cls.toFixed(3)}, x4 ${four.paint.cls.toFixed(3)}`);
  for (const shift of four.paint.shifts) console.log(`      shift x4 at ${shift}`);
  for (const e of four.paint.earlier) console.log(`      earlier LCP candidate x4 at ${e}`);
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
  const repeats: Paint[] = [];
  let controlled = true;
  let trace: Buffer | null = null;
  for (let i = 0; i < RUNS; i++) {
    const again = await context.newPage();
    const cdp = await context.newCDPSession(again);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const tracing = process.env.TRACE === '1' && i === RUNS - 1;
    if (tracing) await browser.startTracing(again, { categories: traceCategories() });
    await again.goto(`${base}/talk`, { waitUntil: 'networkidle' });
    await again.waitForTimeout(500);
    controlled &&= await again.evaluate(() => Boolean((globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker.controller));
    repeats.push(await largestPaint(again));
    if (tracing) trace = await browser.stopTracing();
    await again.close();
  }
  const mid = repeats.sort((a, b) => a.lcp - b.lcp)[Math.floor(repeats.length / 2)]!;
  console.log(`/talk repeat visit (service worker ${controlled ? 'in control' : 'NOT in control'}), LCP x4: ${ms(mid.lcp)} (median of ${RUNS}: ${repeats.map((r) => ms(r.lcp)).join(', ')})`);
  console.log(`    LCP element: ${mid.element}; CLS ${mid.cls.toFixed(3)}`);
  for (const shift of mid.shifts) console.log(`      shift at ${shift}`);
  if (trace) printTraceBreakdown(trace);
  await context.close();
}

await browser.close();
await app.close();
rmSync(dataDir, { recursive: true, force: true });

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; documentLoaderURL?: string; isMainFrame?: boolean } };
}

function traceCategories() {
  return ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8.execute', 'toplevel'];
}

/**
 * The repeat visit's main thread from navigation start to LCP: self time by event name (script
 * compile and run, style, layout, paint, parse), the idle rest, and when each script ran.
 */
function printTraceBreakdown(raw: Buffer, path = '/talk') {
  const events = (JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const nav = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.endsWith(path) && e.args.data.isMainFrame !== false).at(-1);
  if (!nav) return console.log(`    trace: no navigationStart for ${path}`);
  const lcpEvent = events.filter((e) => e.pid === nav.pid && e.name === 'largestContentfulPaint::Candidate').at(-1);
  const end = lcpEvent ? lcpEvent.ts : nav.ts + 2e6;
  const t0 = nav.ts;
  const main = events
    .filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= t0 && e.ts < end)
    // What runs on past LCP counts up to LCP only.
    .map((e) => ({ ...e, dur: Math.min(e.dur!, end - e.ts) }))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; child: number }[] = [];
  let busy = 0;
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= upTo) {
      const { e, child } = stack.pop()!;
      self.set(e.name, (self.get(e.name) ?? 0) + e.dur! - child);
      if (stack.length) stack.at(-1)!.child += e.dur!;
      else busy += e.dur!;
    }
  };
  for (const e of main) {
    close(e.ts);
    stack.push({ e, child: 0 });
  }
  close(Infinity);
  const total = end - t0;
  console.log(`    trace of ${path}, main thread from navigation start to LCP (${ms(total / 1000)}): busy ${ms(busy / 1000)}, idle or waiting ${ms((total - busy) / 1000)}`);
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 14);
  console.log(`      ${top.map(([n, d]) => `${n} ${ms(d / 1000)}`).join(', ')}`);
  const marks = events
    .filter((e) => e.pid === nav.pid && e.ts >= t0 && e.ts <= end + 1)
    .filter((e) => (e.tid === nav.tid && ['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'ParseHTML', 'FunctionCall', 'Paint', 'firstContentfulPaint', 'largestContentfulPaint::Candidate', 'domContentLoadedEventEnd'].includes(e.name)) || e.name === 'ResourceSendRequest' || e.name === 'ResourceFinish');
  let lastFn = -1e9;
  for (const e of marks) {
    // Many short function calls (timers, message events) are folded into the first of a run.
    if (e.name === 'FunctionCall' && ((e.dur ?? 0) < 3000 || e.ts - lastFn < 20000)) continue;
    if (e.name === 'FunctionCall') lastFn = e.ts;
    const url = e.args?.data?.url ? ` ${new URL(e.args.data.url, 'http://x').pathname.slice(0, 60)}` : '';
    console.log(`      ${ms((e.ts - t0) / 1000).padStart(8)} ${e.dur ? `+${ms(e.dur / 1000)}`.padEnd(9) : ''.padEnd(9)} ${e.name}${url}`);
  }
}
