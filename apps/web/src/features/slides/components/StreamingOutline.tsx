import { Loader2, Sparkles, Square } from 'lucide-react';
import { parseOutline } from '@app/shared/slides';
import type { RunState } from '../../../lib/stream-run/run.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The outline as it streams, with its stop (when it streams in this tab). */
export function StreamingOutline({ text, state, onStop }: { text: string; state: RunState | null; onStop?(): void }) {
  const { t } = useTranslation('slides');
  const parsed = parseOutline(text);
  const offline = text.includes('离线演示');
  return (
    <section aria-live="polite" aria-busy="true" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h1 className="flex flex-1 items-center gap-2 text-lg font-semibold">
          <Loader2 className="size-5 animate-spin text-primary" aria-hidden />
          {t('outline.streaming')}
        </h1>
        {onStop && (
          <button
            type="button"
            onClick={onStop}
            disabled={state === 'stopping'}
            className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-xl border border-neutral-200 bg-white px-3 text-sm text-neutral-700 hover:bg-neutral-100 disabled:opacity-60 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-200 dark:hover:bg-neutral-800"
          >
            <Square className="size-3.5" aria-hidden />
            {state === 'stopping' ? t('outline.stopping') : t('outline.stop')}
          </button>
        )}
      </div>
      {offline && <OfflineNote />}
      {parsed.title && <p className="text-base font-semibold text-neutral-900 dark:text-neutral-50">{parsed.title}</p>}
      <ol className="flex flex-col gap-2">
        {parsed.sections.map((s, i) => (
          <li key={i} className="rounded-xl border border-neutral-200/80 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900">
            <p className="text-sm font-semibold">
              {i + 1}. {s.title}
            </p>
            <ul className="mt-1 list-disc pl-5 text-sm text-neutral-600 dark:text-neutral-300">
              {s.points.map((p, k) => (
                <li key={k}>{p}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function OfflineNote() {
  const { t } = useTranslation('slides');
  return (
    <p className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">
      <Sparkles className="size-3.5 shrink-0" aria-hidden />
      <span>
        <strong>{t('offline')}</strong>：{t('offlineHint')}
      </span>
    </p>
  );
}

