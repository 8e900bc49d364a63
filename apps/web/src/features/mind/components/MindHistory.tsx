import { clsx } from 'clsx';
import { Network, Trash2, type ZoomIn } from 'lucide-react';
import type { MindSummary } from '@app/shared';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { actionButton } from '../../../components/styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export function ToolButton({ label, onClick, icon: Icon }: { label: string; onClick(): void; icon: typeof ZoomIn }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={label} className={actionButton}>
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

export function ActionButton({ label, onClick, icon: Icon }: { label: string; onClick(): void; icon: typeof ZoomIn }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={label} className={clsx(actionButton, 'shrink-0 gap-1.5 px-2.5 text-[13px]')}>
      <Icon className="size-4" aria-hidden />
      <span className="hidden sm:inline">{label}</span>
    </button>
  );
}

interface HistoryProps {
  maps: MindSummary[];
  loading: boolean;
  activeId: number | null;
  guest: boolean;
  onOpen(id: number): void;
  onDelete(m: MindSummary): void;
  onNew(): void;
}

/** The maps of the user, newest first. */
export function MindHistory({ maps, loading, activeId, guest, onOpen, onDelete, onNew }: HistoryProps) {
  const { t } = useTranslation('mind');
  return (
    <HistoryPanel
      texts={{ new: t('newMap'), title: t('history'), guest: t('guest'), login: t('login'), empty: t('historyEmpty') }}
      guest={guest}
      loading={loading}
      empty={maps.length === 0}
      skeletonClass="h-9"
      onNew={onNew}
    >
      {maps.map((m) => (
        <li key={m.id} className={clsx('group flex items-center rounded-lg', activeId === m.id ? 'bg-primary-soft' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800')}>
          <button type="button" onClick={() => onOpen(m.id)} aria-current={activeId === m.id ? 'true' : undefined} className="flex min-w-0 flex-1 items-center gap-2 px-2.5 py-2 text-left text-[13px]">
            <Network className="size-3.5 shrink-0 text-neutral-400" aria-hidden />
            <span className={clsx('truncate', activeId === m.id && 'font-medium text-primary-fg')}>{m.title}</span>
            {m.status !== 'complete' && <span className="shrink-0 text-[11px] text-neutral-400">{t(`status_${m.status}`)}</span>}
          </button>
          <button type="button" onClick={() => onDelete(m)} aria-label={`${t('delete')} ${m.title}`} className={clsx(actionButton, 'mr-1 opacity-100 md:opacity-0 md:group-hover:opacity-100 md:focus:opacity-100')}>
            <Trash2 className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </HistoryPanel>
  );
}
