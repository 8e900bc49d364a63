import type { DeckSlide, DeckView } from '@app/shared';
import { pageSlide } from '@app/shared/slides';

/** One page of the preview: what the export draws there, and the slide it comes from (the one an edit changes). */
export interface PreviewPage {
  index: number;
  slide: DeckSlide;
}

/** The deck's pages as the export gives them: an overflowing slide goes on over pages titled …（续）, so every point is seen. */
export function previewPages(deck: Pick<DeckView, 'slides' | 'exportPages' | 'language'>): PreviewPage[] {
  const en = deck.language === 'en';
  const pages = deck.exportPages?.length ? deck.exportPages : deck.slides.map((s, index) => ({ index, from: 0, to: s.bullets?.length ?? 0 }));
  return pages.filter((p) => deck.slides[p.index]).map((p) => ({ index: p.index, slide: pageSlide(deck.slides[p.index]!, p, en) }));
}
