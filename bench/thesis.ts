/**
 * Thesis export figures: a 30,000-character thesis (offline sections, the longest allowed) built
 * as a .docx (title page, abstract, TOC field filled with the headings, numbered headings,
 * page-number footers) and as Markdown; build time (median and p95 of repeated builds), file
 * size, and the heap used. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { buildDocx, buildMarkdown } from '../apps/server/src/modules/thesis/export.ts';
import { offlineOutline, offlineSection } from '../apps/server/src/modules/thesis/outline.ts';
import { ms, percentile } from './lib/stats.ts';

const RUNS = 20;
const brief = { title: '城市更新中的社区参与研究', kind: '毕业论文', discipline: '社会学', length: 30000, language: '中文', requirements: '' };
const outline = offlineOutline(brief);
const texts = new Map(outline.flatMap((c) => c.sections.map((s) => [s.key, offlineSection(brief, c.title, s.title, s.chars)] as [string, string])));
const chars = [...texts.values()].reduce((n, t) => n + t.length, 0);
const thesis = { ...brief, abstract: '摘要'.repeat(150), keywords: '城市更新；社区参与；治理', outline, texts, author: '作者', date: '2026-11-25' };

await buildDocx(thesis); // warm-up
const times: number[] = [];
let size = 0;
const heapBefore = process.memoryUsage().heapUsed;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  size = (await buildDocx(thesis)).length;
  times.push(performance.now() - t0);
}
const heapAfter = process.memoryUsage().heapUsed;
const md0 = performance.now();
const md = buildMarkdown(thesis);
const mdMs = performance.now() - md0;

console.log(`thesis: ${outline.length} chapters, ${outline.reduce((n, c) => n + c.sections.length, 0)} sections, ${chars.toLocaleString()} characters`);
console.log(`docx build: median ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} over ${RUNS} runs; ${(size / 1024).toFixed(1)} KiB`);
console.log(`heap after ${RUNS} builds: ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MiB more than before`);
console.log(`markdown build: ${ms(mdMs)}; ${(Buffer.byteLength(md) / 1024).toFixed(1)} KiB`);
