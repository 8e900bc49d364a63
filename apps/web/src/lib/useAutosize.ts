import { useLayoutEffect, type RefObject } from 'react';

/** Line height of the composers' textareas (leading-6). */
export const LINE_PX = 24;

/** Grows a textarea with its content between `min` and `max` rows (SPEC §2.7); `pad` is its vertical padding. */
export function useAutosize(ref: RefObject<HTMLTextAreaElement | null>, value: string, min: number, max: number, pad: number) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    const height = Math.min(Math.max(el.scrollHeight, min * LINE_PX + pad), max * LINE_PX + pad);
    el.style.height = `${height}px`;
    el.style.overflowY = el.scrollHeight > height ? 'auto' : 'hidden';
  }, [ref, value, min, max, pad]);
}
