/**
 * A standalone SVG of a laid-out map with its labels as real <text> (one <tspan> a line), so
 * LibreOffice, WPS and Office show them when the file is inserted into a document. No
 * foreignObject, no CSS: every colour, width and font is an attribute.
 */
import { wrapText } from './wrap.ts';

/** A node where markmap placed it (its box in map coordinates), with its plain text. */
export interface PlacedNode {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  /** Width of its underline and of the link that leads to it. */
  line: number;
  /** Has children that are hidden (the circle is filled). */
  folded: boolean;
  hasChildren: boolean;
  /** The children that are shown. */
  children: PlacedNode[];
}

export interface SvgTextStyle {
  /** Canvas measure of a string in the label font, in CSS pixels. */
  measure(s: string): number;
  /** A label line is never wider than this (markmap's maxWidth), unless a single word is. */
  maxWidth: number;
  /** Space left and right of the text inside a node's box. */
  paddingX: number;
  fontFamily: string;
  fontSize: number;
  lineHeight: number;
  /** The font's ascent and descent at fontSize, to put the baseline where the browser does. */
  ascent: number;
  descent: number;
  textColor: string;
  background: string;
  pad: number;
}

export interface BuiltSvg {
  svg: string;
  width: number;
  height: number;
}

const CIRCLE_R = 6;

/** XML text: escaped, without the control characters XML 1.0 forbids. */
export function xmlText(s: string): string {
  return s
    // eslint-disable-next-line no-control-regex -- these are exactly what must go
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const num = (n: number) => String(Math.round(n * 100) / 100);

export function buildMindSvg(root: PlacedNode, style: SvgTextStyle): BuiltSvg {
  const nodes: { node: PlacedNode; lines: string[] }[] = [];
  const links: string[] = [];
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  const visit = (node: PlacedNode) => {
    const inner = Math.max(style.maxWidth, node.width - style.paddingX * 2) + 0.5;
    const lines = wrapText(node.text, inner, style.measure);
    nodes.push({ node, lines });
    const textBottom = node.y + Math.max(node.height, lines.length * style.lineHeight);
    const textRight = node.x + style.paddingX + Math.max(0, ...lines.map((l) => style.measure(l)));
    x1 = Math.min(x1, node.x);
    y1 = Math.min(y1, node.y);
    x2 = Math.max(x2, node.x + node.width + (node.hasChildren ? CIRCLE_R + 2 : 2), textRight);
    y2 = Math.max(y2, textBottom, node.y + node.height + node.line + (node.hasChildren ? CIRCLE_R : 0));
    for (const c of node.children) {
      const sx = node.x + node.width;
      const sy = node.y + node.height + node.line / 2;
      const tx = c.x;
      const ty = c.y + c.height + c.line / 2;
      const mx = (sx + tx) / 2;
      links.push(`<path d="M${num(sx)},${num(sy)}C${num(mx)},${num(sy)},${num(mx)},${num(ty)},${num(tx)},${num(ty)}" fill="none" stroke="${xmlText(c.color)}" stroke-width="${num(c.line)}"/>`);
      visit(c);
    }
  };
  visit(root);

  const width = Math.ceil(x2 - x1 + style.pad * 2);
  const height = Math.ceil(y2 - y1 + style.pad * 2);
  const baseline = (style.lineHeight - (style.ascent + style.descent)) / 2 + style.ascent;
  const font = xmlText(style.fontFamily);
  const body = nodes.map(({ node, lines }) => {
    const underline = node.y + node.height + node.line / 2;
    const parts = [
      `<line x1="${num(node.x - 1)}" y1="${num(underline)}" x2="${num(node.x + node.width + 2)}" y2="${num(underline)}" stroke="${xmlText(node.color)}" stroke-width="${num(node.line)}"/>`,
    ];
    if (node.hasChildren) {
      parts.push(`<circle cx="${num(node.x + node.width)}" cy="${num(underline)}" r="${CIRCLE_R}" fill="${node.folded ? xmlText(node.color) : style.background}" stroke="${xmlText(node.color)}" stroke-width="1.5"/>`);
    }
    const tx = num(node.x + style.paddingX);
    const spans = lines.map((l, i) => `<tspan x="${tx}" y="${num(node.y + i * style.lineHeight + baseline)}">${xmlText(l)}</tspan>`).join('');
    parts.push(`<text font-family="${font}" font-size="${style.fontSize}" fill="${style.textColor}">${spans}</text>`);
    return parts.join('');
  });

  const svg = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${style.background}"/>`,
    `<g transform="translate(${num(style.pad - x1)},${num(style.pad - y1)})" font-family="${font}" font-size="${style.fontSize}" fill="${style.textColor}">`,
    ...links,
    ...body,
    '</g>',
    '</svg>',
  ].join('\n');
  return { svg, width, height };
}
