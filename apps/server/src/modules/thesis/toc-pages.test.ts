import { describe, expect, it } from 'vitest';
import { splitAbstract } from './outline.ts';
import { headingLabels } from './toc-pages.ts';

describe('finding the headings on the rendered pages', () => {
  const pages = [
    { label: null, text: '毕业论文\n城市更新' },
    { label: 'I', text: '目 录\n第一章 绪论 ........ 1\n1.1 研究背景 ........ 1\n1.2 研究意义 ....... 2\n' },
    { label: '1', text: '          第一章 绪论\n1.1 研究背景\n本节围绕“研究意义”展开……\n 1' },
    { label: '2', text: '1.2 研究\n意义\n正文\n 2' },
    { label: '3', text: '参考文献\n 3' },
  ];

  it('takes each heading on the Arabic-numbered pages, in order, however its line wrapped; never the contents page', () => {
    expect(headingLabels(pages, ['第一章 绪论', '1.1 研究背景', '1.2 研究意义', '参考文献'])).toEqual(['1', '1', '2', '3']);
  });

  it('a heading not found is undefined (the caller falls back to the estimate)', () => {
    expect(headingLabels(pages, ['第一章 绪论', '第二章 方法', '参考文献'])).toEqual(['1', undefined, '3']);
  });

  it('looks for a heading only after the one before it', () => {
    expect(headingLabels(pages, ['1.2 研究意义', '第一章 绪论'])).toEqual(['2', undefined]);
  });
});

describe("a model's abstract reply", () => {
  const reply = '摘要：本文研究社区参与。\n关键词：社区；参与\nAbstract: This thesis studies participation.\nKey words: community; participation';

  it('splits the Chinese and the English abstract of a 毕业论文', () => {
    expect(splitAbstract(reply, true)).toEqual({ abstract: '本文研究社区参与。', keywords: '社区；参与', abstractEn: 'This thesis studies participation.', keywordsEn: 'community; participation' });
  });

  it('reads Markdown-styled headings too', () => {
    const md = '本文研究社区参与。\n关键词：社区；参与\n\n**Abstract**\nThis thesis studies participation.\n**Key words:** community; participation';
    expect(splitAbstract(md, true)).toMatchObject({ abstractEn: 'This thesis studies participation.', keywordsEn: 'community; participation', keywords: '社区；参与' });
  });

  it('without an English part (or not asked for one) the English fields are empty', () => {
    expect(splitAbstract('本文研究社区参与。\n关键词：社区', true)).toMatchObject({ abstract: '本文研究社区参与。', keywords: '社区', abstractEn: '', keywordsEn: '' });
    expect(splitAbstract('Abstract: This paper studies X.\nKeywords: a; b')).toMatchObject({ abstract: 'This paper studies X.', keywords: 'a; b', abstractEn: '' });
  });
});
