/**
 * PDF through unpdf (a serverless build of PDF.js): text items of every page are joined into
 * lines by their positions, lines into paragraphs by spacing and indentation; headings are told
 * by font size. Pages without a text layer (scans) are rendered and read by OCR when an engine
 * is given. The event loop gets a turn between pages.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocumentProxy, getResolvedPDFJS, renderPageAsImage } from 'unpdf';
import { paragraphsToBlocks } from './image.ts';
import type { OcrEngine } from './ocr.ts';
import { LIST_START, endsSentence, headingLevelByPattern, isCjk, joinLines, normalizeChars, stripControls, yieldToLoop } from './text.ts';
import { MESSAGES, ParseError, type ParsedBlock } from './types.ts';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

export interface PdfOptions {
  ocr?: OcrEngine;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** At most this many pages are read by OCR (default 50). */
  maxOcrPages?: number;
  /**
   * A folder holding PDF.js's `cmaps/` (and `standard_fonts/`), e.g. the pdfjs-dist package
   * folder. Found automatically when pdfjs-dist is installed. Without the CMaps, text in
   * non-embedded CJK fonts with predefined encodings (UniGB-UCS2-H, GBK-EUC-H…, common in
   * generated invoices) cannot be read.
   */
  pdfDataDir?: string;
}

let detectedDataDir: string | null | undefined;

/** The pdfjs-dist package folder when it is installed (its data files only are used, never its code). */
export function findPdfDataDir(): string | null {
  if (detectedDataDir === undefined) {
    try {
      const dir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
      detectedDataDir = existsSync(join(dir, 'cmaps')) ? dir : null;
    } catch {
      detectedDataDir = null;
    }
  }
  return detectedDataDir;
}

/** Data locations as plain paths with a trailing slash: PDF.js in Node reads these with fs (file:// URLs fail). */
function dataOptions(dir: string | null): Record<string, unknown> {
  if (!dir) return {};
  const out: Record<string, unknown> = {};
  if (existsSync(join(dir, 'cmaps'))) Object.assign(out, { cMapUrl: `${join(dir, 'cmaps')}/`, cMapPacked: true });
  if (existsSync(join(dir, 'standard_fonts'))) out.standardFontDataUrl = `${join(dir, 'standard_fonts')}/`;
  return out;
}

export interface PdfResult {
  pages: number;
  blocks: ParsedBlock[];
  ocrPages: number;
  skippedPages: number;
}

interface Line {
  text: string;
  /** Font size (character-weighted over the line's items). */
  size: number;
  x: number;
  xEnd: number;
  /** Baseline, PDF user space (grows upwards). */
  y: number;
}

interface PageText {
  page: number;
  lines: Line[];
  /** Blocks read by OCR (a scanned page). */
  ocrBlocks?: ParsedBlock[];
}

/** A page with fewer visible characters than this is treated as having no text layer. */
const MIN_TEXT_CHARS = 10;
const OCR_SCALE_MIN = 2;
const OCR_SCALE_MAX = 3;
const MAX_RENDER_PIXELS = 12_000_000;

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

function isTextItem(item: unknown): item is RawItem {
  return !!item && typeof item === 'object' && 'str' in item && 'transform' in item;
}

/** Joins a page's text items into lines. */
export function itemsToLines(items: unknown[]): Line[] {
  const lines: Line[] = [];
  let cur: { text: string; sizeSum: number; chars: number; x: number; xEnd: number; y: number; size: number } | null = null;
  const end = () => {
    if (cur) {
      const text = cur.text.replace(/\s+/g, ' ').trim();
      if (text) lines.push({ text, size: cur.chars ? cur.sizeSum / cur.chars : cur.size, x: cur.x, xEnd: cur.xEnd, y: cur.y });
    }
    cur = null;
  };
  for (const item of items) {
    if (!isTextItem(item)) continue;
    const t = item.transform;
    const size = Math.hypot(t[2] ?? 0, t[3] ?? 0) || item.height || 1;
    const x = t[4] ?? 0;
    const y = t[5] ?? 0;
    const str = stripControls(normalizeChars(item.str));
    if (!str.trim()) {
      if (cur && str) cur.text += ' ';
      if (item.hasEOL) end();
      continue;
    }
    if (cur && Math.abs(y - cur.y) > Math.max(cur.size, size) * 0.5) end();
    if (!cur) {
      cur = { text: str, sizeSum: 0, chars: 0, x, xEnd: x + item.width, y, size };
    } else {
      const gap = x - cur.xEnd;
      const last = cur.text[cur.text.length - 1];
      const bothCjk = isCjk(last) && isCjk(str[0]);
      const needsSpace = last !== ' ' && !/^\s/.test(str) && (bothCjk ? gap > size * 1.5 : gap > size * 0.15);
      cur.text += (needsSpace ? ' ' : '') + str;
      cur.xEnd = Math.max(cur.xEnd, x + item.width);
    }
    const n = str.replace(/\s/g, '').length;
    cur.sizeSum += size * n;
    cur.chars += n;
    if (item.hasEOL) end();
  }
  end();
  return lines;
}

const round = (size: number) => Math.round(size * 2) / 2;

/** The most common font size, weighted by characters. */
function bodySize(pages: PageText[]): number {
  const weight = new Map<number, number>();
  for (const p of pages) for (const l of p.lines) weight.set(round(l.size), (weight.get(round(l.size)) ?? 0) + l.text.length);
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) if (w > bestWeight) [best, bestWeight] = [size, w];
  return best || 10;
}

/** Font sizes clearly larger than the body's, largest first: their rank is the heading level. */
function headingSizes(pages: PageText[], body: number): number[] {
  const sizes = new Set<number>();
  for (const p of pages) for (const l of p.lines) if (round(l.size) >= body * 1.15 && l.text.length <= 100) sizes.add(round(l.size));
  return [...sizes].sort((a, b) => b - a);
}

const PAGE_NUMBER = /^(?:[-–—\s]*\d+[-–—\s]*|第\s*\d+\s*页(?:\s*[,，/]?\s*共\s*\d+\s*页)?|\d+\s*\/\s*\d+|page\s+\d+(?:\s+of\s+\d+)?|[ivxlc]+)$/i;

/** Drops page numbers and running headers/footers (the same top or bottom line on many pages). */
function dropPageFurniture(pages: PageText[]): void {
  const withText = pages.filter((p) => p.lines.length > 1);
  const key = (l: Line) => l.text.replace(/\d+/g, '#').replace(/\s+/g, '');
  const edges = (p: PageText) => {
    let top = 0;
    let bottom = 0;
    p.lines.forEach((l, i) => {
      if (l.y > p.lines[top]!.y) top = i;
      if (l.y < p.lines[bottom]!.y) bottom = i;
    });
    return [top, bottom];
  };
  const counts = new Map<string, number>();
  for (const p of withText) {
    for (const k of new Set(edges(p).map((i) => key(p.lines[i]!)))) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const needed = Math.max(3, Math.ceil(withText.length * 0.5));
  for (const p of withText) {
    const drop = new Set<number>();
    for (const i of edges(p)) {
      const l = p.lines[i]!;
      if (PAGE_NUMBER.test(l.text.trim()) || (l.text.length <= 80 && (counts.get(key(l)) ?? 0) >= needed)) drop.add(i);
    }
    if (drop.size) p.lines = p.lines.filter((_, i) => !drop.has(i));
  }
}

function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Dot leaders of a table of contents: "1 Introduction . . . . . 4". */
const DOT_LEADER = /(?:\s*[.·…]){5,}\s*/g;

/**
 * Lines of one page to heading and paragraph blocks. `patterns`: short standalone lines like
 * "第一章 …" become headings (used when font sizes tell no headings apart).
 */
function pageBlocks(p: PageText, levelOf: (l: Line) => number, body: number, patterns: boolean): ParsedBlock[] {
  const lines = p.lines;
  if (!lines.length) return [];
  const bodyLines = lines.filter((l) => Math.abs(l.size - body) <= body * 0.15);
  const left = bodyLines.length ? Math.min(...bodyLines.map((l) => l.x)) : Math.min(...lines.map((l) => l.x));
  const right = bodyLines.length ? Math.max(...bodyLines.map((l) => l.xEnd)) : Math.max(...lines.map((l) => l.xEnd));
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    const dy = a.y - b.y;
    if (dy > 0 && Math.abs(a.size - b.size) < a.size * 0.1) steps.push(dy / a.size);
  }
  /** Usual baseline-to-baseline distance, in font sizes. */
  const leading = Math.min(2.5, Math.max(1, median(steps) || 1.2));

  const blocks: ParsedBlock[] = [];
  let text = '';
  let level = 0;
  let lineCount = 0;
  const flush = () => {
    if (text) {
      let l = level;
      const toc = DOT_LEADER.test(text);
      DOT_LEADER.lastIndex = 0;
      if (toc) text = text.replace(DOT_LEADER, ' … ');
      if (l && (text.length > 120 || toc)) l = 0;
      if (!l && patterns && lineCount === 1 && !toc) l = headingLevelByPattern(text);
      blocks.push({ page: p.page, level: l, text });
    }
    text = '';
    lineCount = 0;
  };
  let prev: Line | null = null;
  for (const line of lines) {
    const lv = levelOf(line);
    if (prev && text) {
      const dy = prev.y - line.y;
      const size = Math.max(prev.size, line.size);
      let split = lv !== level || dy <= 0 || dy > size * leading * 1.45 || Math.abs(prev.size - line.size) > prev.size * 0.15;
      if (!split && !lv) {
        const indented = line.x - left > line.size * 1.2 && prev.x - left < prev.size * 0.5;
        const shortPrev = prev.xEnd < right - prev.size * 4 || (prev.xEnd < right - prev.size * 1.5 && endsSentence(prev.text));
        split = indented || shortPrev || LIST_START.test(line.text);
      }
      if (split) flush();
    }
    if (!text) level = lv;
    text = text ? joinLines(text, line.text) : line.text;
    lineCount++;
    prev = line;
  }
  flush();
  return blocks;
}

function mapLoadError(e: unknown): ParseError {
  const name = (e as { name?: string })?.name ?? '';
  const message = (e as { message?: string })?.message ?? '';
  if (name === 'PasswordException' || /password/i.test(message)) return new ParseError(MESSAGES.encrypted, 'encrypted');
  return new ParseError(MESSAGES.corrupt, 'corrupt');
}

/**
 * Whether a page with (almost) no text layer draws anything worth reading: an image, much
 * vector art, or text whose characters could not be extracted (`textless`).
 */
async function hasPicture(page: PdfPage, textless: boolean): Promise<{ picture: boolean; imageWidth: number }> {
  const { OPS } = await getResolvedPDFJS();
  const ops = await page.getOperatorList();
  let picture = false;
  let imageWidth = 0;
  let paths = 0;
  const imageOps = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat, OPS.paintImageMaskXObject]);
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]!;
    if (imageOps.has(fn)) {
      picture = true;
      const args = ops.argsArray[i] as unknown[] | null;
      const w = Number(args?.[1]);
      if (Number.isFinite(w)) imageWidth = Math.max(imageWidth, w);
    } else if (fn === OPS.constructPath) {
      paths++;
    } else if (textless && (fn === OPS.showText || fn === OPS.showSpacedText)) {
      picture = true;
    }
  }
  return { picture: picture || paths > 20, imageWidth };
}

async function ocrPage(pdf: PdfDocument, page: PdfPage, ocr: OcrEngine, imageWidth: number): Promise<ParsedBlock[]> {
  const viewport = page.getViewport({ scale: 1 });
  const width = viewport.width || 595;
  const height = viewport.height || 842;
  // Render near the scan's own resolution, between 144 and 216 dpi, and at most ~12 megapixels.
  const scale = Math.min(OCR_SCALE_MAX, Math.max(OCR_SCALE_MIN, imageWidth / width || OCR_SCALE_MIN), Math.sqrt(MAX_RENDER_PIXELS / (width * height)));
  const png = await renderPageAsImage(pdf, page.pageNumber, { canvasImport: () => import('@napi-rs/canvas'), scale });
  const result = await ocr.recognizeDetailed(Buffer.from(png));
  return paragraphsToBlocks(result.paragraphs, page.pageNumber);
}

export async function parsePdf(body: Buffer, opts: PdfOptions = {}): Promise<PdfResult> {
  let pdf: PdfDocument;
  try {
    // A copy: PDF.js may take over (detach) the buffer it is given.
    const options = { verbosity: 0, stopAtErrors: false, ...dataOptions(opts.pdfDataDir ?? findPdfDataDir()) };
    pdf = await getDocumentProxy(new Uint8Array(body), options);
  } catch (e) {
    throw mapLoadError(e);
  }
  const maxOcr = opts.maxOcrPages ?? 50;
  let ocrPages = 0;
  let skippedPages = 0;
  let failedPages = 0;
  /** The first OCR failure: thrown when it leaves the document without any text (e.g. missing language data). */
  let ocrError: unknown = null;
  const pages: PageText[] = [];
  try {
    const total = pdf.numPages;
    for (let n = 1; n <= total; n++) {
      opts.signal?.throwIfAborted();
      let page: PdfPage;
      try {
        page = await pdf.getPage(n);
      } catch {
        failedPages++;
        continue;
      }
      try {
        const content = await page.getTextContent();
        const lines = itemsToLines(content.items);
        const entry: PageText = { page: n, lines };
        const chars = lines.reduce((s, l) => s + l.text.replace(/\s/g, '').length, 0);
        if (chars < MIN_TEXT_CHARS) {
          const { picture, imageWidth } = await hasPicture(page, chars === 0);
          if (picture) {
            if (opts.ocr && ocrPages < maxOcr) {
              await yieldToLoop();
              opts.signal?.throwIfAborted();
              try {
                entry.ocrBlocks = await ocrPage(pdf, page, opts.ocr, imageWidth);
                ocrPages++;
                if (entry.ocrBlocks.length) entry.lines = [];
              } catch (e) {
                if (opts.signal?.aborted) throw e;
                ocrError ??= e;
                skippedPages++;
              }
            } else {
              skippedPages++;
            }
          }
        }
        pages.push(entry);
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        if ((e as Error)?.name === 'AbortError') throw e;
        failedPages++;
      } finally {
        page.cleanup();
      }
      opts.onProgress?.(n, total);
      await yieldToLoop();
    }
    if (failedPages === total && total > 0) throw new ParseError(MESSAGES.corrupt, 'corrupt');

    dropPageFurniture(pages);
    const body = bodySize(pages);
    const sizes = headingSizes(pages, body);
    const levelOf = (l: Line) => {
      const i = sizes.indexOf(round(l.size));
      return i < 0 ? 0 : Math.min(6, i + 1);
    };
    const blocks: ParsedBlock[] = [];
    for (const p of pages) {
      if (p.ocrBlocks) blocks.push(...p.ocrBlocks);
      else blocks.push(...pageBlocks(p, levelOf, body, sizes.length === 0));
    }
    if (ocrError && !blocks.some((b) => b.text.trim())) throw ocrError;
    return { pages: total, blocks, ocrPages, skippedPages };
  } finally {
    await pdf.destroy().catch(() => {});
  }
}
