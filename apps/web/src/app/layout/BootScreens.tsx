import { RefreshCw, WifiOff } from 'lucide-react';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** SPEC §2.3: the full-screen view while the global config loads (a shell skeleton, no spinner). */
export function LoadingScreen() {
  const { t } = useTranslation('app');
  return (
    // Fixed to the viewport: the demo banner, which arrives with the config, does not push it down (a layout shift).
    <div className="fixed inset-0 flex" role="status" aria-live="polite">
      <span className="sr-only">{t('layout.loading')}</span>
      <div className="hidden w-[260px] shrink-0 flex-col gap-3 border-r border-neutral-200/70 bg-neutral-50 p-5 md:flex dark:border-neutral-800 dark:bg-neutral-900" aria-hidden>
        <div className="mb-4 flex items-center gap-2.5">
          <div className="size-7 animate-pulse rounded-lg bg-neutral-200 dark:bg-neutral-800" />
          <div className="h-4 w-24 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" />
        </div>
        {Array.from({ length: 7 }, (_, i) => (
          <div key={i} className="flex items-center gap-3 py-1.5">
            <div className="size-[18px] animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" />
            <div className="h-3.5 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" style={{ width: `${48 + ((i * 37) % 50)}%` }} />
          </div>
        ))}
      </div>
      <div className="flex flex-1 flex-col items-center justify-center gap-4" aria-hidden>
        {/* public/favicon.svg drawn inline: as an <img> it was one more request before the first screen. */}
        <svg viewBox="0 0 64 64" className="size-12 animate-pulse rounded-xl opacity-80">
          <rect width="64" height="64" rx="16" fill="#4f46e5" />
          <path d="M18 44 30 18h4l12 26h-6l-3-7H27l-3 7zm11-12h8l-4-9z" fill="#fff" />
        </svg>
        <div className="h-2 w-28 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800">
          <div className="h-full w-1/3 animate-[boot-bar_1.1s_ease-in-out_infinite] rounded-full bg-primary/70" />
        </div>
      </div>
    </div>
  );
}

/**
 * Shown instead of a blank page when the global config (which carries the menu) cannot be loaded;
 * SPEC §8: the server's message when it gave one, else a hint to check the network.
 */
export function LoadFailedScreen({ message, onRetry }: { message?: string | null; onRetry(): void }) {
  const { t } = useTranslation('app');
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center" role="alert">
      <div className="mb-1 flex size-14 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-500 dark:bg-neutral-800 dark:text-neutral-400">
        <WifiOff className="size-7" strokeWidth={1.6} aria-hidden />
      </div>
      <h1 className="text-lg font-semibold">{t('layout.loadFailed')}</h1>
      <p className="max-w-xs text-sm text-neutral-500 dark:text-neutral-400">{message || t('layout.loadFailedHint')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-2 inline-flex h-10 items-center gap-2 rounded-full bg-primary px-6 text-sm font-medium text-white transition-colors hover:bg-primary-hover"
      >
        <RefreshCw className="size-4" aria-hidden />
        {t('layout.retry')}
      </button>
    </div>
  );
}
