/**
 * parseDocument: the one entry point. Reads PDF, DOCX, TXT, Markdown and images (by OCR) into
 * headings and paragraphs; throws ParseError with a user-facing Chinese reason.
 */
import { parseDocx } from './docx.ts';
import { parseImage } from './image.ts';
import type { OcrEngine } from './ocr.ts';
import { parsePdf } from './pdf.ts';
import { parseMarkdown, parseTxt } from './plain.ts';
import { pickTitle } from './text.ts';
import { MESSAGES, ParseError, type ParsedBlock, type ParsedDocument } from './types.ts';

export { ParseError } from './types.ts';
export type { ParsedBlock, ParsedDocument } from './types.ts';

export interface ParseOptions {
  /** Reads scanned PDF pages and images; without it, images are refused and scanned pages skipped. */
  ocr?: OcrEngine;
  signal?: AbortSignal;
  /** Pages (PDF) or strips (long image) done so far, of the total. */
  onProgress?: (done: number, total: number) => void;
  /** PDF: at most this many scanned pages are read by OCR (default 50). */
  maxOcrPages?: number;
  /** PDF: a folder with PDF.js's cmaps/ and standard_fonts/ (default: the pdfjs-dist package when installed). */
  pdfDataDir?: string;
}

export const SUPPORTED_EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'markdown', 'png', 'jpg', 'jpeg', 'webp', 'bmp'] as const;

const IMAGE = new Set(['png', 'jpg', 'jpeg', 'webp', 'bmp']);

export async function parseDocument(body: Buffer, ext: string, opts: ParseOptions = {}): Promise<ParsedDocument> {
  const kind = ext.toLowerCase().replace(/^\./, '');
  opts.signal?.throwIfAborted();
  let blocks: ParsedBlock[];
  let pages: number | null = null;
  let ocrPages = 0;
  let skippedPages = 0;
  if (kind === 'pdf') {
    const r = await parsePdf(body, opts);
    ({ blocks, pages, ocrPages, skippedPages } = r);
  } else if (kind === 'docx') {
    blocks = await parseDocx(body);
  } else if (kind === 'txt') {
    blocks = parseTxt(body);
  } else if (kind === 'md' || kind === 'markdown') {
    blocks = parseMarkdown(body);
  } else if (IMAGE.has(kind)) {
    const r = await parseImage(body, opts.ocr, opts);
    blocks = r.blocks;
    ocrPages = 1;
  } else {
    throw new ParseError(MESSAGES.unsupported, 'unsupported');
  }
  if (kind !== 'pdf') opts.onProgress?.(1, 1);
  blocks = blocks.filter((b) => b.text.trim());
  if (!blocks.length) throw new ParseError(MESSAGES.empty, 'empty');
  return { pages, blocks, title: pickTitle(blocks), ocrPages, ...(skippedPages ? { skippedPages } : {}) };
}
