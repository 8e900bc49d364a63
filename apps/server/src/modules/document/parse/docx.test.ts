import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk.ts';
import { DOCX_LIMITS, htmlToBlocks } from './docx.ts';
import { parseDocument } from './index.ts';
import { makeRepeatedDocx } from './test-fixtures.ts';
import { MESSAGES, ParseError } from './types.ts';

const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });

async function sampleDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: '采购合同', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: '第一章 总则', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun('本合同由甲方与乙方于 2024 年签订，'), new TextRun({ text: '双方应当遵守。', bold: true })] }),
          new Paragraph({ text: '第一条 定义', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('本合同所称“货物”是指附件一所列的设备 & 配件。'),
          new Paragraph({ text: '第二章 价格', heading: HeadingLevel.HEADING_1 }),
          new Table({
            rows: [
              new TableRow({ children: [cell('品名'), cell('数量'), cell('单价')] }),
              new TableRow({ children: [cell('服务器'), cell('10'), cell('¥35,000')] }),
            ],
          }),
          new Paragraph({ text: '以上价格含税。', bullet: { level: 0 } }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

describe('DOCX parsing', () => {
  it('turns headings into levels and paragraphs, list items and table rows into body blocks', async () => {
    const doc = await parseDocument(await sampleDocx(), 'docx');
    expect(doc.pages).toBeNull();
    expect(doc.ocrPages).toBe(0);
    expect(doc.title).toBe('采购合同');
    expect(doc.blocks).toEqual([
      { page: null, level: 1, text: '采购合同' },
      { page: null, level: 1, text: '第一章 总则' },
      { page: null, level: 0, text: '本合同由甲方与乙方于 2024 年签订，双方应当遵守。' },
      { page: null, level: 2, text: '第一条 定义' },
      { page: null, level: 0, text: '本合同所称“货物”是指附件一所列的设备 & 配件。' },
      { page: null, level: 1, text: '第二章 价格' },
      { page: null, level: 0, text: '品名 | 数量 | 单价' },
      { page: null, level: 0, text: '服务器 | 10 | ¥35,000' },
      { page: null, level: 0, text: '以上价格含税。' },
    ]);
    const chunks = chunkDocument(doc);
    expect(chunks.find((c) => c.text.includes('服务器'))).toMatchObject({ page: null, section: '第二章 价格' });
    expect(chunks.find((c) => c.text.includes('附件一'))).toMatchObject({ section: '第一章 总则 / 第一条 定义' });
  });

  it('reads mammoth HTML: entities, line breaks, nested lists and tables', () => {
    const html =
      '<h2>A &amp; B</h2><p>one<br />two</p><ul><li>x<ul><li>y</li></ul></li></ul>' +
      '<table><tr><td><p>a</p><p>b</p></td><td>&#20013;&#x6587;</td></tr></table><p>after</p>';
    expect(htmlToBlocks(html)).toEqual([
      { page: null, level: 2, text: 'A & B' },
      { page: null, level: 0, text: 'one\ntwo' },
      { page: null, level: 0, text: 'x' },
      { page: null, level: 0, text: 'y' },
      { page: null, level: 0, text: 'a b | 中文' },
      { page: null, level: 0, text: 'after' },
    ]);
  });

  it('refuses a damaged file and an old .doc', async () => {
    const corrupt = await parseDocument(Buffer.from('PK\u0003\u0004 not really a zip'), 'docx').catch((e: unknown) => e);
    expect(corrupt).toBeInstanceOf(ParseError);
    expect((corrupt as ParseError).message).toBe('文件已损坏或格式不正确');
    const ole = Buffer.alloc(1024);
    ole.writeUInt32BE(0xd0cf11e0, 0);
    ole.writeUInt32BE(0xa1b11ae1, 4);
    const old = await parseDocument(ole, 'docx').catch((e: unknown) => e);
    expect((old as ParseError).reason).toBe('unsupported');
    Buffer.from('EncryptedPackage', 'utf16le').copy(ole, 512);
    const enc = await parseDocument(ole, 'docx').catch((e: unknown) => e);
    expect((enc as ParseError).message).toBe('文档已加密，无法解析');
  });

  it('says there is no text in an empty document', async () => {
    const empty = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('')] }] }));
    await expect(parseDocument(empty, 'docx')).rejects.toMatchObject({ reason: 'empty', message: '文档中没有可识别的文字' });
  });

  it('refuses a zip bomb without inflating it: 64 MB of document.xml in a few hundred KB, its size told truly or not', async () => {
    const paragraph = '<w:p><w:r><w:t>这是一段重复的文字，用来把文档撑大。</w:t></w:r></w:p>';
    const copies = Math.ceil((64 << 20) / Buffer.byteLength(paragraph));
    for (const lie of [false, true]) {
      const bomb = await makeRepeatedDocx(copies, { lie });
      expect(bomb.length).toBeLessThan(400_000);
      const before = process.memoryUsage().rss;
      const e = await parseDocument(bomb, 'docx').catch((err: unknown) => err);
      expect(e).toBeInstanceOf(ParseError);
      expect(e).toMatchObject({ reason: 'too_large', message: MESSAGES.tooLarge });
      // Inflation stopped at the part limit: the process did not take the 64 MB text, let alone mammoth's tree of it.
      expect(process.memoryUsage().rss - before).toBeLessThan(DOCX_LIMITS.maxEntryBytes * 4);
    }
  });

  it('reads a document written by hand, not by Word or the docx library, through the bounded reader', async () => {
    const doc = await parseDocument(await makeRepeatedDocx(2000, { text: '合同第一条：双方应当遵守。' }), 'docx');
    expect(doc.blocks).toHaveLength(2000);
    expect(doc.blocks[0]).toEqual({ page: null, level: 0, text: '合同第一条：双方应当遵守。' });
  });

  it('keeps at most the given characters of text, cutting the last block', () => {
    const html = '<p>一二三四五</p><p>六七八九十</p><p>十一</p>';
    expect(htmlToBlocks(html, 7)).toEqual([
      { page: null, level: 0, text: '一二三四五' },
      { page: null, level: 0, text: '六七' },
    ]);
    expect(htmlToBlocks('<p>a😀b</p>', 2)).toEqual([{ page: null, level: 0, text: 'a' }]);
  });
});
