import type { KeyboardEvent } from 'react';
import { clsx } from 'clsx';
import { useTranslation } from '../../../lib/i18n.ts';

export interface TabItem {
  /** 'all', 'mine' or a category id as text. */
  value: string;
  label: string;
}

interface Props {
  tabs: TabItem[];
  value: string;
  onChange(value: string): void;
  /** One scrolling row instead of wrapping chips: always, or below md only. */
  scroll?: 'always' | 'narrow';
  /** Id prefix; the panel is labelled by the active tab. */
  idPrefix: string;
}

export const tabId = (prefix: string, value: string) => `${prefix}-tab-${value}`;
export const panelId = (prefix: string) => `${prefix}-panel`;

/** 全部 · 我的 · categories, as a tab list (arrow keys move between tabs). */
export function CategoryTabs({ tabs, value, onChange, scroll, idPrefix }: Props) {
  const { t } = useTranslation('apps');

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const at = tabs.findIndex((x) => x.value === value);
    const next = tabs[(at + step + tabs.length) % tabs.length]!;
    onChange(next.value);
    document.getElementById(tabId(idPrefix, next.value))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t('tabs.label')}
      onKeyDown={onKeyDown}
      className={clsx(
        'flex gap-2',
        scroll === 'always' && '-mx-4 flex-nowrap overflow-x-auto px-4 pb-0.5 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        scroll === 'narrow' &&
          'max-md:-mx-4 max-md:flex-nowrap max-md:overflow-x-auto max-md:px-4 max-md:pb-0.5 max-md:[scrollbar-width:none] md:flex-wrap [&::-webkit-scrollbar]:hidden',
        !scroll && 'flex-wrap',
      )}
    >
      {tabs.map((tab) => {
        const active = tab.value === value;
        return (
          <button
            key={tab.value}
            id={tabId(idPrefix, tab.value)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(idPrefix)}
            tabIndex={active ? 0 : -1}
            onClick={() => onChange(tab.value)}
            className={clsx(
              'inline-flex h-8 shrink-0 items-center whitespace-nowrap rounded-full px-3.5 text-[13px] transition-colors',
              active
                ? 'bg-neutral-900 font-medium text-white dark:bg-neutral-100 dark:text-neutral-900'
                : 'bg-white text-neutral-600 ring-1 ring-neutral-200/80 ring-inset hover:bg-neutral-100 hover:text-neutral-900 dark:bg-neutral-900 dark:text-neutral-300 dark:ring-neutral-800 dark:hover:bg-neutral-800 dark:hover:text-neutral-100',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
