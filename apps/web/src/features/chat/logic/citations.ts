import type { ChatSource } from '@app/shared';

/** A markdown link target that survives any URL: parentheses and spaces encoded. */
const target = (url: string) => url.replace(/[\s()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
const title = (s: string) => s.replace(/["\\]/g, '').replace(/\s+/g, ' ');

/**
 * `[n]` in a reply becomes a link to its n-th source (when there is one), outside code: fenced
 * blocks and inline code stay as they are; `[n](…)` and `[n]:` are left alone.
 */
export function linkCitations(text: string, sources: ChatSource[]): string {
  if (!sources.length || !/\[\d{1,2}\]/.test(text)) return text;
  const link = (segment: string) =>
    segment.replace(/\[(\d{1,2})\](?![(:[])/g, (whole, digits: string) => {
      const source = sources[Number(digits) - 1];
      // Brackets as entities: a backslash-escaped bracket would read as display maths.
      return source ? `[&#91;${digits}&#93;](${target(source.url)} "${title(source.title)}")` : whole;
    });
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s{0,3}(```|~~~)/.test(line)) {
        fenced = !fenced;
        return line;
      }
      if (fenced) return line;
      // Inline code spans (odd pieces) are kept.
      return line
        .split(/(`+[^`]*`+)/)
        .map((piece, i) => (i % 2 ? piece : link(piece)))
        .join('');
    })
    .join('\n');
}

/** The host of a source, for the list under the reply. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
