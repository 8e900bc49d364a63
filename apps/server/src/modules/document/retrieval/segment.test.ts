import { describe, expect, it } from 'vitest';
import { segment, stem } from './segment.ts';

describe('segment', () => {
  it('cuts Chinese in search mode: words and their sub-words', () => {
    const terms = segment('中华人民共和国合同法规定的违约金');
    expect(terms).toEqual(expect.arrayContaining(['中华人民共和国', '合同', '合同法', '违约', '违约金', '规定']));
    expect(terms).not.toContain('的');
  });

  it('drops punctuation, spaces and stopwords, lower-cases and stems English', () => {
    const terms = segment('请问：乙方逾期交货的违约金是多少？The Contracts were TERMINATED on 2024-01-01!');
    expect(terms).toEqual(expect.arrayContaining(['乙方', '逾期', '交货', '违约金', 'contract', 'terminat', '2024', '01']));
    for (const dropped of ['请问', '的', '是', '多少', '：', '？', '!', ' ', 'the', 'were', 'on']) expect(terms).not.toContain(dropped);
    expect(terms.every((t) => t === t.toLowerCase() && t.trim() === t && t.length > 0)).toBe(true);
  });

  it('gives queries and documents the same terms for inflected English', () => {
    expect(segment('payments delivered')).toEqual(segment('payment deliver'));
    expect(segment('running')).toEqual(['run']);
    expect(stem('policies')).toBe('policy');
    expect(stem('boxes')).toBe('box');
    expect(stem('status')).toBe('status');
    expect(stem('news')).toBe('new');
  });

  it('handles empty and symbol-only text', () => {
    expect(segment('')).toEqual([]);
    expect(segment(' ，。！？…——\n\t')).toEqual([]);
  });

  it('reads full-width letters and digits as ASCII', () => {
    expect(segment('ＡＰＩ　１２３')).toEqual(['api', '123']);
  });
});
