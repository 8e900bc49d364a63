import { useEffect, useState } from 'react';
import { Presentation } from 'lucide-react';
import type { PptPackageItem } from '@app/shared';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { useSession } from '../../../lib/session.ts';
import { billingApi } from '../api.ts';
import '../locales.ts';
import { useBilling } from '../store.ts';
import { Price } from './Price.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The ppt dialog (SPEC §2.3, opened by a 508xxx reply): the slide packages and what is left; a
 * package is bought through the same order and pay dialog as a membership.
 */
export default function PptDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('billing');
  const [list, setList] = useState<PptPackageItem[] | null>(null);
  const [balance, setBalance] = useState<number | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  useEffect(() => {
    if (!open) return;
    billingApi.pptPackages().then(
      (r) => {
        setList(r.list);
        setBalance(r.balance);
        setPicked((p) => p ?? r.list[1]?.id ?? r.list[0]?.id ?? null);
      },
      () => setList([]),
    );
  }, [open]);
  const pkg = list?.find((p) => p.id === picked) ?? null;

  const buy = () => {
    if (!pkg) return;
    if (!useSession.getState().token) return useSession.getState().openLogin();
    useBilling.getState().buyExtra(pkg);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('ppt.title')}
      description={t('ppt.hint')}
      widthClass="md:w-[480px]"
      footer={
        <button type="button" className={`${modalButton.primary} w-full md:w-auto`} onClick={buy} disabled={!pkg}>
          {t('ppt.buy')}
        </button>
      }
    >
      <div className="flex flex-col gap-3 pb-2">
        {balance !== null && (
          <p className="flex items-center gap-2 rounded-xl bg-primary-soft px-3 py-2 text-sm text-primary-fg">
            <Presentation className="size-4" aria-hidden />
            {t('ppt.balance', { count: balance })}
          </p>
        )}
        {list === null ? (
          <div className="h-40 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-sm text-neutral-500">{t('ppt.empty')}</p>
        ) : (
          <div className="flex flex-col gap-2" role="radiogroup" aria-label={t('ppt.title')}>
            {list.map((p) => (
              <button
                key={p.id}
                type="button"
                role="radio"
                aria-checked={picked === p.id}
                onClick={() => setPicked(p.id)}
                className={`flex items-center justify-between gap-3 rounded-xl border px-4 py-3 text-left transition-colors ${
                  picked === p.id ? 'border-primary bg-primary-soft' : 'border-neutral-200 hover:border-neutral-300 dark:border-neutral-700'
                }`}
              >
                <span className="min-w-0">
                  <span className="block text-[15px] font-semibold text-neutral-900 dark:text-neutral-50">{p.name}</span>
                  <span className="mt-0.5 block text-xs text-neutral-600 dark:text-neutral-300">
                    {t('ppt.count', { count: p.ppt_count })} · {t('price.permanent')}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-0.5">
                  <Price price={p.price} size="sm" />
                  {p.discount && <span className="rounded bg-rose-50 px-1.5 text-[11px] text-rose-700 dark:bg-rose-500/10 dark:text-rose-300">{p.discount}</span>}
                </span>
              </button>
            ))}
          </div>
        )}
      </div>
    </Modal>
  );
}
