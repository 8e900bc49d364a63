import { describe, expect, it } from 'vitest';
import { FIT_MAX_SCALE, MIN_READABLE_SCALE, READABLE_TEXT_PX, fitView, readableView } from './view.ts';
import { MIND_FONT_SIZE } from './style.ts';

/** Where content point (x, y) lands on screen. */
const onScreen = (v: { x: number; y: number; k: number }, x: number, y: number) => ({ x: x * v.k + v.x, y: y * v.k + v.y });

describe('readableView', () => {
  it('opens labels at no less than the readable text size', () => {
    expect(MIN_READABLE_SCALE * MIND_FONT_SIZE).toBeCloseTo(READABLE_TEXT_PX);
  });

  it('fits a map that stays readable when fitted, centred, as markmap does', () => {
    const input = { width: 900, height: 500, content: { x1: 0, y1: -100, x2: 800, y2: 100 }, rootY: 0 };
    const v = readableView(input);
    expect(v).toEqual(fitView(input));
    expect(v.k).toBeCloseTo((900 / 800) * 0.95);
    // Centred on both sides.
    const a = onScreen(v, 0, -100);
    const b = onScreen(v, 800, 100);
    expect(a.x).toBeCloseTo(900 - b.x);
    expect(a.y).toBeCloseTo(500 - b.y);
  });

  it('does not blow a small map up past its natural size', () => {
    const v = readableView({ width: 1000, height: 800, content: { x1: 0, y1: -20, x2: 120, y2: 20 }, rootY: 0 });
    expect(v.k).toBe(FIT_MAX_SCALE);
  });

  it('opens a wide map on a phone at the readable scale, the root at the left edge, centred vertically where it fits', () => {
    // The long-nodes map on a 390 px wide screen: fitting would draw it at ~0.25.
    const content = { x1: 0, y1: -60, x2: 1500, y2: 60 };
    const input = { width: 390, height: 600, content, rootY: 0 };
    expect(fitView(input).k).toBeLessThan(0.3);
    const v = readableView(input);
    expect(v.k).toBe(MIN_READABLE_SCALE);
    expect(onScreen(v, 0, 0).x).toBe(16);
    const top = onScreen(v, 0, -60).y;
    const bottom = onScreen(v, 0, 60).y;
    expect(top).toBeCloseTo(600 - bottom);
  });

  it('keeps the root in view, vertically centred on it, for a map taller than the screen', () => {
    const content = { x1: 0, y1: -1000, x2: 1500, y2: 1000 };
    const v = readableView({ width: 390, height: 600, content, rootY: 0 });
    expect(v.k).toBe(MIN_READABLE_SCALE);
    expect(onScreen(v, 0, 0).y).toBe(300);
    expect(onScreen(v, 0, 0).x).toBe(16);
  });

  it('leaves no empty space above the map when its root sits near the top', () => {
    const content = { x1: 0, y1: -50, x2: 400, y2: 2000 };
    const v = readableView({ width: 390, height: 600, content, rootY: 0 });
    expect(onScreen(v, 0, -50).y).toBe(16);
    // …and none below it when the root sits near the bottom.
    const w = readableView({ width: 390, height: 600, content: { x1: 0, y1: -2000, x2: 400, y2: 50 }, rootY: 0 });
    expect(onScreen(w, 0, 50).y).toBe(600 - 16);
  });

  it('centres a map that is narrow but too tall, horizontally', () => {
    const content = { x1: 0, y1: -1000, x2: 300, y2: 1000 };
    const v = readableView({ width: 390, height: 600, content, rootY: 0 });
    const l = onScreen(v, 0, 0).x;
    const r = onScreen(v, 300, 0).x;
    expect(l).toBeCloseTo(390 - r);
  });
});
