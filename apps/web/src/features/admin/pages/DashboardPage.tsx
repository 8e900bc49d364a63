import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useSearchParams } from '../../../lib/router/index.tsx';
import type { DashboardReply, DashboardSeries } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { ep } from '../api.ts';
import { Card, DataTable, PageTitle, type Column } from '../components/ui.tsx';
import { LineChart } from '../components/LineChart.tsx';
import { yuan } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const RANGES = [7, 30, 90] as const;
const SERIES: DashboardSeries[] = ['users', 'newUsers', 'activeUsers', 'turns', 'drawings', 'documents', 'decks', 'theses', 'orders', 'revenue'];
type Spent = DashboardReply['spentByModel'][number] & { name: string };

export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const days = RANGES.find((d) => String(d) === params.get('days')) ?? 7;
  const data = useQuery({ queryKey: ['admin', 'dashboard', days], queryFn: () => callRoute(ep.dashboard, { days }), placeholderData: keepPreviousData });
  const d = data.data;

  const spentCols: (first: string) => Column<Spent>[] = (first) => [
    { key: 'name', title: first, render: (r) => r.name },
    ...(['model3', 'model4', 'draw', 'ppt'] as const).map((k) => ({ key: k, title: t(`pools.${k}`), render: (r: Spent) => r[k] })),
  ];

  return (
    <>
      <PageTitle
        actions={
          <div role="group" aria-label={t('dashboard.range')} className="inline-flex rounded-lg border border-neutral-300 p-0.5 dark:border-neutral-700">
            {RANGES.map((r) => (
              <button
                key={r}
                type="button"
                aria-pressed={r === days}
                onClick={() => setParams({ days: String(r) })}
                className={clsx('rounded-md px-3 py-1.5 text-sm', r === days ? 'bg-primary text-white' : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800')}
              >
                {t('dashboard.days', { count: r })}
              </button>
            ))}
          </div>
        }
      >
        {t('dashboard.title')}
      </PageTitle>
      {d && (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {SERIES.map((k) => {
              const values = d.series[k];
              const fmt = k === 'revenue' ? yuan : String;
              const total = k === 'users' ? (values.at(-1) ?? 0) : values.reduce((a, b) => a + b, 0);
              const name = t(`dashboard.series.${k}`);
              return (
                <Card key={k}>
                  <div className="mb-2 flex items-baseline justify-between gap-2">
                    <h2 className="text-sm font-medium text-neutral-700 dark:text-neutral-300">{name}</h2>
                    <span className="text-xs text-neutral-600 dark:text-neutral-400">{t('dashboard.latest', { value: fmt(values.at(-1) ?? 0) })}</span>
                  </div>
                  <p className="mb-1 text-2xl font-semibold" data-testid={`series-${k}`}>
                    {k === 'users' ? fmt(total) : t('dashboard.sum', { value: fmt(total) })}
                  </p>
                  <LineChart labels={d.days} values={values} format={fmt} title={t('dashboard.chart', { name, from: d.days[0], to: d.days.at(-1) })} />
                </Card>
              );
            })}
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title={t('dashboard.spentByModel')}>
              <DataTable caption={t('dashboard.spentByModel')} rows={d.spentByModel.map((r) => ({ ...r, name: r.model }))} columns={spentCols(t('dashboard.model'))} rowKey={(r) => r.name} />
            </Card>
            <Card title={t('dashboard.spentByFeature')}>
              <DataTable caption={t('dashboard.spentByFeature')} rows={d.spentByFeature.map((r) => ({ ...r, model: r.feature, name: r.feature }))} columns={spentCols(t('dashboard.feature'))} rowKey={(r) => r.name} />
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
