import { parseOutline, type DeckSlide } from '@app/shared';
import { frameSlides } from './generate.ts';
import { offlineOutline, offlineSectionSlides } from './offline.ts';
import { planDeck, sectionsFor } from './plan.ts';

/** A whole offline deck for `topic`, as the outline turn and the job would write it (tests and the bench). */
export function sampleDeck(topic: string, pages: number, audience = '管理层'): { title: string; slides: DeckSlide[] } {
  const { title, sections } = parseOutline(offlineOutline({ topic, audience, sourceText: '', sections: sectionsFor(pages), english: false }));
  const slots = planDeck(sections, pages);
  const deck = { title: title || topic, topic, audience, outline: sections, offline: true, language: 'zh-CN' };
  const slides = frameSlides(deck, slots);
  sections.forEach((s, i) => {
    const mine = slots.map((slot, k) => ({ slot, k })).filter((x) => x.slot.section === i);
    offlineSectionSlides(topic, s, i, mine.map((x) => x.slot), false).forEach((slide, j) => (slides[mine[j]!.k] = slide));
  });
  return { title: deck.title, slides: slides.filter((s): s is DeckSlide => s !== null) };
}
