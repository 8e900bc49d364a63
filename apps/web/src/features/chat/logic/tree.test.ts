import { describe, expect, it } from 'vitest';
import { buildTree, leafBelow, pathItems, siblingsOf, subtreeOf, switchTarget, visiblePath, type TreeItem } from './tree.ts';

const m = (id: number, parentId: number | null): TreeItem & { text: string } => ({ id, parentId, text: `m${id}` });

/**
 *   1 ─ 2 ─ 3 ─ 4            (the first line)
 *         └ 5 ─ 6            (3 edited: 5 is its sibling)
 *             ├ 7            (6 regenerated: 7 is its sibling)
 *   8 ─ 9                    (the first question edited)
 */
const items = [m(1, null), m(2, 1), m(3, 2), m(4, 3), m(5, 2), m(6, 5), m(7, 5), m(8, null), m(9, 8)];
const tree = buildTree(items);

describe('tree → the path on screen', () => {
  it('goes up from the remembered message and down along the newest replies', () => {
    expect(visiblePath(tree, 4)).toEqual([1, 2, 3, 4]);
    expect(visiblePath(tree, 6)).toEqual([1, 2, 5, 6]);
    expect(visiblePath(tree, 7)).toEqual([1, 2, 5, 7]);
    // A message in the middle: on along the newest child at each step.
    expect(visiblePath(tree, 2)).toEqual([1, 2, 5, 7]);
    expect(visiblePath(tree, 1)).toEqual([1, 2, 5, 7]);
    expect(visiblePath(tree, 9)).toEqual([8, 9]);
    expect(pathItems(tree, 3).map((x) => x.text)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('without a known remembered message shows the newest message’s branch', () => {
    expect(visiblePath(tree, null)).toEqual([8, 9]);
    expect(visiblePath(tree, 12345)).toEqual([8, 9]);
    expect(visiblePath(buildTree([]), null)).toEqual([]);
  });

  it('reads a list without parents (an older server) as one line, and a missing parent as a first message', () => {
    const line = buildTree([{ id: 10 }, { id: 11 }, { id: 12 }]);
    expect(visiblePath(line, null)).toEqual([10, 11, 12]);
    expect(siblingsOf(line, 11)).toMatchObject({ index: 0, count: 1 });
    // History cut short: 20's parent is not in the list.
    const cut = buildTree([m(20, 19), m(21, 20)]);
    expect(visiblePath(cut, 21)).toEqual([20, 21]);
    // Unsaved items (no id) are not part of the tree.
    expect(buildTree([m(1, null), { id: null }]).byId.size).toBe(1);
  });

  it('counts siblings (the ‹ i/n › of a message) and finds where ‹ and › lead', () => {
    expect(siblingsOf(tree, 3)).toEqual({ index: 0, count: 2, ids: [3, 5] });
    expect(siblingsOf(tree, 5)).toEqual({ index: 1, count: 2, ids: [3, 5] });
    expect(siblingsOf(tree, 7)).toEqual({ index: 1, count: 2, ids: [6, 7] });
    expect(siblingsOf(tree, 1)).toEqual({ index: 0, count: 2, ids: [1, 8] });
    expect(siblingsOf(tree, 4)).toMatchObject({ index: 0, count: 1 });
    expect(switchTarget(tree, 5, -1)).toBe(4);
    expect(switchTarget(tree, 3, 1)).toBe(7);
    expect(switchTarget(tree, 3, -1)).toBeNull();
    expect(switchTarget(tree, 7, 1)).toBeNull();
    expect(switchTarget(tree, 1, 1)).toBe(9);
    expect(leafBelow(tree, 8)).toBe(9);
  });

  it('finds the subtree a delete takes', () => {
    expect([...subtreeOf(tree, 2)].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    expect([...subtreeOf(tree, 6)]).toEqual([6]);
    expect(subtreeOf(tree, 99).size).toBe(0);
  });

  it('a 300-message line with 40 side branches builds and walks in linear time', () => {
    const big: TreeItem[] = [];
    let parent: number | null = null;
    let id = 1;
    for (let i = 0; i < 300; i++) {
      if (i % 15 === 0) big.push({ id: id++, parentId: parent }, { id: id++, parentId: id - 2 });
      big.push({ id, parentId: parent });
      parent = id++;
    }
    const t = buildTree(big);
    expect(visiblePath(t, parent)).toHaveLength(300);
  });
});
