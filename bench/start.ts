/**
 * Server start as `npm start` runs it: the compiled server (`node apps/server/dist/main.js`)
 * on an empty DATA_DIR (first start: PGlite initdb, migrations, seed), then again on the same
 * directory (a restart). For each: time from spawn to the first 200 of /api/health, the server
 * process's peak resident memory (VmHWM), the largest peak of its child processes (the PGlite
 * initdb child on a first start; sampled every 20 ms), the CPU time it and its children used
 * until then (less sensitive than wall time to a busy machine), and its RSS after 5 s idle.
 * For comparison the same from source through tsx (`npm run dev`'s way, without reload).
 * Linux only (/proc). Prints figures; asserts nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { mbOfKb, memoryKb } from './lib/proc.ts';

const root = join(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3391);
const IDLE_MS = 5000;

const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
/** user + system CPU seconds of a process and its reaped children (/proc/<pid>/stat, 100 ticks/s). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 3, so utime (14), stime, cutime, cstime are indexes 11-14.
  return fields.slice(11, 15).reduce((a, f) => a + Number(f), 0) / 100;
};

async function healthy(base: string) {
  try {
    return (await fetch(`${base}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function run(label: string, args: string[], dataDir: string) {
  const base = `http://127.0.0.1:${PORT}`;
  if (await healthy(base)) throw new Error(`port ${PORT} is taken; set BENCH_PORT`);
  const t0 = performance.now();
  const server: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const pid = server.pid!;
  let childPeak = 0;
  const sampler = setInterval(() => {
    const walk = (p: number) => {
      for (const c of childrenOf(p)) {
        childPeak = Math.max(childPeak, memoryKb(c, 'VmHWM'));
        walk(c);
      }
    };
    walk(pid);
  }, 20);
  try {
    while (!(await healthy(base))) {
      if (server.exitCode !== null) throw new Error(`${label}: server exited with ${server.exitCode}`);
      await sleep(20);
    }
    const startMs = performance.now() - t0;
    const peak = memoryKb(pid, 'VmHWM');
    const cpu = cpuSeconds(pid);
    await sleep(IDLE_MS);
    const idle = memoryKb(pid, 'VmRSS');
    console.log(
      `${label.padEnd(34)} start ${(startMs / 1000).toFixed(2)} s (CPU ${cpu.toFixed(2)} s) · peak RSS ${mbOfKb(peak)} · children peak ${childPeak ? mbOfKb(childPeak) : '-'} · idle RSS ${mbOfKb(idle)}`,
    );
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
  }
}

const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
if (!existsSync(join(root, 'apps/server/dist/main.js'))) throw new Error('no server bundle');

console.log('# server start (embedded PGlite)');
for (const [label, args] of [
  ['compiled (node dist/main.js)', ['--max-semi-space-size=4', 'apps/server/dist/main.js']],
  ['source (node --import tsx)', ['--import', 'tsx', 'apps/server/src/main.ts']],
] as const) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    await run(`${label}, first start`, [...args], dataDir);
    await run(`${label}, restart`, [...args], dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
