import { CircleCheck } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n.ts';

/** SPEC §2.6: a guest paid for a membership; logging in binds the order. */
export function OrderNotice({ orderSn }: { orderSn: string }) {
  const { t } = useTranslation('auth');
  return (
    <section
      data-testid="order-notice"
      className="flex flex-col justify-center gap-4 bg-emerald-50/70 px-6 py-6 md:px-10 md:py-10 dark:bg-emerald-400/[0.07]"
    >
      <div className="flex items-center gap-3 md:flex-col md:items-start md:gap-4">
        <CircleCheck className="size-9 shrink-0 text-emerald-500 md:size-12" strokeWidth={1.75} aria-hidden />
        <h3 className="text-base font-semibold text-neutral-900 md:text-xl dark:text-neutral-50">{t('order.title')}</h3>
      </div>
      <p className="text-sm leading-6 text-neutral-600 dark:text-neutral-300">{t('order.message')}</p>
      <div className="rounded-xl border border-emerald-100 bg-white/80 px-4 py-3 dark:border-emerald-400/20 dark:bg-neutral-800/60">
        <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('order.number')}</p>
        <p className="mt-0.5 font-mono text-[15px] font-medium break-all text-neutral-900 select-all dark:text-neutral-100">{orderSn}</p>
      </div>
      <p className="hidden text-xs text-neutral-400 md:block dark:text-neutral-500">{t('order.hint')}</p>
    </section>
  );
}
