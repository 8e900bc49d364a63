import { Globe } from 'lucide-react';
import type { ChatSearch } from '@app/shared';
import { hostOf } from '../logic/citations.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** While the web search runs, before the first text. */
export function Searching() {
  const { t } = useTranslation('chat');
  return (
    <div className="flex h-7 items-center gap-1.5 text-sm text-neutral-500 dark:text-neutral-400" role="status">
      <Globe className="size-4 animate-pulse" aria-hidden />
      {t('searching')}
    </div>
  );
}

/** The numbered sources under a searched reply (`[n]` in the text links to the same pages), or why there are none. */
export function ReplySources({ search, anchor }: { search: ChatSearch; anchor: string }) {
  const { t } = useTranslation('chat');
  if (search.status !== 'ok') {
    return (
      <p className="mt-1 inline-flex items-center gap-1.5 text-xs text-neutral-500 dark:text-neutral-400" data-testid="search-note">
        <Globe className="size-3.5" aria-hidden />
        {search.status === 'failed' ? t('webSearchFailed') : t('webSearchNothing')}
      </p>
    );
  }
  return (
    <section className="mt-2 rounded-xl border border-neutral-200 px-3 py-2 dark:border-neutral-800" aria-labelledby={`${anchor}-h`} data-testid="reply-sources">
      <h3 id={`${anchor}-h`} className="mb-1 flex items-center gap-1.5 text-xs font-medium text-neutral-600 dark:text-neutral-300">
        <Globe className="size-3.5" aria-hidden />
        {t('sources')}
        {search.cost > 0 && <span className="font-normal text-neutral-500 dark:text-neutral-400">· {t('sourcesCharged', { n: search.cost })}</span>}
      </h3>
      <ol className="flex flex-col gap-0.5">
        {search.sources.map((s, i) => (
          <li key={s.url} id={`${anchor}-${i + 1}`} className="min-w-0 text-sm leading-6">
            <a
              href={s.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-w-0 items-baseline gap-1.5 rounded text-neutral-700 hover:text-blue-700 hover:underline dark:text-neutral-200 dark:hover:text-blue-300"
            >
              <span className="shrink-0 tabular-nums text-neutral-500 dark:text-neutral-400">[{i + 1}]</span>
              <span className="min-w-0 truncate">{s.title}</span>
              <span className="shrink-0 text-xs text-neutral-500 dark:text-neutral-400">{hostOf(s.url)}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
