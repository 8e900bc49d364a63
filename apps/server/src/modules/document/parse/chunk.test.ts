import { describe, expect, it } from 'vitest';
import { chunkDocument, chunkSearchText, splitParagraph } from './chunk.ts';
import type { ParsedBlock, ParsedDocument } from './types.ts';

const doc = (blocks: ParsedBlock[]): ParsedDocument => ({ pages: null, blocks, title: null, ocrPages: 0 });
const body = (text: string, page: number | null = null): ParsedBlock => ({ page, level: 0, text });
const heading = (text: string, level: number, page: number | null = null): ParsedBlock => ({ page, level, text });

describe('chunkDocument', () => {
  it('gives headings their path as the section of what follows', () => {
    const chunks = chunkDocument(
      doc([
        body('前言：本文件适用于全体员工。'),
        heading('第一章 总则', 1),
        heading('第一条 目的', 2),
        body('为规范管理，制定本办法。'),
        heading('第二条 范围', 2),
        body('本办法适用于公司全体员工。'),
        heading('第二章 考勤', 1),
        body('员工应按时上下班。'),
      ]),
    );
    expect(chunks).toEqual([
      { ord: 0, page: null, section: null, text: '前言：本文件适用于全体员工。' },
      { ord: 1, page: null, section: '第一章 总则 / 第一条 目的', text: '第一章 总则\n第一条 目的\n为规范管理，制定本办法。' },
      { ord: 2, page: null, section: '第一章 总则 / 第二条 范围', text: '第二条 范围\n本办法适用于公司全体员工。' },
      { ord: 3, page: null, section: '第二章 考勤', text: '第二章 考勤\n员工应按时上下班。' },
    ]);
    expect(chunkSearchText(chunks[2]!)).toBe('第一章 总则 / 第二条 范围\n第二条 范围\n本办法适用于公司全体员工。');
  });

  it('packs paragraphs up to maxChars without splitting them, counting characters not bytes', () => {
    const p = (n: number, ch: string) => ch.repeat(n - 1) + '。';
    const chunks = chunkDocument(doc([body(p(40, '甲')), body(p(40, '乙')), body(p(40, '丙')), body(p(30, '丁'))]), { maxChars: 100 });
    // 40 + 1 + 40 = 81 fits; adding the third (122) does not.
    expect(chunks.map((c) => c.text.length)).toEqual([81, 71]);
    expect(chunks[0]!.text).toBe(`${p(40, '甲')}\n${p(40, '乙')}`);
    expect(chunks[1]!.text).toBe(`${p(40, '丙')}\n${p(30, '丁')}`);
  });

  it('splits a paragraph longer than maxChars at sentence ends', () => {
    const sentence = (i: number) => `这是第${i}句话，内容用来测试长段落的切分是否发生在句号之后。`;
    const long = Array.from({ length: 12 }, (_, i) => sentence(i + 1)).join('');
    const chunks = chunkDocument(doc([body(long)]), { maxChars: 120 });
    expect(chunks.length).toBe(Math.ceil(long.length / 120));
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(120);
      expect(c.text.endsWith('。')).toBe(true);
    }
    expect(chunks.map((c) => c.text).join('')).toBe(long);
  });

  it('splits English at ". " and cuts a sentence that alone is too long', () => {
    expect(splitParagraph('One two three. Four five six. Seven eight nine.', 20)).toEqual(['One two three.', 'Four five six.', 'Seven eight nine.']);
    const run = 'x'.repeat(250);
    const pieces = splitParagraph(run, 100);
    expect(pieces.map((p) => p.length)).toEqual([100, 100, 50]);
  });

  it('never lets a chunk span two pages', () => {
    const chunks = chunkDocument(doc([heading('Intro', 1, 1), body('a short paragraph', 1), body('continued on page two', 2), body('and three', 3)]));
    expect(chunks.map((c) => [c.page, c.section, c.text])).toEqual([
      [1, 'Intro', 'Intro\na short paragraph'],
      [2, 'Intro', 'continued on page two'],
      [3, 'Intro', 'and three'],
    ]);
  });

  it('drops empty blocks and heading-only chunks whose section the next chunk carries', () => {
    const chunks = chunkDocument(doc([body('   '), heading('Chapter 1', 1, 1), body('\n\t', 1), body('text', 2), heading('Appendix', 1, 3)]));
    expect(chunks.map((c) => [c.page, c.section, c.text])).toEqual([
      [2, 'Chapter 1', 'text'],
      [3, 'Appendix', 'Appendix'],
    ]);
    expect(chunkDocument(doc([]))).toEqual([]);
    expect(chunkDocument(doc([body(' \n ')]))).toEqual([]);
  });

  it('pops deeper headings when a shallower one comes', () => {
    const chunks = chunkDocument(doc([heading('A', 1), heading('A.1', 2), heading('A.1.a', 3), body('deep'), heading('A.2', 2), body('mid'), heading('B', 1), body('top')]));
    expect(chunks.map((c) => c.section)).toEqual(['A / A.1 / A.1.a', 'A / A.2', 'B']);
  });
});
