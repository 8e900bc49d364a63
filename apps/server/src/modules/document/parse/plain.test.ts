import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk.ts';
import { parseDocument } from './index.ts';
import { decodeText, stripInlineMarkdown } from './plain.ts';
import { ParseError } from './types.ts';

const chinese = '第一章 总则\n\n本合同自双方签字之日起生效。\n任何一方不得擅自变更。\n\n第二章 违约责任\n\n逾期付款的，每日按未付金额的万分之五支付违约金。\n';

/** GB18030 bytes of a string, written by hand for the characters used (no encoder in Node). */
function gb18030(text: string): Buffer {
  const table: Record<string, number[]> = { 你: [0xc4, 0xe3], 好: [0xba, 0xc3], 世: [0xca, 0xc0], 界: [0xbd, 0xe7], '，': [0xa3, 0xac], '。': [0xa1, 0xa3] };
  const out: number[] = [];
  for (const ch of text) {
    if (table[ch]) out.push(...table[ch]);
    else if (ch.charCodeAt(0) < 0x80) out.push(ch.charCodeAt(0));
    else throw new Error(`no GB18030 code for ${ch}`);
  }
  return Buffer.from(out);
}

describe('TXT', () => {
  it('reads UTF-8 with headings and blank-line paragraphs', async () => {
    const doc = await parseDocument(Buffer.from(chinese, 'utf8'), 'txt');
    expect(doc.pages).toBeNull();
    expect(doc.title).toBe('第一章 总则');
    expect(doc.blocks).toEqual([
      { page: null, level: 1, text: '第一章 总则' },
      { page: null, level: 0, text: '本合同自双方签字之日起生效。任何一方不得擅自变更。' },
      { page: null, level: 1, text: '第二章 违约责任' },
      { page: null, level: 0, text: '逾期付款的，每日按未付金额的万分之五支付违约金。' },
    ]);
    const chunks = chunkDocument(doc);
    expect(chunks.map((c) => c.section)).toEqual(['第一章 总则', '第二章 违约责任']);
  });

  it('treats every line as a paragraph when the text has no blank lines, and joins English lines with spaces', async () => {
    const lines = await parseDocument(Buffer.from('甲方：某某公司\n乙方：某某有限公司\n签订日期：2024年1月1日\n签订地点：北京\n'), 'txt');
    expect(lines.blocks.map((b) => b.text)).toEqual(['甲方：某某公司', '乙方：某某有限公司', '签订日期：2024年1月1日', '签订地点：北京']);
    const english = await parseDocument(Buffer.from('This is a long\nwrapped para-\ngraph.\n\nSecond one.\n'), 'txt');
    expect(english.blocks.map((b) => b.text)).toEqual(['This is a long wrapped paragraph.', 'Second one.']);
  });

  it('starts a paragraph at a list item or a numbered clause', async () => {
    const doc = await parseDocument(Buffer.from('Items needed:\n- pen\n- paper\n\n第一条 甲方应当\n按时付款。\n第二条 乙方应当\n按时交货。\n'), 'txt');
    expect(doc.blocks.map((b) => b.text)).toEqual(['Items needed:', '- pen', '- paper', '第一条 甲方应当按时付款。', '第二条 乙方应当按时交货。']);
  });

  it('detects BOMs: UTF-8, UTF-16 LE and BE', async () => {
    const text = '你好，世界。Hello';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    be[0] = 0xfe;
    be[1] = 0xff;
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    for (const body of [le, be, utf8]) expect((await parseDocument(body, 'txt')).blocks[0]!.text).toBe(text);
    // UTF-16 without a BOM, told by its zero bytes
    expect(decodeText(Buffer.from(`${text} and some more ASCII text`, 'utf16le'))).toBe(`${text} and some more ASCII text`);
  });

  it('falls back to GB18030 when the bytes are not UTF-8', async () => {
    const doc = await parseDocument(gb18030('你好，世界。\n\nhello'), 'txt');
    expect(doc.blocks.map((b) => b.text)).toEqual(['你好，世界。', 'hello']);
  });

  it('refuses binary files and empty text', async () => {
    const binary = Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 7919) % 256));
    await expect(parseDocument(binary, 'txt')).rejects.toBeInstanceOf(ParseError);
    await expect(parseDocument(Buffer.from(' \n\n \t\n'), 'txt')).rejects.toMatchObject({ reason: 'empty', message: '文档中没有可识别的文字' });
  });
});

describe('Markdown', () => {
  it('maps # headings to levels and strips markup', async () => {
    const md = [
      '---',
      'title: ignored front matter',
      '---',
      '# 用户手册',
      '',
      '欢迎使用**智能助手**，详见[官网](https://example.com)。',
      '',
      '## 安装 `npm`',
      '',
      '- 第一步：下载',
      '- 第二步：*安装*',
      '',
      '| 参数 | 说明 |',
      '| --- | --- |',
      '| port | 端口 |',
      '',
      '```bash',
      'npm install',
      '```',
      '',
      'Setext heading',
      '--------------',
      '> quoted line',
      '> continues here',
    ].join('\n');
    const doc = await parseDocument(Buffer.from(md), 'md');
    expect(doc.title).toBe('用户手册');
    expect(doc.blocks).toEqual([
      { page: null, level: 1, text: '用户手册' },
      { page: null, level: 0, text: '欢迎使用智能助手，详见官网。' },
      { page: null, level: 2, text: '安装 npm' },
      { page: null, level: 0, text: '第一步：下载' },
      { page: null, level: 0, text: '第二步：安装' },
      { page: null, level: 0, text: '参数 | 说明' },
      { page: null, level: 0, text: 'port | 端口' },
      { page: null, level: 0, text: 'npm install' },
      { page: null, level: 2, text: 'Setext heading' },
      { page: null, level: 0, text: 'quoted line continues here' },
    ]);
  });

  it('strips inline markup but keeps snake_case words', () => {
    expect(stripInlineMarkdown('**bold** _em_ snake_case_name ![img](a.png) <b>x</b> \\*lit\\*')).toBe('bold em snake_case_name img x *lit*');
  });
});

describe('formats', () => {
  it('refuses an unknown extension', async () => {
    await expect(parseDocument(Buffer.from('x'), 'exe')).rejects.toMatchObject({ reason: 'unsupported', message: '不支持的文件格式' });
  });

  it('refuses images when no OCR engine is given', async () => {
    await expect(parseDocument(Buffer.from('x'), 'png')).rejects.toBeInstanceOf(ParseError);
  });
});
