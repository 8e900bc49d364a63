/**
 * The canvas process (providers/image/canvas.ts): what drawing and decoding outside the server
 * costs. A cold start (process and @napi-rs/canvas loaded), warm offline paintings and thumbnails
 * per piece, the process's peak memory, and the time from a decoder crash to the next result.
 * Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { canvasProcessInfo, canvasWork, paint } from '../apps/server/src/providers/image/canvas.ts';
import { lyingPng } from '../apps/server/src/testing/pictures.ts';
import { mbOfKb, memoryKb } from './lib/proc.ts';
import { ms, percentile } from './lib/stats.ts';

const RUNS = 40;
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

const cold = await timed(() => paint({ prompt: '冷启动：江南水乡', type: 'general', width: 768, height: 768, seed: 'cold' }));
const pid = canvasProcessInfo().pid!;
console.log(`cold start (process + canvas + first 768×768 painting): ${ms(cold.ms)} (from source through tsx; the bundle's child starts without it)`);

const paints: number[] = [];
for (let i = 0; i < RUNS; i++) paints.push((await timed(() => paint({ prompt: `清晨的江南水乡 ${i}`, type: 'ink', width: 768, height: 768, seed: String(i) }))).ms);
console.log(`offline painting 768×768, warm: p50 ${ms(percentile(paints, 50))}  p95 ${ms(percentile(paints, 95))}  (${RUNS} pictures, one at a time)`);

const big = await paint({ prompt: '缩略图源', type: 'photo', width: 1792, height: 1024, seed: 'thumb' });
const thumbs: number[] = [];
for (let i = 0; i < RUNS; i++) thumbs.push((await timed(() => canvasWork('thumbnail', { bytes: big, width: 1792, height: 1024, thumbWidth: 384 }))).ms);
console.log(`thumbnail of a 1792×1024 PNG (${(big.length / 1024).toFixed(0)} KB) to 384 px webp: p50 ${ms(percentile(thumbs, 50))}  p95 ${ms(percentile(thumbs, 95))}`);
console.log(`canvas process peak memory ${mbOfKb(memoryKb(pid, 'VmHWM'))}; this (server-side) process ${mbOfKb(memoryKb(process.pid, 'VmRSS'))} with no canvas loaded`);

const crash = await timed(async () => {
  await canvasWork('thumbnail', { bytes: lyingPng(), width: 64, height: 64, thumbWidth: 32 }).catch(() => null);
  return paint({ prompt: '崩溃之后', type: 'general', width: 768, height: 768, seed: 'after' });
});
console.log(`a decoder crash, then the next painting in a new process: ${ms(crash.ms)} (processes started: ${canvasProcessInfo().started})`);

// The same paintings in this process, as the server drew them before (what the process boundary costs).
const { drawPicture } = await import('../apps/server/src/providers/image/painter.ts');
await drawPicture({ prompt: '预热', type: 'ink', width: 768, height: 768, seed: 'warm' });
const inProcess: number[] = [];
for (let i = 0; i < RUNS; i++) inProcess.push((await timed(() => drawPicture({ prompt: `清晨的江南水乡 ${i}`, type: 'ink', width: 768, height: 768, seed: String(i) }))).ms);
console.log(`the same paintings drawn in this process: p50 ${ms(percentile(inProcess, 50))}  p95 ${ms(percentile(inProcess, 95))}; this process now ${mbOfKb(memoryKb(process.pid, 'VmRSS'))}`);
process.exit(0);
