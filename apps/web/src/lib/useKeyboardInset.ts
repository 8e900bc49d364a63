import { useEffect, useState, type RefObject } from 'react';

/**
 * How far the on-screen keyboard overlaps the bottom of `ref` (0 without one). Browsers that
 * keep the layout viewport when the keyboard opens (iOS Safari, Chrome's default) only shrink
 * the visual viewport; padding the screen by the overlap keeps the input box above the keyboard.
 */
export function useKeyboardInset(ref: RefObject<HTMLElement | null>) {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const el = ref.current;
        if (!el) return;
        const overlap = Math.round(el.getBoundingClientRect().bottom - (vv.offsetTop + vv.height));
        // Small differences are browser chrome (toolbars), not a keyboard.
        setInset(overlap > 80 ? overlap : 0);
      });
    };
    vv.addEventListener('resize', measure);
    vv.addEventListener('scroll', measure);
    measure();
    return () => {
      cancelAnimationFrame(frame);
      vv.removeEventListener('resize', measure);
      vv.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return inset;
}
