import { useEffect } from 'react';
import { clsx } from 'clsx';
import { RotateCcw } from 'lucide-react';
import type { ThesisChapterView } from '@app/shared';
import { secondaryButton } from './styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Step 3: the sections as they are written; the one in progress shows its text as it streams. */
export function SectionList({
  outline,
  live,
  writing,
  onRewrite,
}: {
  outline: ThesisChapterView[];
  live: { key: string | null; text: string };
  writing: boolean;
  onRewrite(key: string, title: string, chars: number): void;
}) {
  const { t } = useTranslation('thesis');
  // The section in progress is brought into view each time the job moves on to the next one.
  useEffect(() => {
    if (!writing || !live.key) return;
    document.querySelector(`[data-section="${live.key}"]`)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [writing, live.key]);
  return (
    <ol className="flex flex-col gap-5">
      {outline.map((c, ci) => (
        <li key={c.key}>
          <h3 className="mb-2 text-base font-semibold">
            {t('outline.chapterNo', { n: ci + 1 })} {c.title}
          </h3>
          <ul className="flex flex-col gap-3">
            {c.sections.map((s, si) => {
              const inProgress = writing && live.key === s.key;
              const text = inProgress ? live.text : s.text;
              const status = inProgress ? 'writing' : s.status;
              return (
                <li key={s.key} className="scroll-mt-20 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800" data-section={s.key} data-status={status}>
                  <div className="flex items-center gap-2">
                    <h4 className="min-w-0 flex-1 truncate text-sm font-medium">
                      {ci + 1}.{si + 1} {s.title}
                    </h4>
                    <span
                      className={clsx(
                        'shrink-0 rounded-full px-2 py-0.5 text-xs',
                        status === 'done' && 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
                        status === 'writing' && 'bg-primary-soft text-primary-fg',
                        status === 'failed' && 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300',
                        status === 'pending' && 'bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300',
                        status === 'stopped' && 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
                      )}
                    >
                      {t(`section.${status}`, { defaultValue: status })}
                    </span>
                    {!writing && s.status === 'done' && (
                      <button type="button" className={`${secondaryButton} h-7 px-2 text-xs`} onClick={() => onRewrite(s.key, s.title, s.chars)}>
                        <RotateCcw className="size-3.5" aria-hidden />
                        {t('write.rewrite')}
                      </button>
                    )}
                  </div>
                  {text && (
                    <div className={clsx('mt-2 text-sm leading-7 whitespace-pre-wrap text-neutral-700 dark:text-neutral-300', !inProgress && 'line-clamp-6')} aria-live={inProgress ? 'polite' : undefined}>
                      {text}
                      {inProgress && <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-primary align-middle" aria-hidden />}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
