import { useDeferredValue } from 'react';
import { Eraser, MessagesSquare, Plus, Search, Trash2 } from 'lucide-react';
import { useSession } from '../../../lib/session.ts';
import { newConversation, selectGroup } from '../controller/groups.ts';
import { filterGroups, splitSticky } from '../logic/groups.ts';
import { useChat } from '../stores/chat-store.ts';
import { useChatUi } from '../stores/ui-store.ts';
import { HistoryItem } from './HistoryItem.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

function Heading({ children }: { children: React.ReactNode }) {
  return <h3 className="px-3 pt-3 pb-1.5 text-xs font-medium text-neutral-500 dark:text-neutral-400">{children}</h3>;
}

function Skeleton() {
  return (
    <ul className="space-y-1 px-1 pt-3" aria-hidden>
      {[72, 56, 80, 64, 48].map((w, i) => (
        <li key={i} className="flex h-10 items-center gap-2 px-3">
          <span className="size-4 rounded bg-neutral-200 dark:bg-neutral-800" />
          <span className="h-3 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" style={{ width: `${w}%` }} />
        </li>
      ))}
    </ul>
  );
}

/** SPEC §2.7 chat sidebar: new conversation, history search, the 其他 heading with a count, clear this conversation, delete-all. */
export function ChatHistory({ onPicked }: { onPicked?(): void }) {
  const { t } = useTranslation('chat');
  const token = useSession((s) => s.token);
  const groups = useChat((s) => s.groupList);
  const active = useChat((s) => s.active);
  const keyword = useChat((s) => s.groupKeyWord);
  const loading = useChat((s) => s.groupsLoading && !s.groupsLoaded);
  const setKeyword = useChat((s) => s.setKeyword);
  const activeTitle = useChat((s) => s.groupList.find((g) => g.uuid === s.active)?.title ?? '');
  // 清空当前对话 is offered on a saved conversation with saved messages, not while a reply is generated.
  const clearable = useChat((s) => s.active !== 0 && s.listOf === s.active && s.chatList.some((m) => m.id !== null));
  const generating = useChat((s) => s.generating);
  const deferred = useDeferredValue(keyword);
  const shown = filterGroups(groups, deferred);
  const { sticky, others } = splitSticky(shown);

  const pick = (uuid: number) => {
    void selectGroup(uuid);
    onPicked?.();
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-2 px-3 pt-3">
        <button
          type="button"
          onClick={() => {
            void newConversation();
            onPicked?.();
          }}
          aria-label={t('newChatButton')}
          className="flex h-10 w-full items-center justify-center gap-1.5 rounded-xl border border-neutral-200 bg-white text-sm font-medium text-neutral-800 shadow-[0_1px_2px_rgba(0,0,0,0.04)] transition-colors hover:bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-100 dark:hover:bg-neutral-700/70"
        >
          <Plus className="size-4" aria-hidden />
          {t('newChatButton')}
        </button>
        <label className="flex h-9 items-center gap-2 rounded-xl bg-neutral-200/50 px-3 text-neutral-400 focus-within:ring-2 focus-within:ring-primary/25 dark:bg-neutral-800/70">
          <Search className="size-4 shrink-0" aria-hidden />
          <input
            type="search"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('search')}
            aria-label={t('search')}
            className="h-full min-w-0 flex-1 bg-transparent text-sm text-neutral-800 outline-none placeholder:text-neutral-400 dark:text-neutral-100 dark:placeholder:text-neutral-500"
          />
        </label>
      </div>

      <nav aria-label={t('historyTitle')} className="scroll-thin min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {!token ? (
          <div className="flex flex-col items-center gap-3 px-4 pt-10 text-center">
            <MessagesSquare className="size-8 text-neutral-300 dark:text-neutral-600" strokeWidth={1.5} aria-hidden />
            <p className="text-[13px] leading-5 text-neutral-500 dark:text-neutral-400">{t('guestHistory')}</p>
            <button
              type="button"
              onClick={() => useSession.getState().openLogin()}
              className="h-9 rounded-full bg-primary px-5 text-sm font-medium text-white hover:bg-primary-hover"
            >
              {t('login')}
            </button>
          </div>
        ) : loading && groups.length === 0 ? (
          <Skeleton />
        ) : shown.length === 0 ? (
          <p className="px-4 pt-10 text-center text-[13px] text-neutral-400">{deferred.trim() ? t('searchEmpty') : t('historyEmpty')}</p>
        ) : (
          <>
            {sticky.length > 0 && (
              <section>
                <Heading>{t('pinnedHeading')}</Heading>
                <ul className="space-y-0.5">
                  {sticky.map((g) => (
                    <HistoryItem key={g.uuid} group={g} active={g.uuid === active} onSelect={pick} />
                  ))}
                </ul>
              </section>
            )}
            {others.length > 0 && (
              <section>
                <Heading>
                  {t('others')} <span className="tabular-nums">({others.length})</span>
                </Heading>
                <ul className="space-y-0.5">
                  {others.map((g) => (
                    <HistoryItem key={g.uuid} group={g} active={g.uuid === active} onSelect={pick} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </nav>

      {token && groups.some((g) => g.uuid !== 0) && (
        <div className="flex gap-1 border-t border-neutral-200/70 px-3 py-2 dark:border-neutral-800">
          {clearable && (
            <button
              type="button"
              onClick={() => useChatUi.getState().set({ confirm: { kind: 'clear', uuid: active, title: activeTitle } })}
              disabled={generating}
              className="flex h-9 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg text-[13px] text-neutral-500 transition-colors hover:bg-red-50 hover:text-red-600 disabled:opacity-40 dark:text-neutral-400 dark:hover:bg-red-500/10 dark:hover:text-red-400"
            >
              <Eraser className="size-3.5 shrink-0" aria-hidden />
              {t('clearConversation')}
            </button>
          )}
          <button
            type="button"
            onClick={() => useChatUi.getState().set({ confirm: { kind: 'deleteAll' } })}
            className="flex h-9 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg text-[13px] text-neutral-500 transition-colors hover:bg-red-50 hover:text-red-600 dark:text-neutral-400 dark:hover:bg-red-500/10 dark:hover:text-red-400"
          >
            <Trash2 className="size-3.5" aria-hidden />
            {t('deleteAll')}
          </button>
        </div>
      )}
    </div>
  );
}
