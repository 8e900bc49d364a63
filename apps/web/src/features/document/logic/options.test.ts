import { describe, expect, it } from 'vitest';
import { citationPlaces, findOption, needsQuestion, optionLabel, resolveLanguage, selectAfterDelete } from './options.ts';

const actions = [
  { value: 'summary', label: '总结全文' },
  { value: 'qa', label: '问答' },
];
const languages = [
  { value: '中文', label: '中文' },
  { value: 'English', label: 'English' },
];

describe('document options', () => {
  it('only 问答 needs a question', () => {
    expect(needsQuestion(actions[1])).toBe(true);
    expect(needsQuestion({ value: 'ask', label: '问答' })).toBe(true);
    expect(needsQuestion(actions[0])).toBe(false);
    expect(needsQuestion(null)).toBe(false);
  });

  it('finds an option by value or label and labels unknown values as they are', () => {
    expect(findOption(actions, '总结全文')?.value).toBe('summary');
    expect(optionLabel(actions, 'qa')).toBe('问答');
    expect(optionLabel(actions, 'other')).toBe('other');
  });

  it('keeps the remembered output language while offered, else the default 中文', () => {
    expect(resolveLanguage(languages, '中文', 'English')).toBe('English');
    expect(resolveLanguage(languages, '中文', 'Klingon')).toBe('中文');
    expect(resolveLanguage(languages, '中文', null)).toBe('中文');
    expect(resolveLanguage([], '中文', 'English')).toBe('中文');
  });

  it('shows one chip per page (or section), pages in order', () => {
    const places = citationPlaces([
      { n: 4, page: 7, section: null },
      { n: 1, page: 2, section: '引言' },
      { n: 2, page: 2, section: '引言' },
      { n: 9, page: null, section: '附录' },
      { n: 10, page: null, section: '附录' },
      { n: 11, page: null, section: null },
    ]);
    expect(places.map((p) => [p.page, p.section])).toEqual([
      [2, '引言'],
      [7, null],
      [null, '附录'],
      [null, null],
    ]);
  });

  it('after a delete selects the same position, else the previous, else none (SPEC §4.1)', () => {
    expect(selectAfterDelete(['a', 'c'], 1)).toBe('c');
    expect(selectAfterDelete(['a', 'b'], 2)).toBe('b');
    expect(selectAfterDelete([], 0)).toBeNull();
  });
});
