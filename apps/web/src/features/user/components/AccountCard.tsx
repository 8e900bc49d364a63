import type { UserInfo } from '@app/shared';
import { formatDisplayDate } from '../format-date.ts';
import { useSession } from '../../../lib/session.ts';
import { Card } from './Card.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('user');
  const muted = 'text-neutral-500 dark:text-neutral-400';
  const openBind = () => useSession.getState().openDialog('bindWechat');
  const rows = [
    { label: t('account.mobile'), value: user.mobile, empty: t('account.unbound') },
    { label: t('account.username'), value: user.username, empty: t('account.notSet') },
    {
      label: t('account.wechat'),
      value: user.wechat_bound ? t('account.bound') : null,
      empty: t('account.unbound'),
      action: { label: user.wechat_bound ? t('account.manageWechat') : t('account.bindWechat'), onClick: openBind },
    },
    { label: t('account.joined'), value: formatDisplayDate(user.created_at) || null, empty: '' },
  ];
  return (
    <Card title={t('account.title')}>
      <dl className="divide-y divide-neutral-100 text-sm dark:divide-neutral-800">
        {rows.map((r) => (
          <div key={r.label} className="flex items-center justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
            <dt className="shrink-0 text-neutral-500 dark:text-neutral-400">{r.label}</dt>
            <dd className="flex min-w-0 items-center gap-2">
              <span className={r.value ? 'truncate text-neutral-900 tabular-nums dark:text-neutral-100' : muted}>{r.value ?? r.empty}</span>
              {'action' in r && r.action && (
                <button type="button" onClick={r.action.onClick} className="shrink-0 rounded-full border border-neutral-200 px-2.5 py-0.5 text-xs text-primary-fg hover:border-primary dark:border-neutral-700">
                  {r.action.label}
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
