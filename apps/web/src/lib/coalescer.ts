type Schedule = (cb: () => void) => number;
type Cancel = (handle: number) => void;

const raf: Schedule = (cb) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : (setTimeout(cb, 16) as unknown as number));
const cancelRaf: Cancel = (h) => (typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(h) : clearTimeout(h));

export interface Coalescer {
  push(text: string): void;
  /** Delivers what is pending now (end of stream). */
  flush(): void;
  dispose(): void;
}

/**
 * Collects streamed pieces and hands them to `sink` at most once per animation frame, so a
 * fast upstream (hundreds of deltas a second) costs one render per frame, not one per delta.
 */
export function createCoalescer(sink: (text: string) => void, schedule: Schedule = raf, cancel: Cancel = cancelRaf): Coalescer {
  let pending: string[] = [];
  let handle: number | null = null;

  const deliver = () => {
    handle = null;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    sink(text);
  };

  return {
    push(text) {
      if (!text) return;
      pending.push(text);
      if (handle === null) handle = schedule(deliver);
    },
    flush() {
      if (handle !== null) cancel(handle);
      deliver();
    },
    dispose() {
      if (handle !== null) cancel(handle);
      handle = null;
      pending = [];
    },
  };
}
