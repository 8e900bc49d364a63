import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { Link } from '../../../lib/router/index.tsx';
import type { AdminUserDetail } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { ep } from '../api.ts';
import { Badge, btn, Card, DataTable, PageTitle, type Column } from '../components/ui.tsx';
import { UserActionDialog, type UserAction } from '../components/UserActionDialog.tsx';
import { fmtTime, yuan } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type D = AdminUserDetail;
const KINDS = ['model3', 'model4', 'draw', 'ppt'] as const;

export default function UserDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const [action, setAction] = useState<UserAction | null>(null);
  const detail = useQuery({ queryKey: ['admin', 'user', id], queryFn: () => callRoute(ep.userDetail, undefined, { params: { id } }), enabled: id > 0 });

  const back = (
    <Link to="/admin/users" className="inline-flex items-center gap-1 text-sm text-primary-fg hover:underline">
      <Undo2 className="h-4 w-4" aria-hidden />
      {t('detail.back')}
    </Link>
  );
  if (detail.isError) return <>{back}<p className="mt-4">{t('detail.notFound')}</p></>;
  if (!detail.data) return back;
  const d = detail.data;
  const u = d.user;

  const ledgerCols: Column<D['ledger'][number]>[] = [
    { key: 'time', title: t('detail.time'), render: (l) => fmtTime(l.createdAt) },
    { key: 'type', title: t('detail.type'), render: (l) => l.type },
    { key: 'pool', title: t('detail.pool'), render: (l) => (l.pool === 'member' ? t('detail.memberPool') : t('detail.base')) },
    {
      key: 'amount',
      title: t('detail.amount'),
      render: (l) =>
        KINDS.filter((k) => l[k] !== 0)
          .map((k) => `${t(`pools.${k}`)} ${l[k] > 0 ? '+' : ''}${l[k]}`)
          .join('，'),
    },
    { key: 'note', title: t('detail.note'), render: (l) => l.note ?? l.ref ?? '—' },
  ];
  const orderCols: Column<D['orders'][number]>[] = [
    { key: 'no', title: t('detail.orderNo'), render: (o) => <code className="break-all">{o.orderNo}</code> },
    { key: 'amount', title: t('detail.price'), render: (o) => yuan(o.amount) },
    { key: 'status', title: t('detail.orderStatus'), render: (o) => t(`detail.orderState.${o.status}`, { defaultValue: String(o.status) }) },
    { key: 'channel', title: t('detail.channel'), render: (o) => `${o.provider} · ${o.channel}` },
    { key: 'time', title: t('detail.time'), render: (o) => fmtTime(o.createdAt) },
  ];
  const sessionCols: Column<D['sessions'][number]>[] = [
    { key: 'time', title: t('detail.time'), render: (s) => fmtTime(s.createdAt) },
    { key: 'ip', title: t('detail.ip'), render: (s) => s.ip ?? '—' },
    { key: 'last', title: t('detail.lastUsed'), render: (s) => fmtTime(s.lastUsedAt) },
    { key: 'exp', title: t('detail.expires'), render: (s) => fmtTime(s.expiresAt) },
    { key: 'state', title: t('detail.sessionState'), render: (s) => (s.active ? <Badge tone="green">{t('detail.sessionActive')}</Badge> : <Badge tone="gray">{t('detail.sessionEnded')}</Badge>) },
  ];
  const inviteCols: Column<D['invites'][number]>[] = [
    { key: 'id', title: t('users.id'), render: (i) => <Link className="text-primary-fg hover:underline" to={`/admin/users/${i.id}`}>{i.id}</Link> },
    { key: 'name', title: t('users.nickname'), render: (i) => i.nickname },
    { key: 'time', title: t('users.createdAt'), render: (i) => fmtTime(i.createdAt) },
  ];

  return (
    <div className="flex flex-col gap-4">
      {back}
      <PageTitle
        actions={
          <div className="flex flex-wrap gap-2">
            <button type="button" className={btn.primary} onClick={() => setAction('adjust')}>{t('detail.adjust')}</button>
            <button type="button" className={btn.secondary} onClick={() => setAction('membership')}>{t('detail.membership')}</button>
            <button type="button" className={btn.secondary} onClick={() => setAction('password')}>{t('detail.resetPassword')}</button>
            <button type="button" className={btn.secondary} onClick={() => setAction('revoke')}>{t('detail.revoke')}</button>
            {u.status === 1 ? (
              <button type="button" className={btn.danger} onClick={() => setAction('ban')}>{t('detail.ban')}</button>
            ) : (
              <button type="button" className={btn.secondary} onClick={() => setAction('unban')}>{t('detail.unban')}</button>
            )}
          </div>
        }
      >
        <span className="flex flex-wrap items-center gap-2">
          {u.nickname}
          {u.status === 1 ? <Badge tone="green">{t('users.active')}</Badge> : <Badge tone="red">{t('users.banned')}</Badge>}
          {u.isAdmin && <Badge tone="indigo">{t('users.admin')}</Badge>}
        </span>
      </PageTitle>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-neutral-600 dark:text-neutral-400">{t('users.id')}</dt><dd>{u.id}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('users.mobile')}</dt><dd>{u.mobile ?? '—'}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('users.username')}</dt><dd>{u.username ?? '—'}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('users.inviteCode')}</dt><dd><code>{u.inviteCode}</code></dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('detail.invitedBy')}</dt><dd>{u.invitedBy ?? '—'}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('users.registerWay')}</dt><dd>{u.registerWay}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('users.createdAt')}</dt><dd>{fmtTime(u.createdAt)}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('detail.memberUntil')}</dt><dd>{d.balance.memberExpiresAt ? `${fmtTime(d.balance.memberExpiresAt)}（${t('detail.memberLevel')} ${d.balance.memberLevel}）` : t('detail.none')}</dd>
          </dl>
          <p className="mt-2 text-xs text-neutral-600 dark:text-neutral-400">{t('detail.signedDays', { count: u.consecutiveDays })}</p>
        </Card>
        <Card title={t('detail.balance')}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('detail.balance')}</caption>
            <thead>
              <tr className="text-left text-neutral-600 dark:text-neutral-400">
                <th scope="col" className="py-1 font-medium"><span className="sr-only">{t('detail.type')}</span></th>
                <th scope="col" className="py-1 font-medium">{t('detail.base')}</th>
                <th scope="col" className="py-1 font-medium">{t('detail.memberPool')}</th>
                <th scope="col" className="py-1 font-medium">{t('detail.held')}</th>
              </tr>
            </thead>
            <tbody>
              {KINDS.map((k) => (
                <tr key={k} className="border-t border-neutral-100 dark:border-neutral-800">
                  <th scope="row" className="py-1.5 text-left font-medium">{t(`pools.${k}`)}</th>
                  <td data-testid={`base-${k}`}>{d.balance.base[k]}</td>
                  <td>{d.balance.member[k]}</td>
                  <td>{d.balance.held[k]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>

      <Card title={t('detail.ledger')}><DataTable caption={t('detail.ledger')} rows={d.ledger} columns={ledgerCols} rowKey={(l) => l.id} /></Card>
      <Card title={t('detail.orders')}><DataTable caption={t('detail.orders')} rows={d.orders} columns={orderCols} rowKey={(o) => o.orderNo} /></Card>
      <Card title={t('detail.sessions')}><DataTable caption={t('detail.sessions')} rows={d.sessions} columns={sessionCols} rowKey={(s) => s.id} /></Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('detail.signIns')}>
          {d.signIns.length ? (
            <ul className="flex flex-wrap gap-1.5 text-sm">
              {d.signIns.map((s) => <li key={s.day}><Badge tone="gray">{s.day}</Badge></li>)}
            </ul>
          ) : (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('common.empty')}</p>
          )}
        </Card>
        <Card title={t('detail.invites')}><DataTable caption={t('detail.invites')} rows={d.invites} columns={inviteCols} rowKey={(i) => i.id} /></Card>
      </div>
      <UserActionDialog key={action ?? 'none'} action={action} user={d} onClose={() => setAction(null)} />
    </div>
  );
}
