/** A map as a plain tree of titles, read from and written back to the markdown outline the map is drawn from. */
import { unfence } from './markdown.ts';

export interface OutlineNode {
  title: string;
  children: OutlineNode[];
}

/** List items rank below every heading level (1–6); deeper indentation ranks lower still. */
const LIST_RANK = 10;

/** Inline markdown left out of a node's plain title: links keep their text, emphasis and code marks go. */
export function plainTitle(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The tree of an outline as markmap draws it: headings nest by level, list items by indentation
 * under the last heading, a plain paragraph line is a leaf of the heading above it. A single
 * top node is the root; several (or none) hang under a root titled `fallbackTitle`.
 */
export function parseOutline(md: string, fallbackTitle: string): OutlineNode {
  const root: OutlineNode = { title: fallbackTitle, children: [] };
  const stack: { rank: number; node: OutlineNode }[] = [{ rank: 0, node: root }];
  let fence = false;
  for (const raw of unfence(md).split('\n')) {
    if (/^\s*(```|~~~)/.test(raw)) {
      fence = !fence;
      continue;
    }
    if (fence || !raw.trim()) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(raw);
    const item = heading ? null : /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/.exec(raw);
    const rank = heading ? heading[1]!.length : item ? LIST_RANK + item[1]!.replace(/\t/g, '    ').length : Infinity;
    const title = plainTitle(heading ? heading[2]! : item ? item[2]! : raw);
    if (!title) continue;
    const node: OutlineNode = { title, children: [] };
    if (rank === Infinity) {
      // A paragraph belongs to the heading (or item) it is written under and has no children.
      stack[stack.length - 1]!.node.children.push(node);
      continue;
    }
    while (stack.length > 1 && stack[stack.length - 1]!.rank >= rank) stack.pop();
    stack[stack.length - 1]!.node.children.push(node);
    stack.push({ rank, node });
  }
  return root.children.length === 1 ? root.children[0]! : root;
}

/** How many nodes a tree has (the root included). */
export function countNodes(node: OutlineNode): number {
  let n = 0;
  const todo = [node];
  while (todo.length) {
    const next = todo.pop()!;
    n += 1;
    todo.push(...next.children);
  }
  return n;
}

const oneLine = (title: string) => title.replace(/\s+/g, ' ').trim();

/** The outline of a tree: the root and two levels as headings, deeper levels as an indented list. */
export function outlineMarkdown(root: OutlineNode): string {
  const lines: string[] = [];
  const write = (node: OutlineNode, depth: number) => {
    const title = oneLine(node.title);
    if (title) lines.push(depth < 3 ? `${'#'.repeat(depth + 1)} ${title}` : `${'  '.repeat(depth - 3)}- ${title}`);
    for (const c of node.children) write(c, title ? depth + 1 : depth);
  };
  write(root, 0);
  return lines.join('\n');
}
