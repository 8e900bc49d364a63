import { memo } from 'react';
import { AlertCircle, Loader2, Trash2 } from 'lucide-react';
import { clsx } from 'clsx';
import type { DocumentGroup } from '@app/shared';
import { DOCUMENT_STATUS } from '@app/shared/constants';
import { useDocUi } from '../stores/ui-store.ts';
import { FileIcon } from './FileIcon.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** A document in the list: title, date or state, and (when open) its delete button. */
export const DocItem = memo(function DocItem({ doc, active, onSelect }: { doc: DocumentGroup; active: boolean; onSelect(token: string): void }) {
  const { t } = useTranslation('document');
  const parsing = doc.status < DOCUMENT_STATUS.DONE;
  const failed = doc.status === DOCUMENT_STATUS.FAILED;
  return (
    <li
      data-testid="document-item"
      className={clsx(
        'group/item relative flex items-center rounded-xl text-sm transition-colors',
        active
          ? 'bg-white text-neutral-900 shadow-[0_1px_2px_rgba(0,0,0,0.05)] ring-1 ring-neutral-200/70 dark:bg-neutral-800 dark:text-white dark:ring-neutral-700/60'
          : 'text-neutral-700 hover:bg-neutral-200/50 dark:text-neutral-300 dark:hover:bg-neutral-800/60',
      )}
    >
      <button type="button" onClick={() => onSelect(doc.token)} aria-current={active ? 'true' : undefined} className="flex min-w-0 flex-1 items-center gap-2.5 rounded-xl py-2 pr-2 pl-2.5 text-left">
        <FileIcon ext={doc.file_ext} size="sm" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className={clsx('truncate leading-5', active && 'font-medium')}>{doc.title}</span>
          <span className="flex min-w-0 items-center gap-1.5 text-xs leading-4 text-neutral-400 dark:text-neutral-500">
            {parsing ? (
              <span className="inline-flex items-center gap-1 text-amber-600 dark:text-amber-400">
                <Loader2 className="size-3 animate-spin" aria-hidden />
                {t('parsing')}
              </span>
            ) : failed ? (
              <span className="inline-flex items-center gap-1 text-red-600 dark:text-red-400">
                <AlertCircle className="size-3" aria-hidden />
                {t('parseFailedMark')}
              </span>
            ) : (
              <>
                <span className="truncate tabular-nums">{doc.created_at_text}</span>
                {doc.pages ? <span className="shrink-0">· {t('pages', { count: doc.pages })}</span> : null}
              </>
            )}
          </span>
        </span>
      </button>
      {active && (
        <button
          type="button"
          aria-label={t('delete')}
          title={t('delete')}
          onClick={() => useDocUi.getState().set({ confirm: { token: doc.token, title: doc.title } })}
          className="mr-1.5 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-neutral-400 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10 dark:hover:text-red-400"
        >
          <Trash2 className="size-3.5" aria-hidden />
        </button>
      )}
    </li>
  );
});
