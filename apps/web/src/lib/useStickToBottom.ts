import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { SCROLL_TO_BOTTOM_THRESHOLD_PX } from '@app/shared/constants';

/** Within this distance the list counts as "at the bottom" and follows a growing reply. */
const FOLLOW_PX = 32;

/**
 * Follows the bottom while the user is there (a streaming reply grows into view) and leaves the
 * scroll alone once they scroll up (wheel, touch, keys or the scrollbar). `showButton` is
 * SPEC §9's 100 px threshold.
 */
export function useStickToBottom(scrollRef: RefObject<HTMLElement | null>, content: HTMLElement | null) {
  const follow = useRef(true);
  const [showButton, setShowButton] = useState(false);

  const scrollToBottom = useCallback(
    (smooth = false) => {
      const el = scrollRef.current;
      if (!el) return;
      follow.current = true;
      el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    },
    [scrollRef],
  );

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // Only the user scrolling up stops following: content that shrinks or re-renders while a
    // reply streams moves scrollTop too, and must not.
    const release = () => {
      follow.current = false;
    };
    let touchY = 0;
    let dragging = false;
    let lastTop = el.scrollTop;
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY < 0) release();
    };
    const onTouchStart = (e: TouchEvent) => (touchY = e.touches[0]?.clientY ?? 0);
    const onTouchMove = (e: TouchEvent) => {
      const y = e.touches[0]?.clientY ?? 0;
      if (y > touchY + 4) release(); // finger moves down: the list scrolls up
      touchY = y;
    };
    const onKey = (e: KeyboardEvent) => {
      if (['ArrowUp', 'PageUp', 'Home'].includes(e.key)) release();
    };
    // A press on the container itself is its scrollbar.
    const onPointerDown = (e: PointerEvent) => (dragging = e.target === el);
    const onPointerUp = () => (dragging = false);
    const onScroll = () => {
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
      if (dragging && el.scrollTop < lastTop) release();
      if (distance <= FOLLOW_PX) follow.current = true;
      lastTop = el.scrollTop;
      setShowButton(distance > SCROLL_TO_BOTTOM_THRESHOLD_PX);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: true });
    el.addEventListener('keydown', onKey);
    el.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
    };
  }, [scrollRef]);

  // Runs again whenever the list element changes (empty state -> first message, group switch).
  useEffect(() => {
    const el = scrollRef.current;
    if (!content || !el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (follow.current) el.scrollTop = el.scrollHeight;
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
      setShowButton(distance > SCROLL_TO_BOTTOM_THRESHOLD_PX);
    });
    ro.observe(content);
    return () => ro.disconnect();
  }, [scrollRef, content]);

  return { showButton, scrollToBottom, following: follow };
}
