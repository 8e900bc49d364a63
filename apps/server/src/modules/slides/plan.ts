import type { DeckSection, SlideKind } from '@app/shared';

/** One planned slide: its layout and the outline section it belongs to (-1: cover, contents, end). */
export interface Slot {
  kind: SlideKind;
  section: number;
}

/** Content layouts in the order a section's slides take them: varied, bullets first. */
const LAYOUTS: readonly SlideKind[] = ['bullets', 'two-column', 'chart', 'bullets', 'quote', 'bullets'];

/** How many outline sections a deck of `pages` slides holds (each needs one content slide at least). */
export const sectionsFor = (pages: number) => Math.max(2, Math.min(8, Math.round((pages - 2) / 2.2)));
/** The most sections a deck of `pages` can take: cover and end, one slide each. */
export const maxSectionsFor = (pages: number) => Math.max(1, pages - 2);

/**
 * Which slide goes where: a cover, a contents slide (7 pages or more, when the sections still fit), per section a divider when
 * there is room for one plus two content slides, the content slides spread evenly (earlier
 * sections take the extra ones), an end slide. Exactly `pages` slots when the sections fit.
 */
export function planDeck(sections: DeckSection[], pages: number): Slot[] {
  const n = Math.max(1, Math.min(sections.length, maxSectionsFor(pages)));
  const slots: Slot[] = [{ kind: 'cover', section: -1 }];
  const contents = pages >= 7 && n >= 2 && pages - 3 >= n;
  if (contents) slots.push({ kind: 'contents', section: -1 });
  let room = pages - slots.length - 1;
  const dividers = room >= n * 3 && pages >= 12;
  if (dividers) room -= n;
  const per = Math.floor(room / n);
  let extra = room - per * n;
  for (let s = 0; s < n; s++) {
    if (dividers) slots.push({ kind: 'section', section: s });
    const count = per + (extra > 0 ? 1 : 0);
    if (extra > 0) extra--;
    for (let i = 0; i < count; i++) slots.push({ kind: LAYOUTS[i % LAYOUTS.length]!, section: s });
  }
  slots.push({ kind: 'end', section: -1 });
  return slots;
}
