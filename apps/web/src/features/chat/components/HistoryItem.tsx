import { memo, useState } from 'react';
import { MessageSquare, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { clsx } from 'clsx';
import { renameGroup, toggleSticky } from '../controller/groups.ts';
import { useChatUi } from '../stores/ui-store.ts';
import type { Group } from '../types.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const small =
  'inline-flex size-7 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-200/80 hover:text-neutral-800 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-neutral-100';

/** A history row; the active one has rename, pin and delete (delete asks first, SPEC §2.7). */
export const HistoryItem = memo(function HistoryItem({ group, active, onSelect }: { group: Group; active: boolean; onSelect(uuid: number): void }) {
  const { t } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(group.title);

  const save = () => {
    setEditing(false);
    void renameGroup(group.uuid, draft);
  };

  return (
    <li
      className={clsx(
        'group/item relative flex h-10 items-center rounded-xl text-sm transition-colors',
        active ? 'bg-white font-medium text-neutral-900 shadow-[0_1px_2px_rgba(0,0,0,0.05)] ring-1 ring-neutral-200/70 dark:bg-neutral-800 dark:text-white dark:ring-neutral-700/60' : 'text-neutral-700 hover:bg-neutral-200/50 dark:text-neutral-300 dark:hover:bg-neutral-800/60',
      )}
    >
      {editing ? (
        <div className="flex min-w-0 flex-1 items-center gap-2 px-3">
          <MessageSquare className="size-4 shrink-0 text-neutral-400" aria-hidden />
          <input
            autoFocus
            value={draft}
            aria-label={t('renameInput')}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={save}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) save();
              if (e.key === 'Escape') {
                setDraft(group.title);
                setEditing(false);
              }
            }}
            className="h-7 min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-2 text-sm outline-none focus:border-primary dark:border-neutral-600 dark:bg-neutral-900"
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => onSelect(group.uuid)}
          aria-current={active ? 'true' : undefined}
          className="flex h-full min-w-0 flex-1 items-center gap-2 rounded-xl pr-2 pl-3 text-left"
        >
          <MessageSquare className={clsx('size-4 shrink-0', active ? 'text-primary-fg' : 'text-neutral-400')} aria-hidden />
          <span className="truncate">{group.title}</span>
          {group.isSticky && !active && <Pin className="ml-auto size-3.5 shrink-0 text-neutral-400" aria-hidden />}
        </button>
      )}
      {active && !editing && (
        <div className="flex shrink-0 items-center pr-1.5">
          <button
            type="button"
            className={small}
            aria-label={t('rename')}
            title={t('rename')}
            onClick={() => {
              setDraft(group.title);
              setEditing(true);
            }}
          >
            <Pencil className="size-3.5" aria-hidden />
          </button>
          {group.uuid !== 0 && (
            <button type="button" className={small} aria-label={group.isSticky ? t('unpin') : t('pin')} title={group.isSticky ? t('unpin') : t('pin')} onClick={() => void toggleSticky(group.uuid)}>
              {group.isSticky ? <PinOff className="size-3.5" aria-hidden /> : <Pin className="size-3.5" aria-hidden />}
            </button>
          )}
          <button
            type="button"
            className={clsx(small, 'hover:text-red-600 dark:hover:text-red-400')}
            aria-label={t('deleteGroup')}
            title={t('deleteGroup')}
            onClick={() => useChatUi.getState().set({ confirm: { kind: 'delete', uuid: group.uuid, title: group.title } })}
          >
            <Trash2 className="size-3.5" aria-hidden />
          </button>
        </div>
      )}
    </li>
  );
});
