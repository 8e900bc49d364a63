import type { PageNumberEstimator } from 'docx';
import { estimatePageNumbersWith, type MeasureWidth } from 'docx/layout';

/** A rendered page: the number its footer shows (null without one) and its text. */
export interface PageText {
  label: string | null;
  text: string;
}

/** Text without whitespace, to find a heading in a page's text however its lines wrapped. */
const squash = (s: string) => s.replace(/\s+/g, '');

/**
 * The page number each heading is on, in order: each heading is looked for after the one before,
 * on the pages numbered in Arabic (the body: the title page, abstract and contents are not, so the
 * contents' own lines are never taken for the headings). Undefined where a heading was not found.
 */
export function headingLabels(pages: readonly PageText[], headings: readonly string[]): (string | undefined)[] {
  const body = pages.filter((p) => p.label !== null && /^\d+$/.test(p.label)).map((p) => ({ label: p.label!, text: squash(p.text) }));
  let page = 0;
  let at = 0;
  return headings.map((heading) => {
    const needle = squash(heading);
    for (let p = page; p < body.length; p++) {
      const i = body[p]!.text.indexOf(needle, p === page ? at : 0);
      if (i >= 0) {
        page = p;
        at = i + needle.length;
        return body[p]!.label;
      }
    }
    return undefined;
  });
}

type Xml = unknown;
const nameOf = (e: Xml) => (typeof e === 'object' && e !== null ? Object.keys(e)[0] : undefined);
const childrenOf = (e: Xml): Xml[] => {
  const name = nameOf(e);
  const content = name === undefined ? undefined : (e as Record<string, unknown>)[name];
  return Array.isArray(content) ? content : content === undefined ? [] : [content];
};
const textOf = (e: Xml): string => (nameOf(e) === 'w:t' ? childrenOf(e).filter((c): c is string => typeof c === 'string').join('') : childrenOf(e).map(textOf).join(''));
const paragraphsOf = (e: Xml): Xml[] => (nameOf(e) === 'w:p' ? [e] : nameOf(e) === '_attr' ? [] : childrenOf(e).flatMap(paragraphsOf));
const tocBookmarkOf = (p: Xml) => {
  const start = childrenOf(p).find((c) => nameOf(c) === 'w:bookmarkStart');
  const name = (childrenOf(start).find((c) => nameOf(c) === '_attr') as { _attr?: { 'w:name'?: string } } | undefined)?._attr?.['w:name'];
  return name?.startsWith('_Toc') ? name : undefined;
};

/**
 * Page numbers known from a rendering (by heading text): the table of contents' page references to
 * each heading are written with them, clean, so no reader asks to update the fields.
 */
export function knownPageNumbers(pageOfHeading: ReadonlyMap<string, string>): PageNumberEstimator {
  const bySquashed = new Map([...pageOfHeading].map(([h, page]) => [squash(h), page]));
  return (body) => {
    const bookmarks = new Map<string, string>();
    for (const p of paragraphsOf(body)) {
      const name = tocBookmarkOf(p);
      const page = name ? bySquashed.get(squash(textOf(p))) : undefined;
      if (name && page) bookmarks.set(name, page);
    }
    return { bookmarks, bookmarkPageNumbers: new Map([...bookmarks].map(([k, v]) => [k, Number(v)])) };
  };
}

/** Chinese, Japanese and Korean characters and full-width forms: one em wide in 宋体 and 黑体. */
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** Widths where the layout's own tables have none (宋体, 黑体): a CJK character one em, Latin text as Times New Roman, about. */
const measureWidth: MeasureWidth = (text, font) => {
  let em = 0;
  for (const ch of text) em += WIDE.test(ch) ? 1 : ch === ' ' ? 0.25 : /[A-Z]/.test(ch) ? 0.68 : /[mwMW]/.test(ch) ? 0.75 : /[ijlt.,;:'!|]/.test(ch) ? 0.28 : 0.5;
  return em * font.size * (font.bold ? 1.04 : 1);
};

/**
 * The fallback without LibreOffice: page numbers estimated by laying the document out (docx's
 * layout, with CJK widths), written clean like the known ones. Close to, not always equal to, where
 * a reader's fonts put the headings.
 */
export const estimatedPageNumbers: PageNumberEstimator = estimatePageNumbersWith({ guess: true, measureWidth });
