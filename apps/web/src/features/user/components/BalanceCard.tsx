import { Info } from 'lucide-react';
import type { BalanceReply } from '@app/shared';
import { Card } from './Card.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const POOLS = [
  { key: 'model3', total: 'useModel3Token' },
  { key: 'model4', total: 'useModel4Token' },
  { key: 'draw', total: 'useDrawMjToken' },
] as const;

export function BalanceCard({ balance }: { balance: BalanceReply | null }) {
  const { t } = useTranslation('user');
  return (
    <Card title={t('balance.title')}>
      <dl className="grid grid-cols-3 divide-x divide-neutral-100 dark:divide-neutral-800">
        {POOLS.map((p) => (
          <div key={p.key} className="flex flex-col items-center px-1 text-center" data-testid={`balance-${p.key}`}>
            <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t(`balance.${p.key}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold text-neutral-900 tabular-nums dark:text-neutral-50">
              {balance ? balance[p.total] : <span className="inline-block h-7 w-10 animate-pulse rounded bg-neutral-100 align-middle dark:bg-neutral-800" />}
            </dd>
            {balance && (
              // Wraps between the two parts only, never inside one.
              <dd className="mt-0.5 flex flex-wrap justify-center gap-x-1.5 text-[11px] leading-4 text-neutral-400 tabular-nums dark:text-neutral-500">
                <span className="whitespace-nowrap">{t('balance.base', { count: balance.base[p.key] })}</span>
                <span className="whitespace-nowrap">{t('balance.member', { count: balance.member[p.key] })}</span>
              </dd>
            )}
          </div>
        ))}
      </dl>
      <p className="mt-4 flex gap-1.5 rounded-xl bg-neutral-50 px-3 py-2 text-xs leading-5 text-neutral-500 dark:bg-neutral-800/60 dark:text-neutral-400">
        <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>{t('balance.hint')}</span>
      </p>
    </Card>
  );
}
