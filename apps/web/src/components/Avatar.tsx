import { useState } from 'react';
import { clsx } from 'clsx';
import './locales.ts';
import { useTranslation } from '../lib/i18n.ts';

/** The default avatar: a soft circle with a person outline (no image request). */
function DefaultAvatar({ size, className }: { size: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      width={size}
      height={size}
      aria-hidden
      className={clsx('shrink-0 rounded-full text-neutral-400 dark:text-neutral-500', className)}
    >
      <rect width="40" height="40" rx="20" className="fill-neutral-200 dark:fill-neutral-700" />
      <circle cx="20" cy="16" r="6.5" fill="currentColor" />
      <path d="M8 34c1.8-6.2 6.4-9.5 12-9.5s10.2 3.3 12 9.5" fill="currentColor" />
    </svg>
  );
}

/** A user's avatar with the default image as fallback (missing URL or a failed load). */
export function Avatar({ src, size = 36, className }: { src?: string | null; size?: number; className?: string }) {
  const { t } = useTranslation('common');
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <DefaultAvatar size={size} className={className} />;
  return (
    <img
      src={src}
      alt={t('avatar')}
      width={size}
      height={size}
      onError={() => setFailed(src)}
      className={clsx('shrink-0 rounded-full object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
