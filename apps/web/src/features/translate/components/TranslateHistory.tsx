import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';
import type { TranslateItem } from '@app/shared';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { actionButton } from '../../../components/styles.ts';
import { labelOf } from '../logic/languages.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface TranslateHistoryProps {
  items: TranslateItem[];
  loading: boolean;
  guest: boolean;
  onOpen(item: TranslateItem): void;
  onDelete(item: TranslateItem): void;
  onNew(): void;
}

/** The past translations: open one, delete one, start a new one. */
export function TranslateHistory({ items, loading, guest, onOpen, onDelete, onNew }: TranslateHistoryProps) {
  const { t } = useTranslation('translate');
  return (
    <HistoryPanel
      texts={{ new: t('newTranslation'), title: t('history'), guest: t('guest'), login: t('login'), empty: t('historyEmpty') }}
      guest={guest}
      loading={loading}
      empty={items.length === 0}
      skeletonClass="h-12"
      onNew={onNew}
    >
      {items.map((i) => (
        <li key={i.id} className="group flex items-start rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-800">
          <button type="button" onClick={() => onOpen(i)} className="min-w-0 flex-1 px-2.5 py-2 text-left">
            <span className="block truncate text-[13px]">{i.source}</span>
            <span className="block truncate text-xs text-neutral-500 dark:text-neutral-400">
              {labelOf(i.from)} → {labelOf(i.to)}
              {i.status !== 'complete' && ` · ${t(`status_${i.status}`)}`}
            </span>
          </button>
          <button type="button" onClick={() => onDelete(i)} aria-label={`${t('delete')} ${i.source.slice(0, 20)}`} className={clsx(actionButton, 'mt-1.5 mr-1 opacity-100 md:opacity-0 md:group-hover:opacity-100 md:focus:opacity-100')}>
            <Trash2 className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </HistoryPanel>
  );
}
