import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../../lib/router/index.tsx';
import type { AuditItem } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { ep } from '../api.ts';
import { Card, DataTable, input, PageTitle, Pager, type Column } from '../components/ui.tsx';
import { fmtTime } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const SIZE = 20;
const ACTIONS = ['user.credits', 'user.membership', 'user.ban', 'user.unban', 'user.password', 'user.revoke', 'site.settings', 'site.menu', 'site.notice', 'order.fulfil', 'order.refund', 'model.create', 'model.update', 'model.key.create', 'model.key.update', 'model.key.delete', 'model.key.test', 'feedback.reply', 'cardKey.create', 'cardKey.void',
  'package.create', 'package.update', 'package.delete', 'drawType.update', 'drawExample.create', 'drawExample.update', 'drawExample.delete', 'gallery.hide', 'gallery.unhide',
  'app.create', 'app.update', 'app.delete', 'category.create', 'category.update', 'category.delete', 'document_action.create', 'document_action.update', 'moderation.add', 'moderation.remove',
  'integration.update', 'integration.test', 'admin.setup'];

/** JSON of a before / after value, short. */
function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-neutral-600 dark:text-neutral-400">—</span>;
  const text = JSON.stringify(value, null, 1);
  // Focusable: a long value scrolls, and a keyboard user must be able to scroll it (axe scrollable-region-focusable).
  return <pre tabIndex={0} className="max-h-40 max-w-md overflow-auto whitespace-pre-wrap break-all rounded bg-neutral-100 p-1.5 text-xs dark:bg-neutral-800">{text}</pre>;
}

export default function AuditPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({
    queryKey: ['admin', 'audit', action, page],
    queryFn: () => callRoute(ep.audit, { action: action || undefined, page, size: SIZE }),
    placeholderData: keepPreviousData,
  });
  const actionName = (a: string) => (ACTIONS.includes(a) ? t(`audit.actions.${a}`) : a);

  const columns: Column<AuditItem>[] = [
    { key: 'time', title: t('audit.time'), render: (a) => <span className="whitespace-nowrap">{fmtTime(a.createdAt)}</span> },
    { key: 'admin', title: t('audit.admin'), render: (a) => `${a.adminName} (${a.adminId})` },
    { key: 'action', title: t('audit.action'), render: (a) => actionName(a.action) },
    {
      key: 'target',
      title: t('audit.target'),
      render: (a) =>
        a.targetType === 'order' ? (
          <Link className="break-all text-primary-fg hover:underline" to={`/admin/orders/${a.targetId}`}>
            {a.targetId}
          </Link>
        ) : a.targetType === 'user' ? (
          <Link className="text-primary-fg hover:underline" to={`/admin/users/${a.targetId}`}>
            {t('users.id')} {a.targetId}
          </Link>
        ) : (
          `${a.targetType} · ${a.targetId}`
        ),
    },
    {
      key: 'change',
      title: t('audit.change'),
      render: (a) => (
        <div className="flex flex-col gap-1">
          <Json value={a.before} />
          <span aria-hidden>↓</span>
          <Json value={a.after} />
        </div>
      ),
    },
    { key: 'reason', title: t('audit.reason'), render: (a) => a.reason ?? '—' },
  ];

  return (
    <>
      <PageTitle
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor="audit-action" className="whitespace-nowrap text-sm text-neutral-700 dark:text-neutral-300">
              {t('audit.filterAction')}
            </label>
            <select id="audit-action" className={`${input} w-auto`} value={action} onChange={(e) => setParams(e.target.value ? { action: e.target.value } : {})}>
              <option value="">{t('audit.all')}</option>
              {ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {actionName(a)}
                </option>
              ))}
            </select>
          </div>
        }
      >
        {t('audit.title')}
      </PageTitle>
      <Card>
        {list.data && (
          <>
            <DataTable caption={t('audit.title')} rows={list.data.rows} columns={columns} rowKey={(a) => a.id} />
            <Pager page={page} size={SIZE} total={list.data.total} onPage={(p) => setParams({ ...(action ? { action } : {}), page: String(p) })} />
          </>
        )}
      </Card>
    </>
  );
}
