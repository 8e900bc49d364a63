/**
 * A conversation is a tree of saved messages (each names the one it follows). What the screen
 * shows is one path through it: from a first message down to the remembered message, then on
 * along the newest child at each step — the same rule the server follows (modules/chat/tree.ts).
 */

export interface TreeItem {
  id: number | null;
  /** The message this one follows; null for a first message, undefined when the server did not say (one line: the previous item). */
  parentId?: number | null;
}

export interface Tree<T extends TreeItem> {
  byId: Map<number, T>;
  /** Children of each message, oldest first; key null holds the first messages. */
  children: Map<number | null, number[]>;
  /** The parent of each message as resolved (a parent missing from the list makes a first message). */
  parentOf: Map<number, number | null>;
}

/** Builds the tree of the saved items (oldest first, as the history lists them); unsaved items are left out. */
export function buildTree<T extends TreeItem>(items: readonly T[]): Tree<T> {
  const byId = new Map<number, T>();
  const children = new Map<number | null, number[]>();
  const parentOf = new Map<number, number | null>();
  let previous: number | null = null;
  for (const item of items) {
    if (item.id === null) continue;
    byId.set(item.id, item);
    const declared = item.parentId === undefined ? previous : item.parentId;
    const parent = declared !== null && byId.has(declared) ? declared : null;
    parentOf.set(item.id, parent);
    const list = children.get(parent);
    if (list) list.push(item.id);
    else children.set(parent, [item.id]);
    previous = item.id;
  }
  return { byId, children, parentOf };
}

/** Down from `id` along the newest child at each step, to the end of that branch. */
export function leafBelow(tree: Tree<TreeItem>, id: number): number {
  let at = id;
  for (;;) {
    const kids = tree.children.get(at);
    if (!kids?.length) return at;
    at = kids[kids.length - 1]!;
  }
}

/**
 * The ids on screen, first message first: up from `activeId` to a first message, then down along
 * the newest children. Without a known `activeId`, the newest message's branch.
 */
export function visiblePath(tree: Tree<TreeItem>, activeId: number | null | undefined): number[] {
  let start = activeId !== null && activeId !== undefined && tree.byId.has(activeId) ? activeId : null;
  if (start === null) {
    let newest: number | null = null;
    for (const id of tree.byId.keys()) if (newest === null || id > newest) newest = id;
    if (newest === null) return [];
    start = newest;
  }
  const up: number[] = [];
  for (let at: number | null = start; at !== null; at = tree.parentOf.get(at) ?? null) up.push(at);
  up.reverse();
  const leaf = leafBelow(tree, start);
  const down: number[] = [];
  for (let at = leaf; at !== start; at = tree.parentOf.get(at)!) down.push(at);
  return [...up, ...down.reverse()];
}

/** The items on screen, in order. */
export const pathItems = <T extends TreeItem>(tree: Tree<T>, activeId: number | null | undefined): T[] => visiblePath(tree, activeId).map((id) => tree.byId.get(id)!);

/** Where a message stands among its siblings (the branches at that point): 0-based index, count, and the sibling ids. */
export function siblingsOf(tree: Tree<TreeItem>, id: number): { index: number; count: number; ids: number[] } {
  if (!tree.parentOf.has(id)) return { index: 0, count: 1, ids: [id] };
  const ids = tree.children.get(tree.parentOf.get(id)!) ?? [id];
  return { index: ids.indexOf(id), count: ids.length, ids };
}

/**
 * The message to remember when moving `step` siblings from `id` (‹ is -1, › is +1): the end of
 * that sibling's newest branch. Null at either end.
 */
export function switchTarget(tree: Tree<TreeItem>, id: number, step: -1 | 1): number | null {
  const { index, ids } = siblingsOf(tree, id);
  const sibling = ids[index + step];
  return sibling === undefined ? null : leafBelow(tree, sibling);
}

/** The ids of a message and everything below it. */
export function subtreeOf(tree: Tree<TreeItem>, id: number): Set<number> {
  const out = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const at = stack.pop()!;
    if (!tree.byId.has(at) || out.has(at)) continue;
    out.add(at);
    stack.push(...(tree.children.get(at) ?? []));
  }
  return out;
}
