import { useState } from 'react';
import { Headset } from 'lucide-react';
import { clsx } from 'clsx';
import { useSession } from '../../lib/session.ts';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * SPEC §2.4 / §6: the contact-customer-service button, only for logged-in users and only when a
 * service QR is configured. Hover (or a tap, on touch screens) shows the QR image.
 */
export function CustomerService({ collapsed = false, placement = 'right' }: { collapsed?: boolean; placement?: 'right' | 'top' }) {
  const { t } = useTranslation('app');
  const token = useSession((s) => s.token);
  const qrcode = useSession((s) => s.website?.website.customer_service_qrcode);
  const [pinned, setPinned] = useState(false);
  if (!token || !qrcode) return null;

  return (
    <div className="group relative" onMouseLeave={() => setPinned(false)}>
      <button
        type="button"
        onClick={() => setPinned((v) => !v)}
        aria-expanded={pinned}
        aria-label={collapsed ? t('layout.service') : undefined}
        title={collapsed ? t('layout.service') : undefined}
        className={clsx(
          'flex h-9 w-full items-center gap-3 rounded-lg text-[13px] text-neutral-600 transition-colors hover:bg-neutral-200/60 dark:text-neutral-300 dark:hover:bg-neutral-800',
          collapsed ? 'justify-center' : 'px-3',
        )}
      >
        <Headset className="size-[18px] shrink-0" strokeWidth={1.8} aria-hidden />
        {!collapsed && <span>{t('layout.service')}</span>}
      </button>
      <div
        role="tooltip"
        className={clsx(
          'absolute z-40 w-44 rounded-xl border border-neutral-200 bg-white p-3 text-center shadow-lg transition-opacity duration-150 dark:border-neutral-700 dark:bg-neutral-800',
          placement === 'right' ? 'bottom-0 left-full ml-4' : 'bottom-full left-0 mb-2',
          pinned ? 'visible opacity-100' : 'invisible opacity-0 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100',
        )}
      >
        <img src={qrcode} alt={t('layout.serviceQr')} className="mx-auto size-36 rounded-md bg-white object-contain" loading="lazy" />
        <p className="mt-2 text-xs text-neutral-500 dark:text-neutral-400">{t('layout.serviceScan')}</p>
      </div>
    </div>
  );
}
