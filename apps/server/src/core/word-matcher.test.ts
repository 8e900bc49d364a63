import { describe, expect, it } from 'vitest';
import { normaliseWord, WordMatcher } from './word-matcher.ts';

describe('WordMatcher', () => {
  it('finds a word anywhere, case-insensitive, across full-width forms and spaces', () => {
    const m = new WordMatcher(['违规词', 'BadWord', 'ＡＢＣ']);
    expect(m.find('这里有违规词。')).toBe('违规词');
    expect(m.find('这里有违 规　词')).toBe('违规词');
    expect(m.find('a ｂａｄｗｏｒｄ here')).toBe('badword');
    expect(m.find('x abc y')).toBe('abc');
    expect(m.find('违规 是一个词')).toBeNull();
    expect(m.find('')).toBeNull();
  });

  it('finds words that overlap or sit inside longer ones (failure links)', () => {
    const m = new WordMatcher(['he', 'she', 'his', 'hers', 'abcd', 'bc']);
    expect(m.find('ushers')).toBe('she');
    expect(m.find('xabcx')).toBe('bc');
    expect(m.find('ahishe')).toBe('his');
    expect(new WordMatcher(['aab']).find('aaab')).toBe('aab');
    expect(new WordMatcher(['abab', 'bc']).find('ababc')).toBe('abab');
    expect(new WordMatcher(['abcde', 'cdx']).find('abcdx')).toBe('cdx');
  });

  it('ignores blank words and duplicates; an empty list finds nothing', () => {
    const m = new WordMatcher(['  ', '', 'Foo', 'ｆｏｏ', 'f o o']);
    expect(m.size).toBe(1);
    expect(new WordMatcher([]).find('anything')).toBeNull();
  });

  it('agrees with a naive search on random text', () => {
    const alphabet = 'abcd违规';
    const rand = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    for (let round = 0; round < 200; round++) {
      const words = Array.from({ length: 5 }, () => rand(1 + Math.floor(Math.random() * 4)));
      const text = rand(30);
      const found = new WordMatcher(words).find(text);
      const any = words.some((w) => text.includes(normaliseWord(w)));
      expect(found !== null, `${words} in ${text}`).toBe(any);
      if (found) expect(text.includes(found)).toBe(true);
    }
  });
});
