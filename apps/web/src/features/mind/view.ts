import { MIND_FONT_SIZE } from './style.ts';

/** The smallest label text, in screen pixels, a map opens at: below it the words cannot be read on a phone. */
export const READABLE_TEXT_PX = 12;
/** The smallest scale a map opens at (labels are drawn at MIND_FONT_SIZE). */
export const MIN_READABLE_SCALE = READABLE_TEXT_PX / MIND_FONT_SIZE;
/** A small map is not blown up past this. */
export const FIT_MAX_SCALE = 1.2;
/** How much of the view a fitted map may fill (markmap's own fitRatio). */
export const FIT_RATIO = 0.95;
/** Space kept between the view's edge and a map too big for it. */
const EDGE_PX = 16;

/** Where the map sits on screen: content point p is drawn at p * k + (x, y). */
export interface View {
  x: number;
  y: number;
  k: number;
}

export interface ViewInput {
  /** The view (the svg) in screen pixels. */
  width: number;
  height: number;
  /** The whole map's bounds, in map units. */
  content: { x1: number; y1: number; x2: number; y2: number };
  /** The root node's vertical centre, in map units. */
  rootY: number;
}

/** The whole map, centred, as large as fits (never past FIT_MAX_SCALE): what markmap's fit does. */
export function fitView({ width, height, content }: ViewInput): View {
  const w = Math.max(content.x2 - content.x1, 1);
  const h = Math.max(content.y2 - content.y1, 1);
  const k = Math.min((width / w) * FIT_RATIO, (height / h) * FIT_RATIO, FIT_MAX_SCALE);
  return { k, x: (width - w * k) / 2 - content.x1 * k, y: (height - h * k) / 2 - content.y1 * k };
}

/**
 * How a map opens: fitted when that keeps its labels readable; otherwise at the smallest readable
 * scale, from the root at the left edge, vertically on the root (without empty space past the
 * map's top or bottom), for the user to pan from there. Along a side the map fits, it is centred.
 */
export function readableView(input: ViewInput): View {
  const fit = fitView(input);
  if (fit.k >= MIN_READABLE_SCALE) return fit;
  const { width, height, content, rootY } = input;
  const k = MIN_READABLE_SCALE;
  const w = (content.x2 - content.x1) * k;
  const h = (content.y2 - content.y1) * k;
  const x = w <= width - 2 * EDGE_PX ? (width - w) / 2 - content.x1 * k : EDGE_PX - content.x1 * k;
  let y: number;
  if (h <= height - 2 * EDGE_PX) y = (height - h) / 2 - content.y1 * k;
  else {
    const top = EDGE_PX - content.y1 * k; // the map's top at the upper edge
    const bottom = height - EDGE_PX - content.y2 * k; // the map's bottom at the lower edge
    y = Math.min(top, Math.max(bottom, height / 2 - rootY * k));
  }
  return { x, y, k };
}
