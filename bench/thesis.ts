/**
 * Thesis export figures: a 30,000-character thesis (offline sections, the longest allowed) built
 * as a .docx (title page, abstract, TOC field filled with the headings, numbered headings,
 * page-number footers) and as Markdown; build time (median and p95 of repeated builds), file
 * size, and the heap used. Then the download as users get it: the contents' page numbers found
 * by a LibreOffice rendering (where installed), the PDF, a second download from the cache, and
 * the fallback's estimate from docx's layout. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { officeCommand } from '../apps/server/src/core/office.ts';
import { buildDocx, buildMarkdown } from '../apps/server/src/modules/thesis/export.ts';
import { estimatedDocx } from '../apps/server/src/modules/thesis/estimate.ts';
import { ThesisFiles } from '../apps/server/src/modules/thesis/render.ts';
import { estimatedPageNumbers } from '../apps/server/src/modules/thesis/toc-pages.ts';
import { offlineOutline, offlineSection } from '../apps/server/src/modules/thesis/outline.ts';
import { ms, percentile } from './lib/stats.ts';

const RUNS = 20;
const brief = { title: '城市更新中的社区参与研究', kind: '毕业论文', discipline: '社会学', length: 30000, language: '中文', requirements: '' };
const outline = offlineOutline(brief);
const texts = new Map(outline.flatMap((c) => c.sections.map((s) => [s.key, offlineSection(brief, c.title, s.title, s.chars)] as [string, string])));
const chars = [...texts.values()].reduce((n, t) => n + t.length, 0);
const thesis = {
  ...brief,
  abstract: '摘要'.repeat(150),
  keywords: '城市更新；社区参与；治理',
  abstractEn: 'This thesis studies community participation in urban renewal. '.repeat(8),
  keywordsEn: 'urban renewal; community participation; governance',
  referenceTitle: '',
  outline,
  texts,
  author: '作者',
  date: '2026-11-25',
};

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

const e0 = performance.now();
await buildDocx(thesis, estimatedPageNumbers);
const e1 = performance.now();
await estimatedDocx(thesis);
console.log(`docx with page numbers estimated from the layout (no LibreOffice): ${ms(e1 - e0)} of CPU in process; ${ms(performance.now() - e1)} as the server runs it, in a child process`);
if (officeCommand()) {
  const files = new ThesisFiles({ warn: (obj, msg) => console.log(`warning: ${msg}`, obj) });
  const r0 = performance.now();
  await files.docx(1, thesis);
  const r1 = performance.now();
  const pdf = await files.pdf(1, thesis);
  const r2 = performance.now();
  await files.docx(1, thesis);
  await files.pdf(1, thesis);
  const r3 = performance.now();
  console.log(`docx with page numbers from LibreOffice (one rendering + pdftotext + rebuild): ${ms(r1 - r0)}`);
  console.log(`PDF (a second rendering of the final .docx): ${ms(r2 - r1)}; ${(pdf.length / 1024).toFixed(1)} KiB`);
  console.log(`the same version again (docx + PDF, cached): ${ms(r3 - r2)}`);
} else console.log('LibreOffice not installed: no rendering figures');
