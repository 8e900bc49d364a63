import type { DeckSection, SlideKind } from '@app/shared';
import { fitGroups, groupsOf } from './content.ts';

/** One planned slide: its layout, the outline section it belongs to (-1: cover, contents, end) and the section's points it shows. */
export interface Slot {
  kind: SlideKind;
  section: number;
  /** Indexes into the section's points; [] for a slide with no points of its own; absent in plans made before points were assigned (all of them). */
  points?: number[];
}

/**
 * How many outline sections a deck of `pages` slides holds: from 12 pages, as many as leave room
 * for a divider and two content slides each; fewer pages, about one section per two slides.
 */
export const sectionsFor = (pages: number) => Math.max(2, Math.min(8, pages >= 12 ? Math.floor((pages - 3) / 3) : Math.round((pages - 2) / 2.2)));
/** The most sections a deck of `pages` can take: cover and end, one slide each. */
export const maxSectionsFor = (pages: number) => Math.max(1, pages - 2);

/** How many content slides each section gets: one each, then to the sections whose content asks for more, then evenly. */
function share(wants: number[], room: number): number[] {
  const got = wants.map(() => 1);
  let left = room - got.length;
  for (let round = 1; left > 0 && wants.some((w, s) => w > got[s]!); round++) {
    for (let s = 0; s < wants.length && left > 0; s++) {
      if (wants[s]! > got[s]!) {
        got[s]!++;
        left--;
      }
    }
  }
  for (let s = 0; left > 0; s = (s + 1) % got.length) {
    got[s]!++;
    left--;
  }
  return got;
}

/**
 * Which slide goes where: a cover, a contents slide (7 pages or more, when the sections still fit),
 * per section a divider when there is room for one plus two content slides, the section's content
 * slides, an end slide. Each content slide's layout comes from what its points are (figures → a
 * chart, two sides → a comparison, steps or years → a timeline, the key sentence → a quote,
 * the rest → bullets), and no point is on two slides. Exactly `pages` slots when the sections fit.
 */
export function planDeck(sections: DeckSection[], pages: number): Slot[] {
  const n = Math.max(1, Math.min(sections.length, maxSectionsFor(pages)));
  const slots: Slot[] = [{ kind: 'cover', section: -1 }];
  const contents = pages >= 7 && n >= 2 && pages - 3 >= n;
  if (contents) slots.push({ kind: 'contents', section: -1 });
  let room = pages - slots.length - 1;
  const dividers = room >= n * 3 && pages >= 12;
  if (dividers) room -= n;
  const groups = Array.from({ length: n }, (_, s) => (sections[s] ? groupsOf(sections[s]) : []));
  const counts = share(groups.map((g) => Math.max(1, g.length)), room);
  for (let s = 0; s < n; s++) {
    if (dividers) slots.push({ kind: 'section', section: s });
    for (const g of fitGroups(groups[s]!, counts[s]!)) slots.push({ kind: g.kind, section: s, points: g.points });
  }
  slots.push({ kind: 'end', section: -1 });
  return slots;
}
