const FENCE = /^ {0,3}(`{3,}|~{3,})/m;

/**
 * While a reply streams, its last block often stops inside `**bold` or `` `code ``; closing the
 * open mark keeps the half-written word from flashing as literal stars or a runaway span.
 * Only for the growing tail; finished blocks are never touched.
 */
export function closeOpenMarks(tail: string): string {
  if (FENCE.test(tail)) return tail;
  const ticks = (tail.match(/`/g) ?? []).length;
  const outsideCode = tail.replace(/`[^`]*`/g, '');
  const stars = (outsideCode.match(/\*\*/g) ?? []).length;
  let out = tail;
  if (stars % 2 === 1) out += '**';
  if (ticks % 2 === 1) out += '`';
  return out;
}
