/**
 * Resident memory of one compiled server process (`node --max-semi-space-size=4
 * apps/server/dist/main.js`, as `npm start` and the deployment run it): idle after the first start, then after 1,000 chat turns (create +
 * stream to the end, 50 at a time, against a local fake OpenAI upstream) and 5 s of quiet. On the
 * embedded PGlite always; on PostgreSQL (+ Redis) too when DATABASE_URL (and REDIS_URL) are set,
 * in a fresh schema dropped afterwards. Linux only (/proc). Prints figures; asserts nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startFakeUpstream } from '../apps/server/src/testing/fake-upstream.ts';
import { mbOfKb, memoryKb } from './lib/proc.ts';
import { postJson, timedStream } from './lib/sse-client.ts';

const root = join(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3392);
const TURNS = Number(process.env.BENCH_TURNS ?? 1000);
const CONCURRENCY = 50;
const USERS = 20;
const ADMIN = { userName: 'benchadmin', password: 'Bench-Passw0rd1' };

const base = `http://127.0.0.1:${PORT}`;

async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; message: string; data: any };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.message}`);
  return json.data;
}

async function turn(i: number, token: string) {
  const input = `[[chunks:20]] 内存测试 ${i}`;
  const created = await postJson(PORT, '/api/chat/create', { input, feature: 'bench' }, token);
  if (created.code !== 200) throw new Error(`create: ${created.code} ${created.message}`);
  const done = await timedStream({
    port: PORT,
    method: 'GET',
    path: `/api/chat/stream?secret=${encodeURIComponent(created.data.secret)}&feature=bench`,
    headers: { authorization: `Bearer ${token}` },
    isText: (e) => e.startsWith('data: {"type":"delta"'),
    isEnd: (e) => e.startsWith('data: {"type":"done"'),
  });
  if (!done.ok) throw new Error(`turn ${i} did not finish`);
}

async function measure(label: string, extraEnv: Record<string, string>, upstream: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-mem-'));
  const server: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=4', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      OPENAI_BASE_URL: upstream,
      OPENAI_API_KEY: 'bench-key',
      OPENAI_MODELS: 'bench:Bench',
      ADMIN_USERNAME: ADMIN.userName,
      ADMIN_PASSWORD: ADMIN.password,
      REGISTER_PER_IP_PER_HOUR: '1000',
      ...extraEnv,
    },
  });
  const pid = server.pid!;
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`${label}: the server exited with ${server.exitCode}`);
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await sleep(50);
    }
    const startPeak = memoryKb(pid, 'VmHWM');
    await sleep(5000);
    const idle = memoryKb(pid, 'VmRSS');

    const admin = await call('POST', '/api/login/account-login', ADMIN);
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const token = (await call('POST', '/api/login/register', { userName: `mem_${randomBytes(5).toString('hex')}`, password: 'Bench-Passw0rd1' })).token as string;
      const { id } = await call('GET', '/api/user/info', undefined, token);
      await call('POST', `/api/admin/users/${id}/credits`, { pool: 'base', kind: 'model3', delta: 100_000, reason: '内存基准' }, admin.token);
      tokens.push(token);
    }
    let next = 0;
    const worker = async () => {
      while (next < TURNS) {
        const i = next++;
        await turn(i, tokens[i % USERS]!);
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const secs = (performance.now() - t0) / 1000;
    const busyPeak = memoryKb(pid, 'VmHWM');
    await sleep(5000);
    const after = memoryKb(pid, 'VmRSS');
    console.log(`${label.padEnd(22)} start peak ${mbOfKb(startPeak)} · idle ${mbOfKb(idle)} · ${TURNS} turns in ${secs.toFixed(1)} s, peak ${mbOfKb(busyPeak)} · 5 s later ${mbOfKb(after)} (${after >= idle ? '+' : ''}${mbOfKb(after - idle)} over idle)`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const up = await startFakeUpstream({ chunks: 20, intervalMs: 5 });
try {
  console.log('# resident memory of one compiled server process');
  await measure('embedded PGlite', {}, up.url);
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `bench_mem_${randomBytes(4).toString('hex')}`;
    const redis: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `${schema}:` } : {};
    try {
      await measure(redis.REDIS_URL ? 'PostgreSQL + Redis' : 'PostgreSQL', { DATABASE_URL: url, DATABASE_SCHEMA: schema, ...redis }, up.url);
    } finally {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
  } else console.log('(set DATABASE_URL, and REDIS_URL, to measure on PostgreSQL too)');
} finally {
  await up.close();
}
