/** The map as markmap laid it out, read for the exports (which draw it without markmap). */
import type { INode } from 'markmap-common';
import type { Markmap } from 'markmap-view';
import type { PlacedNode } from './svg-build.ts';

/** A label's text as shown: markmap's node content is HTML (emphasis, links, entities). */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';

export function placedOf(m: Markmap, node: INode): PlacedNode {
  const { x, y, width, height } = node.state.rect;
  const folded = !!node.payload?.fold;
  return {
    text: textOf(node.content),
    x,
    y,
    width,
    height,
    color: m.options.color(node),
    line: m.options.lineWidth(node),
    folded: folded && node.children.length > 0,
    hasChildren: node.children.length > 0,
    children: folded ? [] : node.children.map((c) => placedOf(m, c)),
  };
}

