import { describe, expect, it } from 'vitest';
import { BlockSplitter, splitBlocks } from './split-blocks.ts';

const all = (r: { blocks: string[]; tail: string }) => [...r.blocks, r.tail];

describe('BlockSplitter', () => {
  it('splits paragraphs at blank lines, keeping the last one as the tail', () => {
    expect(splitBlocks('# 标题\n\n第一段\n第二行\n\n第二段')).toEqual({ blocks: ['# 标题', '第一段\n第二行'], tail: '第二段' });
  });

  it('keeps fenced code with blank lines in one block', () => {
    const text = '说明：\n\n```python\ndef f():\n\n    return 1\n```\n\n结束';
    expect(all(splitBlocks(text))).toEqual(['说明：', '```python\ndef f():\n\n    return 1\n```', '结束']);
  });

  it('needs a matching fence to close (longer backticks, tildes)', () => {
    const text = '````md\n```\n\ninner\n````\n\nafter';
    expect(all(splitBlocks(text))).toEqual(['````md\n```\n\ninner\n````', 'after']);
  });

  it('keeps display maths with blank lines in one block', () => {
    expect(all(splitBlocks('$$\na=b\n\nc=d\n$$\n\n文字'))).toEqual(['$$\na=b\n\nc=d\n$$', '文字']);
    expect(all(splitBlocks('$$E=mc^2$$\n\n文字'))).toEqual(['$$E=mc^2$$', '文字']);
  });

  it('keeps indented continuations of a list item with it', () => {
    expect(all(splitBlocks('1. 第一项\n\n   续行\n2. 第二项\n\n下一段'))).toEqual(['1. 第一项\n\n   续行\n2. 第二项', '下一段']);
  });

  it('gives the same result fed piece by piece, and scans only new text', () => {
    const text = '> 引用\n\n## 标题\n\n1. a\n2. b\n\n```js\nconst x = 1;\n\nx++;\n```\n\n$$\nx^2\n$$\n\n尾巴';
    const whole = splitBlocks(text);
    for (const step of [1, 2, 3, 7]) {
      const s = new BlockSplitter();
      let r = s.update('');
      for (let i = step; i < text.length + step; i += step) r = s.update(text.slice(0, i));
      expect(r).toEqual(whole);
    }
  });

  it('keeps finished block strings and the array stable while only the tail grows', () => {
    const s = new BlockSplitter();
    const a = s.update('第一段\n\n第二');
    const b = s.update('第一段\n\n第二段很长');
    expect(b.blocks).toBe(a.blocks);
    expect(b.tail).toBe('第二段很长');
  });

  it('starts over when the text is replaced', () => {
    const s = new BlockSplitter();
    s.update('甲\n\n乙\n\n丙');
    expect(s.update('新的\n\n内容')).toEqual({ blocks: ['新的'], tail: '内容' });
    expect(s.update('短')).toEqual({ blocks: [], tail: '短' });
  });

  it('stays linear: a long stream is scanned in about the time of one pass', () => {
    const para = '这是一段用于测试的中文文本，包含一些 **强调** 和 `代码`。\n\n';
    const text = para.repeat(3000);
    const s = new BlockSplitter();
    const t0 = performance.now();
    for (let i = 40; i <= text.length; i += 40) s.update(text.slice(0, i));
    const r = s.update(text);
    const elapsed = performance.now() - t0;
    expect(r.blocks.length).toBe(2999);
    expect(elapsed).toBeLessThan(1500);
  });
});
