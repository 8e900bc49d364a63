/**
 * The server under test, in its own process so its CPU and memory are its own. Talks to
 * bench/stream.ts over IPC: `ready` (port, tokens) → `start` / `stop` (cpu µs, peak RSS) → `exit`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp, LISTEN_BACKLOG } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { issueToken } from '../../apps/server/src/core/auth.ts';
import { inviteCode } from '../../apps/server/src/core/ids.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { balances, users } from '../../apps/server/src/db/schema/index.ts';

const send = (m: unknown) => process.send!(m);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const url = process.env.DATABASE_URL;
const schema = `bench_${randomBytes(4).toString('hex')}`;
const database = await openDatabase(url ? { url, searchPath: schema, poolMax: Number(process.env.DATABASE_POOL_MAX ?? 30) } : {});
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  REDIS_URL: process.env.REDIS_URL ?? '',
  OPENAI_BASE_URL: process.env.BENCH_UPSTREAM,
  OPENAI_API_KEY: 'bench-key',
  OPENAI_MODELS: 'bench:Bench',
});
const { app, ctx } = await buildApp({ config, database, logger: false });

const tokens: string[] = [];
for (let i = 0; i < Number(process.env.BENCH_USERS ?? 50); i++) {
  const [u] = await ctx.db.insert(users).values({ nickname: `bench${i}`, inviteCode: inviteCode(10), registerWay: 'bench' }).returning({ id: users.id });
  await ctx.db.insert(balances).values({ userId: u!.id, baseModel3: 1_000_000_000 });
  tokens.push(await issueToken(ctx, u!.id));
}
await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });

// Calibration: the least a Node relay can do here — pipe the upstream's bytes to the client untouched.
const upstream = new URL(process.env.BENCH_UPSTREAM!);
const bare = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const out = request({ host: upstream.hostname, port: upstream.port, method: 'POST', path: `${upstream.pathname}/chat/completions`, headers: { 'content-type': 'application/json' } }, (up) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      up.on('data', (chunk: Buffer) => res.write(chunk));
      up.on('end', () => res.end());
    });
    out.end(body);
  });
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));

let window: { cpu: NodeJS.CpuUsage; peak: number; sampler: NodeJS.Timeout } | null = null;
// The bench died (say, its output was piped to `head`): without this the server would run on, skewing later runs.
process.on('disconnect', () => process.exit(0));
process.on('message', (m: { type: string }) => void (async () => {
  if (m.type === 'start') {
    const sampler = setInterval(() => {
      if (window) window.peak = Math.max(window.peak, process.memoryUsage.rss());
    }, 20);
    window = { cpu: process.cpuUsage(), peak: process.memoryUsage.rss(), sampler };
  } else if (m.type === 'stop' && window) {
    clearInterval(window.sampler);
    const cpu = process.cpuUsage(window.cpu);
    send({ type: 'stopped', cpuMicros: cpu.user + cpu.system, userMicros: cpu.user, systemMicros: cpu.system, peakRss: Math.max(window.peak, process.memoryUsage.rss()), rss: process.memoryUsage.rss() });
    window = null;
  } else if (m.type === 'exit') {
    bare.close();
    await app.close();
    if (url) await database.execScript(`drop schema if exists "${schema}" cascade`);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
})());
send({ type: 'ready', port: (app.server.address() as AddressInfo).port, barePort: (bare.address() as AddressInfo).port, tokens, db: database.kind, kv: ctx.kv.kind, rss: process.memoryUsage.rss() });
