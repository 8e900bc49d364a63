import { useEffect, useState } from 'react';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Modal, modalButton } from '../../components/Modal.tsx';
import { useSession } from '../../lib/session.ts';
import '../locales.ts';

function PackageSkeleton() {
  return (
    <li className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800" aria-hidden>
      <div className="h-4 w-24 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" />
      <div className="mt-2 h-3 w-40 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800/70" />
    </li>
  );
}

/** The goods/purchase dialog until payments land: the packages, read-only, and a note that payment opens soon. */
export default function GoodsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('app');
  const packages = useSession((s) => s.packages);
  const [loading, setLoading] = useState(packages.length === 0);

  useEffect(() => {
    if (useSession.getState().packages.length > 0) return;
    let alive = true;
    useSession
      .getState()
      .loadPackages()
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('dialog.title.goods')}
      description={t('layout.upgradeHint')}
      widthClass="md:w-[520px]"
      footer={
        <button type="button" className={modalButton.primary} onClick={onClose}>
          {t('dialog.gotIt')}
        </button>
      }
    >
      <p className="mb-3 flex items-center gap-1.5 rounded-lg bg-primary-soft px-3 py-2 text-xs text-primary-fg">
        <Info className="size-3.5 shrink-0" aria-hidden />
        {t('comingSoon')} · {t('dialog.goodsNote')}
      </p>
      <ul className="grid gap-2 sm:grid-cols-2 sm:gap-2.5">
        {loading && packages.length === 0
          ? Array.from({ length: 4 }, (_, i) => <PackageSkeleton key={i} />)
          : packages.map((pkg) => (
              <li key={pkg.id} className="rounded-xl border border-neutral-200 px-4 py-3 sm:py-4 dark:border-neutral-800">
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate text-[15px] font-semibold">{pkg.name}</span>
                  {pkg.discount && (
                    <span className="shrink-0 rounded-full bg-rose-50 px-2 py-px text-[11px] font-medium text-rose-600 dark:bg-rose-400/10 dark:text-rose-300">
                      {pkg.discount}
                    </span>
                  )}
                </div>
                {pkg.introduction && <p className="mt-0.5 truncate text-xs text-neutral-500 dark:text-neutral-400">{pkg.introduction}</p>}
                <div className="mt-1.5 flex items-baseline gap-2 sm:mt-3">
                  <span className="text-xl font-semibold tabular-nums">
                    <span className="mr-0.5 text-sm">¥</span>
                    {pkg.price}
                  </span>
                  {pkg.price_y && pkg.price_y !== pkg.price && (
                    <span className="text-xs text-neutral-400 line-through" aria-label={`${t('dialog.originalPrice')} ¥${pkg.price_y}`}>
                      ¥{pkg.price_y}
                    </span>
                  )}
                  <span className="ml-auto text-xs text-neutral-400">
                    {pkg.days > 0 ? t('dialog.days', { count: pkg.days }) : t('dialog.permanent')}
                  </span>
                </div>
              </li>
            ))}
      </ul>
      {!loading && packages.length === 0 && <p className="py-6 text-center text-sm text-neutral-500">{t('dialog.goodsEmpty')}</p>}
    </Modal>
  );
}
