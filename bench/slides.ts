/**
 * AI PPT figures: a 30-slide offline deck built as a .pptx with pptxgenjs (build time, size, heap
 * growth) in every theme, then the same deck 20 times in a row (p50 / p95).
 * Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { SLIDE_THEMES } from '@app/shared/slides';
import { buildPptx } from '../apps/server/src/modules/slides/pptx.ts';
import { sampleDeck } from '../apps/server/src/modules/slides/sample.ts';
import { ms, percentile } from './lib/stats.ts';

const PAGES = 30;
const RUNS = 20;
const deck = sampleDeck('数字化转型：从战略到落地', PAGES);
const input = (theme: string) => ({ title: deck.title, language: 'zh-CN', theme, slides: deck.slides, offline: true });

// Warm-up (module load, first zip).
await buildPptx(input('azure'));

console.log(`deck: ${deck.slides.length} slides (${new Set(deck.slides.map((s) => s.kind)).size} layouts)`);
// What the outline made of each deck size: charts, distinct content layouts, quotes, dividers.
for (const pages of [8, 12, 20, 30]) {
  const kinds = sampleDeck('2027 年新能源汽车市场分析', pages).slides.map((s) => s.kind);
  const count = (k: string) => kinds.filter((x) => x === k).length;
  const layouts = new Set(kinds.filter((k) => ['bullets', 'two-column', 'chart', 'timeline', 'quote'].includes(k))).size;
  console.log(`${String(pages).padStart(2)} pages: ${count('chart')} charts, ${layouts} content layouts, ${count('two-column')} comparisons, ${count('timeline')} timelines, ${count('quote')} quotes, ${count('section')} dividers`);
}
for (const theme of SLIDE_THEMES) {
  const heap = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const buf = await buildPptx(input(theme.id));
  const took = performance.now() - t0;
  console.log(`theme ${theme.id.padEnd(9)} build ${ms(took).padStart(9)}  size ${(buf.length / 1024).toFixed(1).padStart(7)} KiB  heap ${((process.memoryUsage().heapUsed - heap) / 1048576).toFixed(1).replace(/^(?!-)/, '+')} MiB (GC may shrink it)`);
}
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  await buildPptx(input('ink'));
  times.push(performance.now() - t0);
}
console.log(`${RUNS} builds of ${PAGES} slides: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
