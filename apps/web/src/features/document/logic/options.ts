import type { DocumentCitation, DocumentOption } from '@app/shared';

/** The action whose request is the user's question (SPEC §2.7 问答): it needs one. */
export const QA_ACTION = 'qa';
const QA_LABEL = '问答';

export const needsQuestion = (action: DocumentOption | null | undefined) => !!action && (action.value === QA_ACTION || action.label === QA_LABEL);

/** The option a saved value names (the server may have kept the value or the label). */
export const findOption = (list: readonly DocumentOption[], value: string | null | undefined) =>
  value ? (list.find((o) => o.value === value) ?? list.find((o) => o.label === value) ?? null) : null;

export const optionLabel = (list: readonly DocumentOption[], value: string) => findOption(list, value)?.label ?? value;

/** The remembered output language when the server still offers it, else the server's default (中文). */
export function resolveLanguage(list: readonly DocumentOption[], fallback: string, stored: string | null): string {
  return findOption(list, stored)?.value ?? findOption(list, fallback)?.value ?? list[0]?.value ?? fallback;
}

/** Citations in reading order, one chip per place (a page, or a section without a page). */
export function citationPlaces(citations: readonly DocumentCitation[]): { key: string; page: number | null; section: string | null }[] {
  const seen = new Set<string>();
  const out: { key: string; page: number | null; section: string | null }[] = [];
  for (const c of [...citations].sort((a, b) => (a.page ?? Infinity) - (b.page ?? Infinity) || a.n - b.n)) {
    const section = c.section?.trim() || null;
    const key = c.page !== null ? `p${c.page}` : section ? `s${section}` : `n${c.n}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, page: c.page, section });
  }
  return out;
}

/** SPEC §4.1: after a delete the selection moves to the item at the same position, else the previous, else none. */
export function selectAfterDelete<T>(after: readonly T[], index: number): T | null {
  return after[index] ?? after[index - 1] ?? after[0] ?? null;
}
