import { ChevronDown, Languages } from 'lucide-react';
import { clsx } from 'clsx';
import type { DocumentOption } from '@app/shared';
import { useDocuments } from '../stores/document-store.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  actions: DocumentOption[];
  languages: DocumentOption[];
  action: DocumentOption | null;
  language: string;
  disabled: boolean;
}

/**
 * SPEC §2.7 document chat: the action tabs (scrolling sideways when they do not fit) and the
 * output-language select, remembered as outLang.
 */
export function ActionBar({ actions, languages, action, language, disabled }: Props) {
  const { t } = useTranslation('document');
  const setAction = useDocuments((s) => s.setAction);
  const setOutLang = useDocuments((s) => s.setOutLang);
  if (actions.length === 0 && languages.length === 0) return null;
  return (
    <div className="flex items-center gap-2 border-b border-neutral-100 px-2 py-1.5 dark:border-neutral-800">
      <div
        role="tablist"
        aria-label={t('actions')}
        // Sideways scroll when the tabs do not fit (a phone); the right edge fades to say there is more.
        className="flex min-w-0 flex-1 snap-x gap-1 overflow-x-auto overscroll-x-contain [mask-image:linear-gradient(to_right,black_calc(100%-20px),transparent)] pr-4 [scrollbar-width:none] md:[mask-image:none] md:pr-0 [&::-webkit-scrollbar]:hidden"
      >
        {actions.map((a) => {
          const selected = a.value === action?.value;
          return (
            <button
              key={a.value}
              type="button"
              role="tab"
              aria-selected={selected}
              disabled={disabled}
              onClick={() => setAction(a.value)}
              className={clsx(
                'h-8 shrink-0 snap-start rounded-full px-3 text-[13px] whitespace-nowrap transition-colors disabled:opacity-50',
                selected
                  ? 'bg-neutral-900 font-medium text-white dark:bg-white dark:text-neutral-900'
                  : 'text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
              )}
            >
              {a.label}
            </button>
          );
        })}
      </div>
      {languages.length > 0 && (
        // The select is laid over its own label, so the pill is as wide as the chosen language, not the longest one.
        <label className="relative flex h-8 shrink-0 items-center gap-1 rounded-full border border-neutral-200 pr-2 pl-2.5 text-[13px] text-neutral-600 focus-within:ring-2 focus-within:ring-primary/25 dark:border-neutral-700 dark:text-neutral-300">
          <Languages className="size-3.5 shrink-0 text-neutral-400" aria-hidden />
          <span aria-hidden className="max-w-[5.5rem] truncate">
            {languages.find((l) => l.value === language)?.label ?? language}
          </span>
          <ChevronDown className="size-3.5 shrink-0 text-neutral-400" aria-hidden />
          <select
            value={language}
            disabled={disabled}
            aria-label={t('outLang')}
            title={t('outLang')}
            onChange={(e) => setOutLang(e.target.value)}
            className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
          >
            {languages.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
