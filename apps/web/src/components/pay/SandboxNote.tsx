import { ExternalLink, FlaskConical } from 'lucide-react';
import './locales.ts';
import clsx from 'clsx';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * Zero-config runs pay through the local sandbox page; the UI says so and links to it.
 * `compact` is one line (under a QR code); the full note explains it (the mobile sheet).
 */
export function SandboxNote({ url, compact, className }: { url?: string | null; compact?: boolean; className?: string }) {
  const { t } = useTranslation('pay');
  const link = url && (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-0.5 font-medium text-amber-900 underline underline-offset-2 hover:text-amber-700 dark:text-amber-100 dark:hover:text-white"
    >
      {t('sandbox.open')}
      <ExternalLink className="size-3" aria-hidden />
    </a>
  );
  if (compact) {
    return (
      <p
        className={clsx(
          'inline-flex flex-wrap items-center justify-center gap-x-2 gap-y-0.5 rounded-full bg-amber-50 px-3 py-1 text-[11px] leading-4 text-amber-800 ring-1 ring-amber-200/70 ring-inset dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/20',
          className,
        )}
        title={t('sandbox.note')}
      >
        <span className="inline-flex items-center gap-1 font-medium">
          <FlaskConical className="size-3" aria-hidden />
          {t('sandbox.badge')}
        </span>
        {link}
      </p>
    );
  }
  return (
    <div
      className={clsx(
        'rounded-xl bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-800 ring-1 ring-amber-200/70 ring-inset dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/20',
        className,
      )}
    >
      <p className="flex items-center gap-1.5 font-medium">
        <FlaskConical className="size-3.5 shrink-0" aria-hidden />
        {t('sandbox.badge')}
      </p>
      <p className="mt-0.5 text-amber-700/90 dark:text-amber-200/80">{t('sandbox.note')}</p>
      {link && <p className="mt-1">{link}</p>}
    </div>
  );
}
