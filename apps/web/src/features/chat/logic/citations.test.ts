import { describe, expect, it } from 'vitest';
import { hostOf, linkCitations } from './citations.ts';

const sources = [
  { title: '第一篇', url: 'https://a.example.com/x' },
  { title: '第 "二" 篇', url: 'https://b.example.com/wiki/A_(b) c' },
];

describe('linkCitations', () => {
  it('links [n] to the n-th source, leaves unknown numbers', () => {
    expect(linkCitations('见 [1] 与 [2]，另 [3]。', sources)).toBe(
      '见 [&#91;1&#93;](https://a.example.com/x "第一篇") 与 [&#91;2&#93;](https://b.example.com/wiki/A_%28b%29%20c "第 二 篇")，另 [3]。',
    );
  });
  it('leaves code, links and definitions alone', () => {
    const text = '```\na[1]\n```\n`b[1]` [1](http://x) [1]: http://y';
    expect(linkCitations(text, sources)).toBe(text);
  });
  it('does nothing without sources', () => {
    expect(linkCitations('[1]', [])).toBe('[1]');
  });
  it('hostOf drops www.', () => {
    expect(hostOf('https://www.example.com/a')).toBe('example.com');
    expect(hostOf('nonsense')).toBe('');
  });
});
