import { useId, useState, type ReactNode } from 'react';
import { ChatHistory } from './ChatHistory.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type Tab = 'menu' | 'history';

/** SPEC §2.7: the template/expert sidebar has two tabs, the menu and the history. */
export function SideTabs({ menuLabel, menu, onPicked }: { menuLabel: string; menu: ReactNode; onPicked?(): void }) {
  const { t } = useTranslation('chat');
  const [tab, setTab] = useState<Tab>('menu');
  const id = useId();
  const tabs: [Tab, string][] = [
    ['menu', menuLabel],
    ['history', t('tabHistory')],
  ];
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next: Tab = tab === 'menu' ? 'history' : 'menu';
    setTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div role="tablist" aria-label={t('sideTabs')} className="mx-3 mt-3 flex shrink-0 rounded-lg bg-neutral-200/60 p-0.5 dark:bg-neutral-800" onKeyDown={onKey}>
        {tabs.map(([key, label]) => (
          <button
            key={key}
            id={`${id}-${key}-tab`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`${id}-${key}-panel`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            className={`h-8 flex-1 rounded-md text-[13px] font-medium transition-colors ${
              tab === key ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-neutral-100' : 'text-neutral-500 hover:text-neutral-800 dark:text-neutral-400 dark:hover:text-neutral-200'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={`${id}-menu-panel`} role="tabpanel" aria-labelledby={`${id}-menu-tab`} hidden={tab !== 'menu'} className="min-h-0 flex-1 overflow-y-auto">
        {tab === 'menu' && menu}
      </div>
      <div id={`${id}-history-panel`} role="tabpanel" aria-labelledby={`${id}-history-tab`} hidden={tab !== 'history'} className="min-h-0 flex-1">
        {tab === 'history' && <ChatHistory onPicked={onPicked} />}
      </div>
    </div>
  );
}
