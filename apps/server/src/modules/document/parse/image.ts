/**
 * Images: OCR of the whole picture. A long picture (a phone screenshot of a chat, an article)
 * is cut into overlapping horizontal strips first, so tesseract sees text at a readable size;
 * each line is kept from the one strip whose own band holds the line's middle, so lines on a
 * cut are neither lost nor repeated.
 */
import type { OcrEngine, OcrLine, OcrParagraph } from './ocr.ts';
import { LIST_START, endsSentence, headingLevelByPattern, joinLines, yieldToLoop } from './text.ts';
import { MESSAGES, ParseError, type ParsedBlock } from './types.ts';

/** Pictures taller than this many widths are cut into strips. */
export const LONG_IMAGE_RATIO = 2.5;
/** Wider pictures are scaled down to this width before OCR (time grows with the pixels). */
const MAX_OCR_WIDTH = 2400;
/** Larger pictures are refused (decoding alone would take this many × 4 bytes). */
export const MAX_IMAGE_PIXELS = 60_000_000;
/** At most this many strips of a long picture are read (about 25 phone screens). */
export const MAX_STRIPS = 40;

export interface Strip {
  top: number;
  height: number;
  /** The band [ownTop, ownBottom) whose lines this strip keeps. */
  ownTop: number;
  ownBottom: number;
}

/** Overlapping strips for a picture of the given size (one strip for a picture that is not long). */
export function planStrips(width: number, height: number): Strip[] {
  if (height <= width * LONG_IMAGE_RATIO) return [{ top: 0, height, ownTop: 0, ownBottom: height }];
  // The overlap must be taller than any text line so a line cut in one strip is whole in the next.
  const overlap = Math.max(80, Math.round(width * 0.15));
  const stripHeight = Math.max(overlap * 4, Math.round(width * 1.4));
  const strips: Strip[] = [];
  let top = 0;
  for (;;) {
    const last = top + stripHeight >= height;
    const h = last ? height - top : stripHeight;
    strips.push({ top, height: h, ownTop: top === 0 ? 0 : top + overlap / 2, ownBottom: last ? height : top + h - overlap / 2 });
    if (last) break;
    top += stripHeight - overlap;
  }
  return strips;
}

/**
 * OCR paragraphs to blocks. Tesseract's paragraphs are loose, so a paragraph is also ended by a
 * short line that ends a sentence, and a short line that looks like a section heading
 * (第一章 …, 一、…) becomes a heading.
 */
export function paragraphsToBlocks(paragraphs: OcrParagraph[], page: number | null): ParsedBlock[] {
  const blocks: ParsedBlock[] = [];
  for (const p of paragraphs) {
    const widest = Math.max(...p.lines.map((l) => l.right - l.left));
    const short = (l: OcrLine) => widest > 0 && l.right - l.left < widest * 0.8;
    let body = '';
    p.lines.forEach((line, i) => {
      const level = headingLevelByPattern(line.text);
      if (level && (p.lines.length === 1 || short(line))) {
        if (body) blocks.push({ page, level: 0, text: body });
        body = '';
        blocks.push({ page, level, text: line.text });
        return;
      }
      if (body && LIST_START.test(line.text)) {
        blocks.push({ page, level: 0, text: body });
        body = '';
      }
      body = joinLines(body, line.text);
      if (i < p.lines.length - 1 && short(line) && endsSentence(line.text)) {
        blocks.push({ page, level: 0, text: body });
        body = '';
      }
    });
    if (body) blocks.push({ page, level: 0, text: body });
  }
  return blocks;
}

type Canvas = typeof import('@napi-rs/canvas');

async function loadCanvas(): Promise<Canvas> {
  return import('@napi-rs/canvas');
}

/** OCR of one picture; returns its blocks (page 1) and the number of strips read. */
export async function parseImage(
  body: Buffer,
  ocr: OcrEngine | undefined,
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ blocks: ParsedBlock[]; strips: number }> {
  if (!ocr) throw new ParseError(MESSAGES.noOcr, 'unsupported');
  const canvas = await loadCanvas();
  let img: Awaited<ReturnType<Canvas['loadImage']>>;
  try {
    img = await canvas.loadImage(body);
  } catch {
    throw new ParseError(MESSAGES.corrupt, 'corrupt');
  }
  if (!img.width || !img.height) throw new ParseError(MESSAGES.corrupt, 'corrupt');
  if (img.width * img.height > MAX_IMAGE_PIXELS) throw new ParseError(MESSAGES.imageTooLarge, 'unsupported');
  const scale = img.width > MAX_OCR_WIDTH ? MAX_OCR_WIDTH / img.width : 1;
  const width = Math.round(img.width * scale);
  const height = Math.round(img.height * scale);
  const strips = planStrips(width, height).slice(0, MAX_STRIPS);
  const paragraphs: OcrParagraph[] = [];
  for (let i = 0; i < strips.length; i++) {
    opts.signal?.throwIfAborted();
    const s = strips[i]!;
    // Always redrawn on white: a transparent PNG would otherwise read as black on black.
    let input: Buffer;
    {
      const c = canvas.createCanvas(width, s.height);
      const ctx = c.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, s.height);
      ctx.drawImage(img, 0, s.top / scale, img.width, s.height / scale, 0, 0, width, s.height);
      input = await c.encode('png');
    }
    const result = await ocr.recognizeDetailed(input);
    for (const p of result.paragraphs) {
      const lines = strips.length === 1 ? p.lines : p.lines.filter((l) => {
        const middle = s.top + (l.top + l.bottom) / 2;
        return middle >= s.ownTop && middle < s.ownBottom;
      });
      if (lines.length) paragraphs.push({ lines });
    }
    opts.onProgress?.(i + 1, strips.length);
    await yieldToLoop();
  }
  return { blocks: paragraphsToBlocks(paragraphs, null), strips: strips.length };
}
