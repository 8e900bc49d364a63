#!/usr/bin/env node
/**
 * `npm run checks`: the type checks of every package and the lint, side by side. Each is a single
 * thread (tsc, eslint), so on a machine with N cores N of them run at once; their output is held and
 * printed whole when each ends, so two never interleave. Exits non-zero when any failed, after all ended.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const tsc = (project) => ({ name: `tsc -p ${project}`, args: ['tsc', '-p', project] });
// Longest first, so the slow ones do not start last.
const jobs = [
  { name: 'eslint', args: ['eslint', '--max-warnings=0', '.'] },
  tsc('apps/web'),
  tsc('apps/server'),
  tsc('.'),
  tsc('bench'),
  tsc('packages/shared'),
];

const slots = Math.max(1, Math.min(Number(process.env.CHECKS_PARALLEL) || availableParallelism(), jobs.length));
const failed = [];

function run(job) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['--no-install', ...job.args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`== ${job.name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n`);
      if (out.length) process.stdout.write(Buffer.concat(out));
      if (code !== 0) failed.push(job.name);
      resolve();
    });
  });
}

const queue = [...jobs];
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await run(job);
  }),
);
if (failed.length) {
  console.error(`checks failed: ${failed.join(', ')}`);
  process.exit(1);
}
