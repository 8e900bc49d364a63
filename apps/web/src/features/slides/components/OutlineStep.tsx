import { useState } from 'react';
import { useNavigate } from '../../../lib/router/index.tsx';
import { Loader2, RotateCcw, WandSparkles } from 'lucide-react';
import type { DeckOutlineBody, DeckView } from '@app/shared';
import { DECK_PAGES_MAX, DECK_PAGES_MIN } from '@app/shared/slides';
import { useSession } from '../../../lib/session.ts';
import { cleanOutline, OutlineEditor, type EditableOutline } from './OutlineEditor.tsx';
import { OfflineNote } from './StreamingOutline.tsx';
import { primaryButton } from './styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The outline written: edited, then the slides generated from it (one of the ppt quota). */
export function OutlineStep({ deck, balance, busy, error, onGenerate }: { deck: DeckView; balance: number | null; busy: boolean; error: string | null; onGenerate(outline: DeckOutlineBody): void }) {
  const { t } = useTranslation('slides');
  const [value, setValue] = useState<EditableOutline>({ title: deck.title, sections: deck.outline.length ? deck.outline : [{ title: '', points: [] }] });
  const [pages, setPages] = useState(deck.pages);
  const navigate = useNavigate();

  const shown = error ?? deck.error;
  const generate = () => onGenerate({ id: deck.id, ...cleanOutline(value), pages });

  return (
    <section className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h1 className="text-lg font-semibold text-neutral-900 dark:text-neutral-50">{t('outline.heading')}</h1>
          <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('outline.hint')}</p>
          {deck.sourceTitle && (
            <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400" data-testid="deck-source">
              {t('outline.source', { title: deck.sourceTitle })}
            </p>
          )}
        </div>
        <button type="button" onClick={() => void navigate('/aippt')} className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1.5 text-sm text-neutral-500 hover:bg-neutral-100 dark:hover:bg-neutral-800">
          <RotateCcw className="size-4" aria-hidden />
          {t('outline.restart')}
        </button>
      </div>
      {deck.offline && <OfflineNote />}
      <OutlineEditor value={value} onChange={setValue} disabled={busy} />
      <label className="flex flex-col gap-1.5 rounded-xl bg-white p-3 dark:bg-neutral-900">
        <span className="flex justify-between text-sm font-medium text-neutral-700 dark:text-neutral-200">
          {t('form.pages')}
          <span className="font-semibold text-primary-fg tabular-nums">{t('form.pagesValue', { count: pages })}</span>
        </span>
        <input type="range" min={DECK_PAGES_MIN} max={DECK_PAGES_MAX} value={pages} onChange={(e) => setPages(Number(e.target.value))} className="h-8 accent-[var(--color-primary)]" />
      </label>
      {shown && (
        <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-700 dark:bg-rose-500/10 dark:text-rose-300">
          {shown}
        </p>
      )}
      <div className="sticky bottom-0 -mx-4 flex flex-col items-stretch gap-2 border-t border-neutral-200/70 bg-neutral-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:rounded-2xl sm:border dark:border-neutral-800 dark:bg-neutral-950/95">
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('outline.cost', { count: balance ?? 0 })}
          {' · '}
          <button type="button" className="text-primary-fg underline-offset-2 hover:underline" onClick={() => useSession.getState().openDialog('ppt')}>
            {t('outline.buy')}
          </button>
        </p>
        <button type="button" className={primaryButton} disabled={busy} onClick={generate}>
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <WandSparkles className="size-4" aria-hidden />}
          {t('outline.generate')}
        </button>
      </div>
    </section>
  );
}

