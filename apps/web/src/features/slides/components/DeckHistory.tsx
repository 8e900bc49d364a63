import { useState } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { Plus, Presentation, Trash2 } from 'lucide-react';
import type { DeckSummary } from '@app/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { slidesApi } from '../api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const STATUS_TONE: Record<string, string> = {
  done: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300',
  generating: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300',
  failed: 'bg-rose-50 text-rose-700 dark:bg-rose-500/10 dark:text-rose-300',
};

/** 我的 PPT: every deck, newest first; a finished one opens in the viewer, the others in the editor. */
export function DeckHistory({ decks, activeId, onRemoved, showNew = true }: { decks: DeckSummary[] | null; activeId?: number | null; onRemoved(id: number): void; showNew?: boolean }) {
  const { t } = useTranslation('slides');
  const [removing, setRemoving] = useState<DeckSummary | null>(null);
  return (
    <nav aria-label={t('history.title')} className="flex flex-col gap-2">
      <div className="flex items-center justify-between px-1">
        <h2 className="text-sm font-semibold text-neutral-700 dark:text-neutral-200">{t('history.title')}</h2>
        {showNew && (
          <Link to="/aippt" className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium text-primary-fg hover:bg-primary-soft">
            <Plus className="size-3.5" aria-hidden />
            {t('history.new')}
          </Link>
        )}
      </div>
      {decks === null ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-14 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
          ))}
        </div>
      ) : decks.length === 0 ? (
        <p className="px-1 py-4 text-sm text-neutral-500 dark:text-neutral-400">{t('history.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {decks.map((d) => (
            <li key={d.id} className="group relative">
              <Link
                to={d.status === 'done' ? `/view?id=${d.id}` : `/aippt?id=${d.id}`}
                aria-current={activeId === d.id ? 'page' : undefined}
                className={`flex items-start gap-2.5 rounded-xl border px-3 py-2.5 pr-10 transition-colors ${
                  activeId === d.id
                    ? 'border-primary/40 bg-primary-soft'
                    : 'border-neutral-200/70 bg-white hover:bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:bg-neutral-800'
                }`}
              >
                <Presentation className="mt-0.5 size-4 shrink-0 text-primary-fg" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-neutral-900 dark:text-neutral-50">{d.title}</span>
                  <span className="mt-1 flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-300">
                    <span className={`rounded px-1.5 py-px ${STATUS_TONE[d.status] ?? 'bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300'}`}>
                      {t(`history.status.${d.status}`)}
                    </span>
                    <span>{t('history.pages', { count: d.pages })}</span>
                    {d.offline && <span>· {t('offline')}</span>}
                  </span>
                </span>
              </Link>
              <button
                type="button"
                onClick={() => setRemoving(d)}
                aria-label={`${t('history.remove')} ${d.title}`}
                className="absolute top-2 right-2 rounded-lg p-1.5 text-neutral-400 hover:bg-neutral-100 hover:text-rose-600 dark:hover:bg-neutral-800"
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('history.remove')}
        description={removing ? t('history.removeConfirm', { title: removing.title }) : ''}
        confirmLabel={t('history.remove')}
        cancelLabel={t('editor.cancel')}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const d = removing;
          if (!d) return;
          void slidesApi.remove(d.id).then(() => {
            toast.success(t('history.removed'));
            onRemoved(d.id);
          });
        }}
      />
    </nav>
  );
}
