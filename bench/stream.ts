/**
 * Chat streaming relay: N concurrent turns relayed by the server from a local fake upstream
 * (50 chunks, 20 ms apart) against the same client reading that upstream directly. Prints the
 * added time to first text (p50, p99), the added p99 gap between chunks, the server's CPU per
 * relayed chunk and its peak memory.
 *
 * Two shapes of load: "steady" — N turns whose starts are spread over one stream's length, so
 * about N streams are live at once, each turn doing create + stream as the web app does; and
 * "burst" — N streams opened in the same instant (their creates done before). The server runs
 * in a child process (PGlite in memory, or DATABASE_URL / REDIS_URL when set). A bare byte pipe
 * in the same child gives the floor of what relaying costs on this machine.
 *
 * "relay only" measures the CPU per relayed chunk directly: N long streams are opened, and the
 * server's CPU is taken over a window in which every one of them is past its first text and none
 * has ended — no create, setup or save falls in it (the steady figure derives it from the
 * difference of two runs, which the per-turn database work makes noisy).
 * BENCH_N=100,1000 sets the concurrencies; BENCH_PROF=<dir> writes a CPU profile of the server.
 *
 * "wide" (BENCH_WIDE=5000; BENCH_N=0 to run it alone): that many streams live at once, each a piece
 * every BENCH_WIDE_INTERVAL ms (500; 50 pieces a second each would be more pieces
 * than two cores relay at any width), the gaps between pieces taken over a window in which all are
 * live, relayed against the same number read from the upstream directly.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startFakeUpstream } from '../apps/server/src/testing/fake-upstream.ts';
import { postJson, timedStream, type StreamTiming } from './lib/sse-client.ts';
import { ms, percentile, signedMs } from './lib/stats.ts';

const CHUNKS = 50;
const SHORT = 5;
const INTERVAL_MS = 20;
const SPREAD_MS = CHUNKS * INTERVAL_MS;
/** Relay only: streams of this many chunks, a window of this long once all have started. */
const LONG = 300;
const WINDOW_MS = 1500;
const LEVELS = (process.env.BENCH_N ?? '100,1000').split(',').map(Number).filter((n) => n > 0);
const WIDE = Number(process.env.BENCH_WIDE ?? 0);
const WIDE_INTERVAL_MS = Number(process.env.BENCH_WIDE_INTERVAL ?? 500);
const WIDE_WINDOW_MS = 5000;

const up = await startFakeUpstream({ chunks: CHUNKS, intervalMs: INTERVAL_MS });
const upPort = Number(new URL(up.url).port);
const here = dirname(fileURLToPath(import.meta.url));
const child: ChildProcess = fork(join(here, 'lib/stream-server.ts'), [], {
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROF] : [])],
  env: { ...process.env, BENCH_UPSTREAM: up.url, BENCH_USERS: '50' },
});
const next = (type: string) =>
  new Promise<any>((resolve) => {
    const on = (m: any) => {
      if (m.type !== type) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
  });
const ready = await next('ready');
const { port, barePort, tokens } = ready as { port: number; barePort: number; tokens: string[] };

interface Usage {
  cpuMicros: number;
  userMicros: number;
  systemMicros: number;
  peakRss: number;
  rss: number;
}
/** Runs `work` while the server measures its own CPU and peak memory. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; usage: Usage }> {
  child.send({ type: 'start' });
  const result = await work();
  child.send({ type: 'stop' });
  return { result, usage: await next('stopped') };
}

const question = (i: number, chunks: number) => `[[chunks:${chunks}]] 基准测试问题 ${i}`;
const tokenOf = (i: number) => tokens[i % tokens.length]!;

function direct(i: number, chunks = CHUNKS, via = upPort, ask = question(i, chunks), onText?: () => void) {
  return timedStream({
    port: via,
    method: 'POST',
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
    body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: ask }] }),
    isText: (e) => {
      const text = e.includes('"content":"');
      if (text) onText?.();
      return text;
    },
    isEnd: (e) => e === 'data: [DONE]',
  });
}

async function create(i: number, chunks: number, input = question(i, chunks)) {
  const r = await postJson(port, '/api/chat/create', { input, feature: 'bench' }, tokenOf(i));
  if (r.code !== 200) throw new Error(`create: ${r.code} ${r.message}`);
  return r.data.secret as string;
}

function stream(i: number, secret: string, onText?: () => void) {
  return timedStream({
    port,
    method: 'GET',
    path: `/api/chat/stream?secret=${encodeURIComponent(secret)}&feature=bench`,
    headers: { authorization: `Bearer ${tokenOf(i)}` },
    isText: (e) => {
      const text = e.startsWith('data: {"type":"delta"');
      if (text) onText?.();
      return text;
    },
    isEnd: (e) => e.startsWith('data: {"type":"done"'),
  });
}

/** N streams of LONG chunks opened at once; the server's CPU over WINDOW_MS once all have started. */
async function relayOnly(n: number) {
  const secrets = await Promise.all(Array.from({ length: n }, (_, i) => create(i, LONG)));
  let texts = 0;
  let started = 0;
  const streams = secrets.map((secret, i) => {
    let first = true;
    return stream(i, secret, () => {
      texts++;
      if (first) {
        first = false;
        started++;
      }
    });
  });
  // Starts take at most this long, so the window ends before the first stream does.
  const deadline = performance.now() + LONG * INTERVAL_MS - WINDOW_MS - 1000;
  while (started < n && performance.now() < deadline) await sleep(10);
  await sleep(100);
  const before = texts;
  const { usage } = await measured(() => sleep(WINDOW_MS));
  const chunks = texts - before;
  const done = summary(await Promise.all(streams), LONG);
  return { usage, chunks, allStarted: started === n, ok: done.ok };
}

/** N turns, the i-th starting at a random moment within one stream's length. */
function spread<T>(n: number, turn: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, async (_, i) => {
    await sleep(Math.random() * SPREAD_MS);
    return turn(i);
  }));
}

/**
 * `n` streams live at once (opened `open(i, onText)`); the gaps between consecutive pieces of each
 * stream taken over WIDE_WINDOW_MS once every stream has sent its first piece.
 */
async function wideGaps(n: number, chunks: number, open: (i: number, onText: () => void) => Promise<StreamTiming>) {
  const last = new Float64Array(n);
  const gaps: number[] = [];
  let started = 0;
  let window: [number, number] | null = null;
  const streams = Array.from({ length: n }, (_, i) =>
    open(i, () => {
      const now = performance.now();
      if (last[i] === 0) started++;
      else if (window && now >= window[0] && now <= window[1]) gaps.push(now - last[i]!);
      last[i] = now;
    }),
  );
  const t0 = performance.now();
  while (started < n) await sleep(50);
  const startedIn = performance.now() - t0;
  // A piece that was due before the window opened is not counted as a gap inside it.
  window = [performance.now() + WIDE_INTERVAL_MS, performance.now() + WIDE_INTERVAL_MS + WIDE_WINDOW_MS];
  const { usage } = await measured(() => sleep(WIDE_INTERVAL_MS * 2 + WIDE_WINDOW_MS));
  const done = await Promise.all(streams);
  return { startedIn, gaps, usage, ok: done.filter((x) => x.ok && x.texts === chunks).length, lasted: chunks * WIDE_INTERVAL_MS };
}

async function wide(n: number) {
  // Long enough that the last stream opened is still live when the window closes.
  const chunks = Math.ceil((n * 10 + WIDE_WINDOW_MS + 10_000) / WIDE_INTERVAL_MS);
  const ask = (i: number) => `[[chunks:${chunks}]] [[interval:${WIDE_INTERVAL_MS}]] 基准测试问题 ${i}`;
  const d = await wideGaps(n, chunks, (i, onText) => direct(i, chunks, upPort, ask(i), onText));
  const secrets: string[] = [];
  for (let from = 0; from < n; from += 1000) secrets.push(...(await Promise.all(Array.from({ length: Math.min(1000, n - from) }, (_, k) => create(from + k, chunks, ask(from + k))))));
  const r = await wideGaps(n, chunks, (i, onText) => stream(i, secrets[i]!, onText));
  console.log(`\nwide: ${n} streams live at once, a piece every ${WIDE_INTERVAL_MS} ms each (${Math.round((n * 1000) / WIDE_INTERVAL_MS)} pieces a second), gaps over ${WIDE_WINDOW_MS} ms`);
  console.log(`    complete streams     direct ${d.ok}/${n} · relayed ${r.ok}/${n} (all opened in ${ms(d.startedIn)} direct, ${ms(r.startedIn)} relayed)`);
  console.log(`    gap between pieces   direct p50 ${ms(percentile(d.gaps, 50))} p99 ${ms(percentile(d.gaps, 99))} · relayed p50 ${ms(percentile(r.gaps, 50))} p99 ${ms(percentile(r.gaps, 99))}`);
  console.log(`    added by the server  gap p99 ${signedMs(percentile(r.gaps, 99) - percentile(d.gaps, 99))}`);
  console.log(`    server CPU           ${((r.usage.cpuMicros / (WIDE_INTERVAL_MS * 2 + WIDE_WINDOW_MS)) / 10).toFixed(0)}% of a core over the window · peak RSS ${mb(r.usage.peakRss)}`);
}

const relayedTurn = (chunks: number) => async (i: number) => {
  const t0 = performance.now();
  const secret = await create(i, chunks);
  const createMs = performance.now() - t0;
  return { ...(await stream(i, secret)), createMs };
};

const summary = (t: StreamTiming[], chunks = CHUNKS) => ({
  ok: t.filter((x) => x.ok && x.texts === chunks).length,
  ttft50: percentile(t.map((x) => x.ttft), 50),
  ttft99: percentile(t.map((x) => x.ttft), 99),
  gap99: percentile(t.flatMap((x) => x.gaps), 99),
  chunks: t.reduce((sum, x) => sum + x.texts, 0),
});
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const added = (r: ReturnType<typeof summary>, d: ReturnType<typeof summary>) =>
  `first text p50 ${signedMs(r.ttft50 - d.ttft50)} p99 ${signedMs(r.ttft99 - d.ttft99)} · gap p99 ${signedMs(r.gap99 - d.gap99)}`;

console.log(`fake upstream: ${CHUNKS} chunks × ${INTERVAL_MS} ms · server: db=${ready.db} kv=${ready.kv} · idle RSS ${mb(ready.rss)}`);
await Promise.all(Array.from({ length: 20 }, (_, i) => direct(i)));
await Promise.all(Array.from({ length: 20 }, (_, i) => relayedTurn(CHUNKS)(i))); // warm-up

for (const n of LEVELS) {
  console.log(`\nN = ${n} concurrent turns`);

  const d = summary(await spread(n, (i) => direct(i)));
  const full = await measured(() => spread(n, relayedTurn(CHUNKS)));
  const r = summary(full.result);
  const short = await measured(() => spread(n, relayedTurn(SHORT)));
  const s = summary(short.result, SHORT);
  const bare = await measured(() => spread(n, (i) => direct(i, CHUNKS, barePort)));
  const b = summary(bare.result);
  // The difference between the 50- and 5-chunk runs is what relaying a chunk costs, without the turn around it.
  const marginal = (full.usage.cpuMicros - short.usage.cpuMicros) / (r.chunks - s.chunks);
  const perTurn = (short.usage.cpuMicros - marginal * s.chunks) / n;
  const creates = full.result.map((x) => x.createMs);

  console.log(`  steady (starts spread over ${SPREAD_MS} ms; each turn = create + stream)`);
  console.log(`    complete streams     direct ${d.ok}/${n} · relayed ${r.ok}/${n}`);
  console.log(`    time to first text   direct p50 ${ms(d.ttft50)} p99 ${ms(d.ttft99)} · relayed p50 ${ms(r.ttft50)} p99 ${ms(r.ttft99)}`);
  console.log(`    added by the server  ${added(r, d)}`);
  console.log(`    chat/create          p50 ${ms(percentile(creates, 50))} p99 ${ms(percentile(creates, 99))} (before the stream opens)`);
  console.log(`    server CPU           ${(full.usage.cpuMicros / r.chunks).toFixed(1)} µs per chunk, turn included (user ${(full.usage.userMicros / r.chunks).toFixed(1)} + kernel ${(full.usage.systemMicros / r.chunks).toFixed(1)})`);
  console.log(`                         = ${marginal.toFixed(1)} µs per relayed chunk + ${(perTurn / 1000).toFixed(2)} ms per turn (create + stream setup + save)`);
  console.log(`    bare byte pipe       ${(bare.usage.cpuMicros / b.chunks).toFixed(1)} µs per chunk · ${added(b, d)}  (floor on this machine)`);
  console.log(`    server peak RSS      ${mb(full.usage.peakRss)}`);

  const createTimes: number[] = [];
  const secrets = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const t0 = performance.now();
      const secret = await create(i, CHUNKS);
      createTimes.push(performance.now() - t0);
      return secret;
    }),
  );
  const db = summary(await Promise.all(Array.from({ length: n }, (_, i) => direct(i))));
  const burst = await measured(() => Promise.all(secrets.map((secret, i) => stream(i, secret))));
  const rb = summary(burst.result);
  console.log(`  burst (${n} chat/create at once, then ${n} streams opened in the same instant)`);
  console.log(`    chat/create at once  p50 ${ms(percentile(createTimes, 50))} p99 ${ms(percentile(createTimes, 99))}`);
  console.log(`    complete streams     direct ${db.ok}/${n} · relayed ${rb.ok}/${n}`);
  console.log(`    time to first text   direct p50 ${ms(db.ttft50)} p99 ${ms(db.ttft99)} · relayed p50 ${ms(rb.ttft50)} p99 ${ms(rb.ttft99)}`);
  console.log(`    added by the server  ${added(rb, db)}`);
  console.log(`    server peak RSS      ${mb(burst.usage.peakRss)} · RSS after it ${mb(burst.usage.rss)}`);

  const bareBurst = await measured(() => Promise.all(Array.from({ length: n }, (_, i) => direct(i, CHUNKS, barePort))));
  const bb = summary(bareBurst.result);
  console.log(`    bare byte pipe       first text p99 ${ms(bb.ttft99)} · added p99 ${signedMs(bb.ttft99 - db.ttft99)} · ${(bareBurst.usage.cpuMicros / 1000).toFixed(0)} ms CPU  (floor on this machine)`);

  // The same burst with replies of one piece: what opening, admitting and settling a turn costs, without relaying others' pieces meanwhile.
  const one = await Promise.all(Array.from({ length: n }, (_, i) => create(i, 1)));
  const d1 = summary(await Promise.all(Array.from({ length: n }, (_, i) => direct(i, 1))), 1);
  const setup = await measured(() => Promise.all(one.map((secret, i) => stream(i, secret))));
  const r1 = summary(setup.result, 1);
  console.log(`  burst of one-piece replies (${n} streams opened at once, each a single piece)`);
  console.log(`    complete streams     direct ${d1.ok}/${n} · relayed ${r1.ok}/${n}`);
  console.log(`    time to first text   direct p50 ${ms(d1.ttft50)} p99 ${ms(d1.ttft99)} · relayed p50 ${ms(r1.ttft50)} p99 ${ms(r1.ttft99)} · added p99 ${signedMs(r1.ttft99 - d1.ttft99)}`);
  console.log(`    server CPU           ${(setup.usage.cpuMicros / n / 1000).toFixed(2)} ms per turn (open, admit, relay one piece, settle)`);

  const relay = await relayOnly(n);
  const per = (micros: number) => (micros / relay.chunks).toFixed(1);
  console.log(`  relay only (${n} streams of ${LONG} chunks; server CPU over ${WINDOW_MS} ms mid-stream)`);
  console.log(`    complete streams     ${relay.ok}/${n}${relay.allStarted ? '' : ' (not all had started when the window opened)'}`);
  console.log(
    `    server CPU           ${per(relay.usage.cpuMicros)} µs per relayed chunk (user ${per(relay.usage.userMicros)} + kernel ${per(relay.usage.systemMicros)}) over ${relay.chunks} chunks`,
  );
  console.log(`    server peak RSS      ${mb(relay.usage.peakRss)}`);
}

if (WIDE > 0) await wide(WIDE);

child.send({ type: 'exit' });
await new Promise((r) => child.on('exit', r));
await up.close();
process.exit(0);
