import { useRef } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { Presentation } from 'lucide-react';
import type { DeckView } from '@app/shared';
import { slideTheme } from '@app/shared/slides';
import { previewPages } from '../pages.ts';
import { SlideCanvas } from './SlideCanvas.tsx';
import { OfflineNote } from './StreamingOutline.tsx';
import { primaryButton } from './styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The slides being written (progress from the job's SSE), then the deck whole. */
export function DeckProgress({ deck, cancelling, onCancel }: { deck: DeckView; cancelling: boolean; onCancel(): void }) {
  const { t } = useTranslation('slides');
  const theme = slideTheme(deck.theme);
  const done = deck.status === 'done';
  const total = deck.planned || deck.pages;
  // A deck is shown whole once done; while it generates the server sends how far it got, not its slides.
  const written = done ? deck.slides.length : deck.slideCount;
  const pct = Math.round((written / Math.max(1, total)) * 100);
  const lastRef = useRef<HTMLDivElement>(null);
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold text-neutral-900 dark:text-neutral-50">{done ? t('progress.done') : t('progress.heading')}</h1>
      {deck.offline && <OfflineNote />}
      <div>
        <div className="flex justify-between text-sm text-neutral-600 dark:text-neutral-300">
          <span>{deck.title}</span>
          <span className="tabular-nums">{t('progress.count', { done: written, total })}</span>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={t('progress.heading')}>
          <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${pct}%` }} />
        </div>
        {!done && (
          <p className="mt-2 text-xs text-neutral-500 dark:text-neutral-400">
            {t('progress.hint')} {t('progress.whole')}
          </p>
        )}
      </div>
      <div ref={lastRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {done
          ? previewPages(deck).map((p, i) => <SlideCanvas key={i} slide={p.slide} theme={theme} number={i + 1} className="rounded-lg shadow-sm ring-1 ring-black/5" />)
          : Array.from({ length: total }, (_, i) => (
              <div
                key={i}
                aria-hidden
                data-testid="slide-placeholder"
                className={`aspect-video rounded-lg ring-1 ring-black/5 ${i < written ? 'bg-primary-soft' : 'animate-pulse bg-neutral-200 dark:bg-neutral-800'}`}
              />
            ))}
      </div>
      <div className="flex flex-wrap gap-3">
        {done ? (
          <Link to={`/view?id=${deck.id}`} className={primaryButton}>
            <Presentation className="size-4" aria-hidden />
            {t('progress.open')}
          </Link>
        ) : (
          <button
            type="button"
            className="inline-flex h-10 items-center rounded-xl border border-neutral-200 px-4 text-sm text-neutral-600 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-300 dark:hover:bg-neutral-800"
            disabled={cancelling}
            onClick={onCancel}
          >
            {t('progress.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}
