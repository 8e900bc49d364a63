import type { ChatMessage } from '@app/shared';
import type { SharedMessageRow } from '../../db/schema/index.ts';

const DESCRIPTION_MAX = 120;

/**
 * The messages a share copies: the conversation as shown, up to and including `upTo` (the whole
 * of it without), leaving out replies that failed before any text came. Null when `upTo` is not
 * one of the messages.
 */
export function snapshotOf(list: readonly ChatMessage[], upTo?: number): SharedMessageRow[] | null {
  let end = list.length;
  if (upTo !== undefined) {
    const at = list.findIndex((m) => m.id === upTo);
    if (at < 0) return null;
    end = at + 1;
  }
  return list
    .slice(0, end)
    .filter((m) => m.text.trim() !== '')
    .map((m) => ({ role: m.role, text: m.text, dateTime: m.dateTime }));
}

/**
 * The conversation as it is on screen, messages being a tree: the path from the first message down
 * to `upTo` when given, else to the end of the branch on screen (`activeId`, then its newest
 * replies). Null when `upTo` is not a message of the list.
 */
export function pathOnScreen(list: readonly ChatMessage[], activeId: number | null, upTo?: number): ChatMessage[] | null {
  const byId = new Map(list.map((m) => [m.id, m]));
  const newestChild = new Map<number, number>();
  for (const m of list) if (m.parentId != null) newestChild.set(m.parentId, Math.max(newestChild.get(m.parentId) ?? 0, m.id));
  let end: number | undefined;
  if (upTo !== undefined) {
    if (!byId.has(upTo)) return null;
    end = upTo;
  } else {
    end = activeId !== null && byId.has(activeId) ? activeId : list.at(-1)?.id;
    while (end !== undefined && newestChild.has(end)) end = newestChild.get(end);
  }
  const path: ChatMessage[] = [];
  for (let at = end !== undefined ? byId.get(end) : undefined; at; at = at.parentId != null ? byId.get(at.parentId) : undefined) {
    path.push(at);
    if (path.length > list.length) break;
  }
  return path.reverse();
}

/** The link preview's description: the first question as plain text on one line, cut to 120 characters. */
export function descriptionOf(messages: readonly SharedMessageRow[]): string {
  const first = messages.find((m) => m.role === 'user') ?? messages[0];
  if (!first) return '';
  const plain = first.text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|$\\]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(plain);
  return chars.length > DESCRIPTION_MAX ? `${chars.slice(0, DESCRIPTION_MAX - 1).join('')}…` : plain;
}

/** Characters of text in a snapshot. */
export const sizeOf = (messages: readonly SharedMessageRow[]) => messages.reduce((n, m) => n + m.text.length, 0);
