import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk.ts';
import { parseDocument } from './index.ts';
import { findPdfDataDir } from './pdf.ts';
import { makeCjkTextPdf, makeEncryptedPdf, makePredefinedCmapPdf, makeTextPdf, type PdfPart } from './test-fixtures.ts';
import { ParseError } from './types.ts';

const sentences = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `The ${topic} clause, item ${i + 1}, explains how the parties handle ${topic} in practice.`).join(' ');

const pages: PdfPart[][] = [
  [
    { heading: 'Supply Agreement', level: 1 },
    { paragraph: sentences('scope', 4) },
    { heading: 'Payment Terms', level: 2 },
    { paragraph: sentences('invoice', 3) },
    { paragraph: sentences('currency', 2) },
  ],
  [{ heading: 'Delivery', level: 2 }, { paragraph: sentences('shipping', 5) }],
  [{ paragraph: sentences('inspection', 3) }, { heading: 'Termination', level: 1 }, { paragraph: sentences('notice', 2) }],
];

async function expectParseError(p: Promise<unknown>, reason: string, message: string) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ParseError);
  expect((e as ParseError).reason).toBe(reason);
  expect((e as ParseError).message).toBe(message);
}

describe('PDF parsing', () => {
  it('keeps pages, finds headings by font size, drops page numbers', async () => {
    const progress: [number, number][] = [];
    const doc = await parseDocument(Buffer.from(await makeTextPdf(pages)), 'pdf', { onProgress: (d, t) => progress.push([d, t]) });
    expect(doc.pages).toBe(3);
    expect(doc.title).toBe('Supply Agreement');
    expect(doc.ocrPages).toBe(0);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const headings = doc.blocks.filter((b) => b.level > 0).map((b) => [b.page, b.level, b.text]);
    expect(headings).toEqual([
      [1, 1, 'Supply Agreement'],
      [1, 2, 'Payment Terms'],
      [2, 2, 'Delivery'],
      [3, 1, 'Termination'],
    ]);
    const body = doc.blocks.filter((b) => b.level === 0);
    // Each paragraph comes back whole (its wrapped lines joined with spaces), on its page.
    expect(body.map((b) => [b.page, b.text])).toEqual([
      [1, sentences('scope', 4)],
      [1, sentences('invoice', 3)],
      [1, sentences('currency', 2)],
      [2, sentences('shipping', 5)],
      [3, sentences('inspection', 3)],
      [3, sentences('notice', 2)],
    ]);
    expect(doc.blocks.some((b) => /Page \d/.test(b.text))).toBe(false);
  });

  it('chunks a PDF with the right pages and section paths', async () => {
    const doc = await parseDocument(Buffer.from(await makeTextPdf(pages)), 'pdf');
    const chunks = chunkDocument(doc, { maxChars: 500 });
    const find = (word: string) => chunks.find((c) => c.text.includes(word))!;
    expect(find('scope clause')).toMatchObject({ page: 1, section: 'Supply Agreement' });
    expect(find('invoice clause')).toMatchObject({ page: 1, section: 'Supply Agreement / Payment Terms' });
    expect(find('shipping clause')).toMatchObject({ page: 2, section: 'Supply Agreement / Delivery' });
    // Page 3 continues the Delivery section until the next level-1 heading.
    expect(find('inspection clause')).toMatchObject({ page: 3, section: 'Supply Agreement / Delivery' });
    expect(find('notice clause')).toMatchObject({ page: 3, section: 'Termination' });
    expect(find('inspection clause').text).not.toContain('notice clause');
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(500);
    expect(chunks.map((c) => c.ord)).toEqual(chunks.map((_, i) => i));
  });

  it('reads a Chinese text layer without spaces between characters', async () => {
    const pdf = await makeCjkTextPdf([
      [
        { heading: '第一章 总则', level: 1 },
        { heading: '第一条 目的', level: 2 },
        { paragraph: '为了规范双方的权利义务，根据《中华人民共和国民法典》及相关法律法规的规定，甲乙双方在平等自愿的基础上签订本合同，共同遵守。' },
        { paragraph: '乙方逾期交货的，每逾期一日，应按合同总价款的千分之三向甲方支付违约金。' },
      ],
      [{ heading: '第二章 付款', level: 1 }, { paragraph: '甲方应在收到发票后三十日内支付货款。' }],
    ]);
    const doc = await parseDocument(Buffer.from(pdf), 'pdf');
    expect(doc.title).toBe('第一章 总则');
    expect(doc.blocks).toEqual([
      { page: 1, level: 1, text: '第一章 总则' },
      { page: 1, level: 2, text: '第一条 目的' },
      { page: 1, level: 0, text: '为了规范双方的权利义务，根据《中华人民共和国民法典》及相关法律法规的规定，甲乙双方在平等自愿的基础上签订本合同，共同遵守。' },
      { page: 1, level: 0, text: '乙方逾期交货的，每逾期一日，应按合同总价款的千分之三向甲方支付违约金。' },
      { page: 2, level: 1, text: '第二章 付款' },
      { page: 2, level: 0, text: '甲方应在收到发票后三十日内支付货款。' },
    ]);
    const chunks = chunkDocument(doc);
    expect(chunks.map((c) => [c.page, c.section])).toEqual([
      [1, '第一章 总则 / 第一条 目的'],
      [2, '第二章 付款'],
    ]);
    expect(chunks[0]!.text).toContain('千分之三向甲方支付违约金');
  });

  it.skipIf(!findPdfDataDir())('reads non-embedded CJK fonts with predefined CMaps (needs pdfjs-dist data)', async () => {
    const doc = await parseDocument(Buffer.from(await makePredefinedCmapPdf('电子发票 价税合计：壹佰元整')), 'pdf');
    expect(doc.blocks).toEqual([{ page: 1, level: 0, text: '电子发票 价税合计：壹佰元整' }]);
  });

  it('without CMap data, a predefined-CMap PDF has no readable text', async () => {
    const pdf = Buffer.from(await makePredefinedCmapPdf('电子发票'));
    await expectParseError(parseDocument(pdf, 'pdf', { pdfDataDir: '/nonexistent' }), 'empty', '文档中没有可识别的文字');
  });

  it('refuses an encrypted PDF', async () => {
    await expectParseError(parseDocument(Buffer.from(makeEncryptedPdf()), 'pdf'), 'encrypted', '文档已加密，无法解析');
  });

  it('refuses garbage and truncated files', async () => {
    await expectParseError(parseDocument(Buffer.from('%PDF-1.7\nthis is not really a pdf'), 'pdf'), 'corrupt', '文件已损坏或格式不正确');
    await expectParseError(parseDocument(Buffer.from('PK\u0003\u0004 something else'), 'pdf'), 'corrupt', '文件已损坏或格式不正确');
    const good = await makeTextPdf(pages);
    await expectParseError(parseDocument(Buffer.from(good.subarray(0, 200)), 'pdf'), 'corrupt', '文件已损坏或格式不正确');
  });

  it('says there is no text when a PDF has none', async () => {
    const empty = await makeTextPdf([[], []], { footer: false });
    await expectParseError(parseDocument(Buffer.from(empty), 'pdf'), 'empty', '文档中没有可识别的文字');
  });

  it('stops when the signal aborts', async () => {
    const ctrl = new AbortController();
    const big = await makeTextPdf(Array.from({ length: 20 }, () => pages[1]!));
    let seen = 0;
    const p = parseDocument(Buffer.from(big), 'pdf', {
      signal: ctrl.signal,
      onProgress: (done) => {
        seen = done;
        if (done === 3) ctrl.abort();
      },
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toBe(3);
  });
});
