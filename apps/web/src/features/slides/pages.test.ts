import { describe, expect, it } from 'vitest';
import type { DeckSlide } from '@app/shared';
import { previewPages } from './pages.ts';

const slide = (over: Partial<DeckSlide>): DeckSlide => ({ kind: 'bullets', title: '要点', notes: '讲稿', section: 0, ...over });

describe('previewPages', () => {
  it('shows a split slide as the export does: its points over pages titled （续）, notes on the first only', () => {
    const slides = [slide({ kind: 'cover', title: '封面', section: -1 }), slide({ bullets: ['一', '二', '三', '四', '五'] })];
    const pages = previewPages({ language: 'zh-CN', slides, exportPages: [{ index: 0, from: 0, to: 0 }, { index: 1, from: 0, to: 3 }, { index: 1, from: 3, to: 5 }] });
    expect(pages.map((p) => p.index)).toEqual([0, 1, 1]);
    expect(pages.map((p) => p.slide.title)).toEqual(['封面', '要点', '要点（续）']);
    expect(pages.flatMap((p) => p.slide.bullets ?? [])).toEqual(['一', '二', '三', '四', '五']);
    expect(pages[2]!.slide.notes).toBe('');
    const en = previewPages({ language: 'en', slides, exportPages: [{ index: 1, from: 0, to: 2 }, { index: 1, from: 2, to: 5 }] });
    expect(en[1]!.slide.title).toBe('要点 (cont.)');
  });

  it('splits two columns by rows, and a page naming no slide is left out', () => {
    const cols = slide({ kind: 'two-column', left: { heading: '左', bullets: ['a', 'b', 'c'] }, right: { heading: '右', bullets: ['x', 'y'] } });
    const pages = previewPages({ language: 'zh-CN', slides: [cols], exportPages: [{ index: 0, from: 0, to: 2 }, { index: 0, from: 2, to: 3 }, { index: 4, from: 0, to: 0 }] });
    expect(pages).toHaveLength(2);
    expect(pages[1]!.slide.left!.bullets).toEqual(['c']);
    expect(pages[1]!.slide.right!.bullets).toEqual([]);
  });

  it('without pages from the server: one page per slide', () => {
    const slides = [slide({}), slide({ kind: 'quote', quote: '金句' })];
    expect(previewPages({ language: 'zh-CN', slides, exportPages: [] }).map((p) => p.slide)).toEqual(slides);
  });
});
