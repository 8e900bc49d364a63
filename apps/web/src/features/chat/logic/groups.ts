import type { Group } from '../types.ts';

/** SPEC §4.1: a second new session is refused while the first group has no uuid. */
export const hasUnsavedGroup = (groups: Group[]) => groups.length > 0 && groups[0]!.uuid === 0;

/**
 * SPEC §4.1: after a delete the selection moves to the group now at the same position, else the
 * one before it, else the first, else 0 (nothing left).
 */
export function selectAfterDelete(groups: Group[], deletedIndex: number): number {
  return (groups[deletedIndex] ?? groups[deletedIndex - 1] ?? groups[0])?.uuid ?? 0;
}

/** SPEC §5: history search matches by substring on the title (case-insensitive for Latin). */
export function filterGroups(groups: Group[], keyword: string): Group[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return groups;
  return groups.filter((g) => g.title.toLowerCase().includes(k));
}

/** Sticky groups first (the server sorts that way; a local new session stays on top). */
export function splitSticky(groups: Group[]) {
  const sticky: Group[] = [];
  const others: Group[] = [];
  for (const g of groups) (g.isSticky && g.uuid !== 0 ? sticky : others).push(g);
  return { sticky, others };
}
