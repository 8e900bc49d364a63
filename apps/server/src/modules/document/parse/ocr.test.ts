/**
 * OCR end to end with the bundled Chinese and English models (offline). Slow: one engine for
 * the whole file, small images. Skipped when no CJK font is installed to draw the test images.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk.ts';
import { planStrips } from './image.ts';
import { parseDocument } from './index.ts';
import { OcrEngine } from './ocr.ts';
import { findCjkFont, makeScannedPdf, makeTextPdf, renderTextPng } from './test-fixtures.ts';

const font = findCjkFont();
const squash = (s: string) => s.replace(/\s+/g, '');

describe('planStrips', () => {
  it('leaves a normal picture whole and cuts a long one into overlapping strips', () => {
    expect(planStrips(800, 1200)).toEqual([{ top: 0, height: 1200, ownTop: 0, ownBottom: 1200 }]);
    const strips = planStrips(600, 4000);
    expect(strips.length).toBeGreaterThan(3);
    expect(strips[0]!.top).toBe(0);
    expect(strips.at(-1)!.top + strips.at(-1)!.height).toBe(4000);
    for (let i = 1; i < strips.length; i++) {
      const prev = strips[i - 1]!;
      const s = strips[i]!;
      expect(s.top).toBeLessThan(prev.top + prev.height); // overlap
      expect(s.ownTop).toBe(prev.ownBottom); // own bands tile the picture
    }
    expect(strips.at(-1)!.ownBottom).toBe(4000);
  });
});

describe.skipIf(!font)('OCR (needs a CJK font to draw test images)', () => {
  let dir: string;
  let ocr: OcrEngine;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ocr-test-'));
    ocr = new OcrEngine({ cacheDir: dir });
  });
  afterAll(async () => {
    await ocr?.terminate();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads Chinese and English from a PNG, without spaces between Chinese characters', { timeout: 120_000 }, async () => {
    const png = (await renderTextPng(['第一章 总则', '甲方应在三十日内支付违约金。', 'The penalty is paid by wire transfer.']))!;
    const text = await ocr.recognize(png);
    expect(text).toContain('甲方应在三十日内支付违约金');
    expect(text).toContain('penalty');
    expect(text).toContain('transfer');
    expect(text).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/);

    const doc = await parseDocument(png, 'png', { ocr });
    expect(doc.ocrPages).toBe(1);
    expect(doc.blocks[0]).toMatchObject({ level: 1 });
    expect(squash(doc.blocks[0]!.text)).toBe('第一章总则');
    expect(doc.blocks.some((b) => b.level === 0 && b.text.includes('违约金'))).toBe(true);
  });

  it('cuts a long picture into strips and reads every line once', { timeout: 180_000 }, async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `第${i + 1}项 编号${1000 + i}的货物已送达`);
    const png = (await renderTextPng(lines, { width: 480, fontSize: 22, lineHeight: 40 }))!;
    const progress: number[] = [];
    const doc = await parseDocument(png, 'png', { ocr, onProgress: (_done, total) => progress.push(total) });
    expect(progress[0]).toBeGreaterThan(1); // more than one strip
    const text = squash(doc.blocks.map((b) => b.text).join('\n'));
    let found = 0;
    for (let i = 0; i < 40; i++) {
      const n = text.split(`编号${1000 + i}`).length - 1;
      expect(n).toBeLessThanOrEqual(1); // never twice
      found += n;
    }
    expect(found).toBeGreaterThanOrEqual(36);
  });

  it('OCRs a scanned PDF page and keeps its page number; caps the OCR pages', { timeout: 180_000 }, async () => {
    const png = (await renderTextPng(['第二章 付款', '甲方应在收到发票后三十日内支付货款。', '逾期付款的，按日支付万分之五的违约金。'], { width: 900, fontSize: 30 }))!;
    const scanned = Buffer.from(await makeScannedPdf(png, 2));
    const doc = await parseDocument(scanned, 'pdf', { ocr });
    expect(doc.pages).toBe(2);
    expect(doc.ocrPages).toBe(2);
    expect(doc.blocks.every((b) => b.page === 1 || b.page === 2)).toBe(true);
    const chunks = chunkDocument(doc);
    expect(chunks.map((c) => c.page)).toEqual([1, 2]);
    expect(squash(chunks[0]!.text)).toContain('万分之五的违约金');
    expect(squash(chunks[0]!.section ?? '')).toBe('第二章付款');

    const capped = await parseDocument(scanned, 'pdf', { ocr, maxOcrPages: 1 });
    expect(capped.ocrPages).toBe(1);
    expect(capped.skippedPages).toBe(1);
    expect(capped.blocks.every((b) => b.page === 1)).toBe(true);
  });

  it('does not OCR pages that have a text layer', { timeout: 60_000 }, async () => {
    const pdf = await makeTextPdf([[{ heading: 'Plain', level: 1 }, { paragraph: 'A page with a real text layer needs no OCR at all.' }]]);
    const doc = await parseDocument(Buffer.from(pdf), 'pdf', { ocr });
    expect(doc.ocrPages).toBe(0);
  });

  it('refuses a file that is not an image', async () => {
    await expect(parseDocument(Buffer.from('not an image'), 'png', { ocr })).rejects.toMatchObject({ reason: 'corrupt' });
  });
});
