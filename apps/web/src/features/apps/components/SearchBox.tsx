import { Search, X } from 'lucide-react';
import { clsx } from 'clsx';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  className?: string;
}

/** The store's search field: a search icon, the text, and a clear button once something is typed. */
export function SearchBox({ value, onChange, placeholder, className }: Props) {
  const { t } = useTranslation('apps');
  return (
    <div className={clsx('relative', className)}>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-400" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            e.preventDefault();
            onChange('');
          }
        }}
        placeholder={placeholder}
        aria-label={t('search.label')}
        maxLength={50}
        enterKeyHint="search"
        className={clsx(
          'h-10 w-full rounded-xl border border-neutral-200 bg-white pl-9 pr-9 text-[15px] text-neutral-900 outline-none transition-colors md:text-sm',
          'placeholder:text-neutral-400 focus:border-primary focus:ring-3 focus:ring-primary/15',
          'dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-500 dark:focus:border-indigo-400',
          '[&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t('search.clear')}
          className="absolute right-1.5 top-1/2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-lg text-neutral-400 hover:bg-neutral-100 hover:text-neutral-600 dark:hover:bg-neutral-800 dark:hover:text-neutral-200"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
