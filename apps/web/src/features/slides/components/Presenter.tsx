import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { DeckSlide } from '@app/shared';
import type { SlideTheme } from '@app/shared/slides';
import { SlideCanvas } from './SlideCanvas.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const SWIPE_PX = 40;

/** Full-screen present mode: arrows / space / PageUp / PageDown / Home / End, Esc to leave; swipe on touch screens. */
export function Presenter({ slides, theme, start, onClose }: { slides: DeckSlide[]; theme: SlideTheme; start: number; onClose(at: number): void }) {
  const { t } = useTranslation('slides');
  const [at, setAt] = useState(start);
  const root = useRef<HTMLDivElement>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const atRef = useRef(at);
  atRef.current = at;
  const go = (n: number) => setAt(Math.max(0, Math.min(slides.length - 1, n)));

  useEffect(() => {
    const el = root.current;
    el?.focus();
    // The browser's full screen where allowed (a refusal keeps the fixed overlay).
    if (el?.requestFullscreen && !document.fullscreenElement) el.requestFullscreen().catch(() => {});
    const onFs = () => {
      if (!document.fullscreenElement) onClose(atRef.current);
    };
    document.addEventListener('fullscreenchange', onFs);
    return () => {
      document.removeEventListener('fullscreenchange', onFs);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKey = (e: React.KeyboardEvent) => {
    if (['ArrowRight', 'ArrowDown', 'PageDown', ' ', 'Enter'].includes(e.key)) go(at + 1);
    else if (['ArrowLeft', 'ArrowUp', 'PageUp', 'Backspace'].includes(e.key)) go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(slides.length - 1);
    else if (e.key === 'Escape') onClose(at);
    else return;
    e.preventDefault();
  };

  return createPortal(
    <div
      ref={root}
      tabIndex={-1}
      role="dialog"
      aria-modal="true"
      aria-label={t('view.present')}
      data-testid="presenter"
      onKeyDown={onKey}
      onTouchStart={(e) => (touch.current = { x: e.touches[0]!.clientX, y: e.touches[0]!.clientY })}
      onTouchEnd={(e) => {
        const s = touch.current;
        touch.current = null;
        if (!s) return;
        const dx = e.changedTouches[0]!.clientX - s.x;
        const dy = e.changedTouches[0]!.clientY - s.y;
        if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? at + 1 : at - 1);
      }}
      className="fixed inset-0 z-[100] flex items-center justify-center bg-black outline-none"
    >
      <div className="w-full max-w-[calc(100vh*16/9)]">
        <SlideCanvas slide={slides[at]!} theme={theme} number={at + 1} />
      </div>
      <button type="button" onClick={() => onClose(at)} aria-label={t('view.exit')} className="absolute top-3 right-3 rounded-full bg-white/10 p-2 text-white hover:bg-white/25">
        <X className="size-5" aria-hidden />
      </button>
      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-4 text-white/80">
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0} aria-label={t('view.prev')} className="rounded-full bg-white/10 p-2 hover:bg-white/25 disabled:opacity-30">
          <ChevronLeft className="size-5" aria-hidden />
        </button>
        <span className="text-sm tabular-nums" aria-live="polite">
          {t('view.counter', { n: at + 1, total: slides.length })}
        </span>
        <button type="button" onClick={() => go(at + 1)} disabled={at === slides.length - 1} aria-label={t('view.next')} className="rounded-full bg-white/10 p-2 hover:bg-white/25 disabled:opacity-30">
          <ChevronRight className="size-5" aria-hidden />
        </button>
      </div>
      <p className="absolute top-4 left-4 hidden text-xs text-white/70 md:block">{t('view.presentHint')}</p>
    </div>,
    document.body,
  );
}
