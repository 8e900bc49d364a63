/**
 * Document chat figures: a generated 200-page PDF parsed, chunked, segmented and indexed
 * (target ≤ 5 s in all), then keyword and hybrid retrieval over its chunks (target p95 ≤ 30 ms),
 * then the OCR of one scanned Chinese page when a CJK font is installed.
 * Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chunkDocument, chunkSearchText } from '../apps/server/src/modules/document/parse/chunk.ts';
import { parseDocument } from '../apps/server/src/modules/document/parse/index.ts';
import { parseIsolated } from '../apps/server/src/modules/document/isolated-parse.ts';
import { OcrEngine } from '../apps/server/src/modules/document/parse/ocr.ts';
import { findCjkFont, makeScannedPdf, makeTextPdf, renderTextPng, type PdfPart } from '../apps/server/src/modules/document/parse/test-fixtures.ts';
import { Bm25Index } from '../apps/server/src/modules/document/retrieval/bm25.ts';
import { cosineTop, fuseRankings } from '../apps/server/src/modules/document/retrieval/hybrid.ts';
import { segment } from '../apps/server/src/modules/document/retrieval/segment.ts';
import { ms, percentile } from './lib/stats.ts';

const PAGES = 200;
const QUERIES = 200;
const DIMS = 1024;

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20240601);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

const subjects = ['The supplier', 'The customer', 'Each party', 'The project manager', 'The auditor', 'The licensee', 'The service provider', 'The board', 'The contractor', 'The data controller'];
const verbs = ['shall deliver', 'must review', 'will invoice', 'may terminate', 'shall indemnify', 'must notify', 'will maintain', 'shall approve', 'may suspend', 'must document'];
const objects = [
  'the quarterly compliance report',
  'all outstanding invoices',
  'the acceptance test results',
  'the escrow deposit',
  'any confidential information',
  'the maintenance schedule',
  'the warranty claims',
  'the security incident log',
  'the change request',
  'the penalty for late delivery',
  'the insurance certificate',
  'the migration plan',
  'the service level credits',
  'the audit trail',
  'the personal data inventory',
];
const tails = [
  'within thirty days of the effective date',
  'before the end of each calendar quarter',
  'unless otherwise agreed in writing',
  'in accordance with the applicable law',
  'as described in the annex',
  'without undue delay',
  'at its own cost and expense',
  'subject to the limits of liability',
  'following the escalation procedure',
  'after written notice to the other party',
];
const topics = ['Scope', 'Definitions', 'Payment', 'Delivery', 'Acceptance', 'Warranty', 'Liability', 'Confidentiality', 'Data Protection', 'Termination', 'Insurance', 'Audit', 'Dispute Resolution', 'Force Majeure', 'Governing Law'];

const sentence = () => `${pick(subjects)} ${pick(verbs)} ${pick(objects)} ${pick(tails)}.`;
const paragraph = () => Array.from({ length: 3 + Math.floor(rand() * 4) }, sentence).join(' ');

function pagesOfText(): PdfPart[][] {
  const pages: PdfPart[][] = [];
  let chapter = 0;
  let section = 0;
  for (let p = 0; p < PAGES; p++) {
    const parts: PdfPart[] = [];
    if (p % 8 === 0) {
      chapter++;
      section = 0;
      parts.push({ heading: `Chapter ${chapter}: ${topics[(chapter - 1) % topics.length]}`, level: 1 });
    }
    // About 700 words a page: two sections of two or three paragraphs.
    for (let s = 0; s < 2; s++) {
      section++;
      parts.push({ heading: `${chapter}.${section} ${pick(topics)} of ${pick(objects).replace(/^the /, '')}`, level: 2 });
      const n = p % 8 === 0 && s === 0 ? 2 : 3;
      for (let i = 0; i < n; i++) parts.push({ paragraph: paragraph() });
    }
    pages.push(parts);
  }
  return pages;
}

const secs = (v: number) => `${(v / 1000).toFixed(2)} s`;

console.log('# document');
const pdf = Buffer.from(await makeTextPdf(pagesOfText()));
console.log(`PDF: ${PAGES} pages, ${(pdf.length / 1024 / 1024).toFixed(2)} MB`);

// Warm-up (module loading, JIT, jieba dictionary) on a small document, as a running server would be.
{
  const small = await parseDocument(Buffer.from(await makeTextPdf(pagesOfText().slice(0, 3))), 'pdf');
  const warmChunks = chunkDocument(small);
  Bm25Index.build(warmChunks.map((c) => segment(chunkSearchText(c))));
}

let t0 = performance.now();
const doc = await parseDocument(pdf, 'pdf');
const parseMs = performance.now() - t0;
t0 = performance.now();
const chunks = chunkDocument(doc);
const chunkMs = performance.now() - t0;
t0 = performance.now();
const terms = chunks.map((c) => segment(chunkSearchText(c)));
const index = Bm25Index.build(terms);
const indexMs = performance.now() - t0;
const totalMs = parseMs + chunkMs + indexMs;
const headings = doc.blocks.filter((b) => b.level > 0).length;
console.log(`parse: ${secs(parseMs)} (${doc.blocks.length} blocks, ${headings} headings, ${(parseMs / PAGES).toFixed(1)} ms/page)`);
console.log(`chunk: ${ms(chunkMs)} (${chunks.length} chunks, avg ${Math.round(chunks.reduce((s, c) => s + c.text.length, 0) / chunks.length)} chars)`);
console.log(`segment + index: ${ms(indexMs)} (${terms.reduce((s, t) => s + t.length, 0)} terms)`);
console.log(`total parse + index: ${secs(totalMs)} (target ≤ 5 s)`);
const cache = JSON.stringify(index);
console.log(`index as JSON: ${(cache.length / 1024).toFixed(0)} KiB; reload ${ms(timeIt(() => Bm25Index.deserialize(JSON.parse(cache))))}`);

function timeIt(fn: () => void) {
  const s = performance.now();
  fn();
  return performance.now() - s;
}

// Queries: a few content words of a random chunk, phrased as a question.
const queries = Array.from({ length: QUERIES }, () => {
  const words = pick(chunks).text.split(/\W+/).filter((w) => w.length > 4);
  const start = Math.floor(rand() * Math.max(1, words.length - 4));
  return `What does the agreement say about ${words.slice(start, start + 3 + Math.floor(rand() * 3)).join(' ')}?`;
});
const bm25Times: number[] = [];
for (const q of queries) {
  const s = performance.now();
  index.search(segment(q), 8);
  bm25Times.push(performance.now() - s);
}
console.log(`retrieval BM25 (segment + top 8 of ${chunks.length}), ${QUERIES} queries: p50 ${ms(percentile(bm25Times, 50))}, p95 ${ms(percentile(bm25Times, 95))}, max ${ms(Math.max(...bm25Times))} (target p95 ≤ 30 ms)`);

// Hybrid: the same plus cosine over one ${DIMS}-d vector a chunk and reciprocal rank fusion
// (the query's embedding request to the provider is not included).
const vectors = chunks.map(() => Array.from({ length: DIMS }, () => rand() - 0.5));
const queryVector = Array.from({ length: DIMS }, () => rand() - 0.5);
const hybridTimes: number[] = [];
for (const q of queries) {
  const s = performance.now();
  fuseRankings([index.search(segment(q), 20), cosineTop(queryVector, vectors, 20)]).slice(0, 8);
  hybridTimes.push(performance.now() - s);
}
console.log(`retrieval hybrid (+ cosine over ${chunks.length} × ${DIMS}-d, RRF): p50 ${ms(percentile(hybridTimes, 50))}, p95 ${ms(percentile(hybridTimes, 95))}`);
console.log(`RSS: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);

// What the server really does: parse + chunk + segment in a child process (crash isolation).
{
  const work = mkdtempSync(join(tmpdir(), 'bench-isolated-'));
  const t0 = performance.now();
  const out = await parseIsolated(pdf, 'pdf', { tmpDir: work, ocrCacheDir: join(work, 'ocr'), signal: new AbortController().signal, timeoutMs: 600_000 });
  console.log(`isolated parse + chunk + segment (child process, as the server runs it): ${secs(performance.now() - t0)} (${out.chunks.length} chunks)`);
  rmSync(work, { recursive: true, force: true });
}

// OCR of one scanned Chinese page (A4 at ~150 dpi, 20 lines), offline models.
if (findCjkFont()) {
  const lines = Array.from({ length: 20 }, (_, i) => `第${i + 1}条 乙方逾期交货的，每逾期一日应按合同总价款的千分之三支付违约金。`);
  const png = (await renderTextPng(lines, { width: 1240, fontSize: 30, lineHeight: 56, padding: 80 }))!;
  const scanned = Buffer.from(await makeScannedPdf(png));
  const dir = mkdtempSync(join(tmpdir(), 'bench-ocr-'));
  const ocr = new OcrEngine({ cacheDir: dir });
  try {
    t0 = performance.now();
    await ocr.recognize((await renderTextPng(['预热 warm up']))!);
    const startMs = performance.now() - t0;
    t0 = performance.now();
    const scannedDoc = await parseDocument(scanned, 'pdf', { ocr });
    const pageMs = performance.now() - t0;
    const text = scannedDoc.blocks.map((b) => b.text).join('');
    const expected = lines.join('').replace(/\s+/g, '');
    const got = new Set(text.replace(/\s+/g, ''));
    const recall = [...expected].filter((c) => got.has(c)).length / expected.length;
    console.log(`OCR worker start (first run unpacks the language data): ${ms(startMs)}`);
    console.log(`OCR one scanned page (render + recognise, ${lines.length} Chinese lines): ${secs(pageMs)}, ${text.length} chars read, character recall ${(recall * 100).toFixed(0)}%`);
  } finally {
    await ocr.terminate();
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  console.log('OCR: skipped (no CJK font; apt-get install fonts-wqy-zenhei)');
}
