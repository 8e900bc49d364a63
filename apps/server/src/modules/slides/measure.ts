/**
 * How much room text takes on a slide, measured the way LibreOffice and PowerPoint set it: a CJK
 * (or other wide) character is one em, Latin letters and digits about half; a text box keeps
 * 0.1 in of inset on each side and 0.05 in above and below. Sizes in points, lengths in inches.
 */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;

/** A string's width in ems. */
export function ems(s: string): number {
  let w = 0;
  let wasWide: boolean | null = null;
  for (const c of s) {
    const wide = WIDE.test(c);
    w += wide ? 1 : c === ' ' ? 0.3 : /[A-Z%@#&mwMW]/.test(c) ? 0.72 : 0.6;
    // LibreOffice and PowerPoint add a little space where Chinese meets Latin letters or digits.
    if (wasWide !== null && wasWide !== wide && c !== ' ') w += 0.25;
    wasWide = c === ' ' ? wasWide : wide;
  }
  return w;
}

/** Lines break at characters, not at the exact edge: a line holds a little less than its width. */
const FILL = 0.9;

export const INSET_X = 0.1;
export const INSET_Y = 0.05;
/** Line height as a multiple of the size (CJK fonts set about 1.2–1.3). */
export const LEADING = 1.3;

/** Lines `text` wraps to in a box `width` wide (its insets taken off) at `size`. */
export function linesOf(text: string, width: number, size: number): number {
  const room = Math.max(0.2, width - 2 * INSET_X) * 72 * FILL;
  return text.split('\n').reduce((n, part) => n + Math.max(1, Math.ceil((ems(part) * size) / room)), 0);
}

/** Height in inches of `text` set in a box `width` wide at `size`. */
export const heightOf = (text: string, width: number, size: number) => (linesOf(text, width, size) * size * LEADING) / 72 + 2 * INSET_Y;

/** Height of a bullet list: each item's lines, its bullet indent taken off the width, and the space after each paragraph. */
export function listHeight(items: string[], width: number, size: number): number {
  const indent = (size * 1.1) / 72;
  return items.reduce((h, it) => h + (linesOf(it, width - indent, size) * size * LEADING + size * 0.6) / 72, 2 * INSET_Y);
}

/** The largest size from `max` down to `min` at which `measure(size)` fits in `height`; null when even `min` does not. */
export function fitting(measure: (size: number) => number, height: number, max: number, min: number): number | null {
  for (let size = max; size >= min; size -= 1) if (measure(size) <= height) return size;
  return null;
}
