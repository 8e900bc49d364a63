import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@app/shared';
import { formatDisplayDate } from '../format-date.ts';
import { Card } from './Card.tsx';

export function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('user');
  const muted = 'text-neutral-400 dark:text-neutral-500';
  const rows = [
    { label: t('account.mobile'), value: user.mobile, empty: t('account.unbound') },
    { label: t('account.username'), value: user.username, empty: t('account.notSet') },
    { label: t('account.wechat'), value: user.wechat_bound ? t('account.bound') : null, empty: t('account.unbound') },
    { label: t('account.joined'), value: formatDisplayDate(user.created_at) || null, empty: '' },
  ];
  return (
    <Card title={t('account.title')}>
      <dl className="divide-y divide-neutral-100 text-sm dark:divide-neutral-800">
        {rows.map((r) => (
          <div key={r.label} className="flex items-center justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
            <dt className="shrink-0 text-neutral-500 dark:text-neutral-400">{r.label}</dt>
            <dd className={r.value ? 'truncate text-neutral-900 tabular-nums dark:text-neutral-100' : muted}>{r.value ?? r.empty}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
