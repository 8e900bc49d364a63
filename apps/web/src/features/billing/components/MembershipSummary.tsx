import { Crown, LogIn } from 'lucide-react';
import type { BalanceReply, UserInfo } from '@app/shared';
import { Avatar } from '../../../components/Avatar.tsx';
import { useSession } from '../../../lib/session.ts';
import { formatDate } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const POOLS = [
  { key: 'model3', total: 'useModel3Token' },
  { key: 'model4', total: 'useModel4Token' },
  { key: 'draw', total: 'useDrawMjToken' },
] as const;

/** /pay: who I am, my membership and my credits (or, for a guest, an invitation to log in). */
export function MembershipSummary({ user, balance }: { user: UserInfo | null; balance: BalanceReply | null }) {
  const { t } = useTranslation('billing');
  const token = useSession((s) => s.token);
  const openLogin = useSession((s) => s.openLogin);

  if (!token) {
    return (
      <section className="flex flex-col gap-4 rounded-3xl bg-linear-to-br from-amber-50 via-orange-50 to-rose-50 p-5 ring-1 ring-amber-200/60 ring-inset sm:flex-row sm:items-center sm:p-6 dark:from-amber-400/10 dark:via-orange-400/5 dark:to-rose-400/5 dark:ring-amber-400/15">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-amber-400/20 text-amber-600 dark:text-amber-300">
          <Crown className="size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-base font-semibold text-amber-950 dark:text-amber-50">{t('centre.guestTitle')}</p>
          <p className="mt-0.5 text-sm text-amber-900/70 dark:text-amber-100/60">{t('centre.guestDesc')}</p>
        </div>
        <button
          type="button"
          onClick={() => openLogin()}
          className="inline-flex h-10 shrink-0 items-center justify-center gap-1.5 rounded-xl bg-amber-500 px-5 text-sm font-medium text-amber-950 transition-colors hover:bg-amber-400"
        >
          <LogIn className="size-4" aria-hidden />
          {t('centre.login')}
        </button>
      </section>
    );
  }

  const vip = !!user?.is_vip && !!user.vip_expires_at;
  return (
    <section className="overflow-hidden rounded-3xl bg-linear-to-br from-amber-50 via-orange-50 to-rose-50 ring-1 ring-amber-200/60 ring-inset dark:from-amber-400/10 dark:via-orange-400/5 dark:to-rose-400/5 dark:ring-amber-400/15">
      <div className="flex items-center gap-3.5 p-5 sm:p-6">
        <Avatar src={user?.avatar} size={48} />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 text-base font-semibold text-neutral-900 dark:text-neutral-50">
            <span className="truncate">{user ? t('centre.hello', { name: user.nickname }) : '\u00a0'}</span>
            {vip ? (
              <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-linear-to-r from-amber-300 to-amber-400 px-2 py-px text-[11px] font-semibold text-amber-950">
                <Crown className="size-3" strokeWidth={2.2} aria-hidden />
                {t('centre.vip')}
              </span>
            ) : (
              user && (
                <span className="shrink-0 rounded-full bg-neutral-900/5 px-2 py-px text-[11px] font-medium text-neutral-500 dark:bg-white/10 dark:text-neutral-300">
                  {t('centre.free')}
                </span>
              )
            )}
          </p>
          <p className="mt-0.5 truncate text-sm text-amber-900/70 dark:text-amber-100/60">
            {vip ? t('centre.until', { date: formatDate(user.vip_expires_at!) }) : t('centre.freeHint')}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-3 border-t border-amber-200/60 bg-white/60 dark:border-amber-400/10 dark:bg-neutral-900/40" aria-label={t('centre.balances')}>
        {POOLS.map((p, i) => (
          <div key={p.key} className={`px-2 py-3.5 text-center ${i > 0 ? 'border-l border-amber-200/60 dark:border-amber-400/10' : ''}`} data-testid={`pay-balance-${p.key}`}>
            <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t(`centre.${p.key}`)}</dt>
            <dd className="mt-0.5 text-xl font-semibold text-neutral-900 tabular-nums dark:text-neutral-50">
              {balance ? balance[p.total] : <span className="inline-block h-6 w-10 animate-pulse rounded bg-neutral-200/70 align-middle dark:bg-neutral-800" />}
            </dd>
            {balance && (
              <dd className="mt-0.5 text-[11px] leading-4 text-neutral-400 tabular-nums dark:text-neutral-500">
                {t('centre.split', { member: balance.member[p.key], base: balance.base[p.key] })}
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
