import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UserSearch } from 'lucide-react';
import { Link, useSearchParams } from '../../../lib/router/index.tsx';
import type { AdminUserRow } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { ep } from '../api.ts';
import { Badge, btn, Card, DataTable, input, PageTitle, Pager, type Column } from '../components/ui.tsx';
import { fmtDate, fmtTime } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const SIZE = 20;

export default function UsersPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const list = useQuery({
    queryKey: ['admin', 'users', q, page],
    queryFn: () => callRoute(ep.users, { q: q || undefined, page, size: SIZE }),
    placeholderData: keepPreviousData,
  });

  const columns: Column<AdminUserRow>[] = [
    { key: 'id', title: t('users.id'), render: (u) => u.id },
    {
      key: 'nickname',
      title: t('users.nickname'),
      render: (u) => (
        <Link to={`/admin/users/${u.id}`} className="font-medium text-primary-fg hover:underline">
          {u.nickname}
        </Link>
      ),
    },
    { key: 'mobile', title: t('users.mobile'), render: (u) => u.mobile ?? '—' },
    { key: 'username', title: t('users.username'), render: (u) => u.username ?? '—' },
    { key: 'inviteCode', title: t('users.inviteCode'), render: (u) => <code>{u.inviteCode}</code> },
    {
      key: 'status',
      title: t('users.status'),
      render: (u) => (
        <span className="flex flex-wrap gap-1">
          {u.status === 1 ? <Badge tone="green">{t('users.active')}</Badge> : <Badge tone="red">{t('users.banned')}</Badge>}
          {u.isAdmin && <Badge tone="indigo">{t('users.admin')}</Badge>}
        </span>
      ),
    },
    { key: 'member', title: t('users.member'), render: (u) => fmtDate(u.memberExpiresAt) },
    { key: 'createdAt', title: t('users.createdAt'), render: (u) => fmtTime(u.createdAt) },
  ];

  return (
    <>
      <PageTitle>{t('users.title')}</PageTitle>
      <Card>
        <form
          role="search"
          className="mb-4 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setParams(text.trim() ? { q: text.trim() } : {});
          }}
        >
          <label htmlFor="admin-user-search" className="sr-only">
            {t('users.searchLabel')}
          </label>
          <input id="admin-user-search" className={input} value={text} maxLength={64} placeholder={t('users.searchPlaceholder')} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className={btn.primary}>
            <UserSearch className="h-4 w-4" aria-hidden />
            {t('common.search')}
          </button>
        </form>
        {list.data && (
          <>
            <DataTable caption={t('users.title')} rows={list.data.rows} columns={columns} rowKey={(u) => u.id} />
            <Pager page={page} size={SIZE} total={list.data.total} onPage={(p) => setParams({ ...(q ? { q } : {}), page: String(p) })} />
          </>
        )}
      </Card>
    </>
  );
}
