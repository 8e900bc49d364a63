import { Link } from '../../../lib/router/index.tsx';
import { Crown } from 'lucide-react';
import type { UserInfo } from '@app/shared';
import { formatDisplayDate } from '../format-date.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export function MembershipBanner({ user }: { user: UserInfo }) {
  const { t } = useTranslation('user');
  const vip = user.is_vip && !!user.vip_expires_at;
  return (
    <section className="flex items-center gap-3 rounded-2xl bg-linear-to-r from-amber-50 to-orange-50 px-4 py-3.5 ring-1 ring-amber-200/60 ring-inset dark:from-amber-400/10 dark:to-orange-400/5 dark:ring-amber-400/15">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-400/20 text-amber-600 dark:text-amber-300">
        <Crown className="size-[18px]" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-amber-900 dark:text-amber-100">
          {vip ? t('vip.until', { date: formatDisplayDate(user.vip_expires_at!) }) : t('vip.free')}
        </p>
        {!vip && <p className="truncate text-xs text-amber-800/70 dark:text-amber-200/60">{t('vip.freeHint')}</p>}
      </div>
      <Link
        to="/pay"
        className="shrink-0 rounded-full bg-amber-500 px-3.5 py-1.5 text-[13px] font-medium text-amber-950 transition-colors hover:bg-amber-400"
      >
        {vip ? t('vip.renew') : t('vip.upgrade')}
      </Link>
    </section>
  );
}
