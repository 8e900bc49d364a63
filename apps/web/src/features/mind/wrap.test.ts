import { describe, expect, it } from 'vitest';
import { breakable, wrapText } from './wrap.ts';

/** A fixed-width font: CJK 15 px, anything else 8 px. */
const measure = (s: string) => Array.from(s).reduce((w, ch) => w + (/[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 15 : 8), 0);

describe('label line breaking', () => {
  it('breaks between CJK characters, keeps Latin words and closing marks whole', () => {
    expect(breakable('用 React 写，好')).toEqual(['用 ', 'React ', '写，', '好']);
    expect(breakable('（注）好')).toEqual(['（注）', '好']);
  });

  it('keeps every character: the lines joined are the text', () => {
    const text = '通过检索增强生成获得真实内容，并在回答中标注来源，降低大模型幻觉的风险';
    const lines = wrapText(text, 280, measure);
    expect(lines.length).toBe(2);
    expect(lines.join('')).toBe(text);
    for (const l of lines) expect(measure(l)).toBeLessThanOrEqual(280);
    // A closing mark never starts a line.
    for (const l of lines.slice(1)) expect(l).not.toMatch(/^[，。]/);
  });

  it('breaks Latin text at spaces and lets a word longer than the line stand alone', () => {
    const lines = wrapText('use retrieval augmented generation https://example.com/a/very/long/path/that/does/not/fit', 160, measure);
    expect(lines.join(' ')).toBe('use retrieval augmented generation https://example.com/a/very/long/path/that/does/not/fit');
    expect(lines[lines.length - 1]).toBe('https://example.com/a/very/long/path/that/does/not/fit');
    expect(wrapText('   ', 100, measure)).toEqual(['']);
  });
});
