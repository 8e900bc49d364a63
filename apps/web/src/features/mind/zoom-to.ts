import type { Markmap } from 'markmap-view';
import type { ZoomTransform } from 'd3';
import { readableView, type View, type ViewInput } from './view.ts';

/** The view and the map's bounds as markmap has laid them out; null before the first drawing. */
function viewInputOf(m: Markmap): ViewInput | null {
  const root = m.state.data;
  if (!root) return null;
  const { width, height } = m.svg.node()!.getBoundingClientRect();
  const { x1, y1, x2, y2 } = m.state.rect;
  return { width, height, content: { x1, y1, x2, y2 }, rootY: root.state.rect.y + root.state.rect.height / 2 };
}

/** Moves the map to `view`, animated as markmap's own moves, through its zoom (so the user's pan and pinch go on from there). */
function zoomTo(m: Markmap, view: View): Promise<void> {
  // d3 keeps an element's current zoom transform on it as `__zoom` (what d3.zoomTransform reads); the target is built from
  // it because d3 (zoomIdentity) is markmap's dependency, not ours.
  const t0 = (m.svg.node() as unknown as { __zoom: ZoomTransform }).__zoom;
  const target = t0.translate(-t0.x / t0.k, -t0.y / t0.k).scale(1 / t0.k).translate(view.x, view.y).scale(view.k);
  return m
    .transition(m.svg)
    .call(m.zoom.transform, target)
    .end()
    .catch(() => undefined);
}

/** Opens the map readable: fitted if its labels stay readable, else from the root at the smallest readable scale. */
export async function showReadable(m: Markmap): Promise<void> {
  const input = viewInputOf(m);
  if (input && input.width > 0 && input.height > 0) await zoomTo(m, readableView(input));
}
