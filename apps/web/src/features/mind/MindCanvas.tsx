import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { Transformer } from 'markmap-lib/no-plugins';
import { Markmap } from 'markmap-view';
import type { INode } from 'markmap-common';
import { drawable } from './markdown.ts';
import type { PlacedNode } from './svg-build.ts';
import { placedOf } from './placed.ts';
import { MIND_FONT_FAMILY, MIND_FONT_SIZE, MIND_LINE_HEIGHT, MIND_MAX_WIDTH, MIND_PADDING_X } from './style.ts';
import { FIT_MAX_SCALE, FIT_RATIO } from './view.ts';
import { showReadable } from './zoom-to.ts';

/** What the page's toolbar asks of the map. */
export interface MindCanvasHandle {
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  expandAll(): void;
  collapseAll(): void;
  /** The map as laid out on screen (folded branches left out), for the exports to draw; null before the first drawing. */
  placed(): PlacedNode | null;
}

interface Props {
  markdown: string;
  streaming: boolean;
  /** Says the map has a (new) picture: every time markdown changes identity of the map. */
  mapKey: string;
}

/** At most one redraw per this many ms while the outline streams (markmap lays out the whole tree). */
const REDRAW_MS = 200;
const FONT = `400 ${MIND_FONT_SIZE}px/${MIND_LINE_HEIGHT}px ${MIND_FONT_FAMILY}`;

// No plugins: nothing is fetched from a CDN, and the transform stays small.
const transformer = new Transformer([]);

const walk = (node: INode | undefined, fn: (n: INode, depth: number) => void, depth = 0) => {
  if (!node) return;
  fn(node, depth);
  for (const c of node.children ?? []) walk(c, fn, depth + 1);
};

/**
 * The markmap drawing of a markdown outline. Created once; each change of the text redraws it
 * (throttled while streaming, the unfinished last line left out), so the map grows in place
 * without flicker. It fits itself to the view, never so small that its labels cannot be read (a
 * bigger map opens from its root, to pan), until the user pans or zooms; from then on the user's
 * view is kept. The fit button alone shows the whole map at any size.
 */
const MindCanvas = forwardRef<MindCanvasHandle, Props>(function MindCanvas({ markdown, streaming, mapKey }, ref) {
  const svgRef = useRef<SVGSVGElement>(null);
  const mm = useRef<Markmap | null>(null);
  const userMoved = useRef(false);
  const lastDrawn = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** How long the last redraw took: a big map is redrawn less often, so drawing never takes more than a fifth of the time. */
  const cost = useRef(0);
  const latest = useRef({ markdown, streaming });
  latest.current = { markdown, streaming };

  useEffect(() => {
    const m = Markmap.create(svgRef.current!, { duration: 250, maxWidth: MIND_MAX_WIDTH, paddingX: MIND_PADDING_X, spacingVertical: 8, spacingHorizontal: 90, fitRatio: FIT_RATIO, autoFit: false, initialExpandLevel: -1 });
    // A pan or zoom by the user (not ours) keeps their view from then on.
    m.zoom.on('start.user', (e: { sourceEvent?: unknown }) => {
      if (e.sourceEvent) userMoved.current = true;
    });
    mm.current = m;
    return () => {
      if (timer.current) clearTimeout(timer.current);
      m.destroy();
      mm.current = null;
    };
  }, []);

  // A different map (opened from the history, a new generation): fit it again.
  useEffect(() => {
    userMoved.current = false;
    lastDrawn.current = null;
  }, [mapKey]);

  useEffect(() => {
    const draw = () => {
      timer.current = null;
      const m = mm.current;
      if (!m) return;
      const { markdown: md, streaming: live } = latest.current;
      const text = drawable(md, live);
      if (text === lastDrawn.current) return;
      lastDrawn.current = text;
      const started = performance.now();
      const { root } = transformer.transform(text);
      m.setOptions({ duration: live ? 150 : 250 });
      const drawn = m.setData(root);
      cost.current = performance.now() - started;
      void drawn.then(() => {
        if (!userMoved.current) void showReadable(m);
      });
    };
    if (!streaming) {
      if (timer.current) clearTimeout(timer.current);
      draw();
    } else if (!timer.current) {
      timer.current = setTimeout(draw, Math.max(REDRAW_MS, cost.current * 4));
    }
  }, [markdown, streaming]);

  useImperativeHandle(ref, () => ({
    zoomIn: () => void mm.current?.rescale(1.25),
    zoomOut: () => void mm.current?.rescale(0.8),
    fit: () => void mm.current?.fit(FIT_MAX_SCALE),
    expandAll: () => {
      const m = mm.current;
      if (!m) return;
      walk(m.state.data, (n) => {
        if (n.payload?.fold) n.payload = { ...n.payload, fold: 0 };
      });
      void m.renderData().then(() => showReadable(m));
    },
    collapseAll: () => {
      const m = mm.current;
      if (!m) return;
      walk(m.state.data, (n, depth) => {
        if (depth >= 1 && n.children?.length) n.payload = { ...n.payload, fold: 1 };
      });
      void m.renderData().then(() => showReadable(m));
    },
    placed: () => {
      const m = mm.current;
      return m?.state.data ? placedOf(m, m.state.data) : null;
    },
  }));

  return (
    <svg
      ref={svgRef}
      data-testid="mind-svg"
      className="size-full text-neutral-800 select-none dark:text-neutral-100"
      style={{ ['--markmap-font' as string]: FONT, ['--markmap-text-color' as string]: 'currentColor', ['--markmap-circle-open-bg' as string]: 'var(--mind-canvas-bg, #fff)' }}
    />
  );
});

export default MindCanvas;
