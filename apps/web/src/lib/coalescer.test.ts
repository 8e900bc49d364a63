import { describe, expect, it } from 'vitest';
import { createCoalescer } from './coalescer.ts';

function fakeFrames() {
  const queue = new Map<number, () => void>();
  let next = 1;
  return {
    schedule: (cb: () => void) => {
      queue.set(next, cb);
      return next++;
    },
    cancel: (h: number) => void queue.delete(h),
    frame() {
      const cbs = [...queue.values()];
      queue.clear();
      cbs.forEach((cb) => cb());
    },
    get pending() {
      return queue.size;
    },
  };
}

describe('createCoalescer', () => {
  it('delivers many deltas of one frame as one piece', () => {
    const frames = fakeFrames();
    const out: string[] = [];
    const c = createCoalescer((t) => out.push(t), frames.schedule, frames.cancel);
    for (const piece of ['你', '好', '，', '世界']) c.push(piece);
    expect(out).toEqual([]);
    expect(frames.pending).toBe(1);
    frames.frame();
    expect(out).toEqual(['你好，世界']);
    c.push('!');
    c.push('?');
    frames.frame();
    expect(out).toEqual(['你好，世界', '!?']);
  });

  it('renders at most once per frame however many deltas arrive', () => {
    const frames = fakeFrames();
    let renders = 0;
    const c = createCoalescer(() => renders++, frames.schedule, frames.cancel);
    for (let f = 0; f < 10; f++) {
      for (let i = 0; i < 50; i++) c.push('x');
      frames.frame();
    }
    expect(renders).toBe(10);
  });

  it('flush delivers at once and cancels the frame; empty frames deliver nothing', () => {
    const frames = fakeFrames();
    const out: string[] = [];
    const c = createCoalescer((t) => out.push(t), frames.schedule, frames.cancel);
    c.push('a');
    c.flush();
    expect(out).toEqual(['a']);
    expect(frames.pending).toBe(0);
    c.flush();
    c.push('');
    frames.frame();
    expect(out).toEqual(['a']);
  });

  it('dispose drops what is pending', () => {
    const frames = fakeFrames();
    const out: string[] = [];
    const c = createCoalescer((t) => out.push(t), frames.schedule, frames.cancel);
    c.push('a');
    c.dispose();
    frames.frame();
    c.flush();
    expect(out).toEqual([]);
  });
});
