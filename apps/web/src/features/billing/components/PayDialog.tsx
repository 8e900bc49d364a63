import { useCallback, useEffect, useRef } from 'react';
import { CircleCheck } from 'lucide-react';
import type { OrderBuyReply } from '@app/shared';
import { PAY_DIALOG_CLOSE_DELAY_MS } from '@app/shared/constants';
import { Modal } from '../../../components/Modal.tsx';
import { OrderPayment, useOrderPayment } from '../../../components/pay/OrderPayment.tsx';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { usePackages } from '../hooks/usePackages.ts';
import '../locales.ts';
import { useBilling } from '../store.ts';
import { Benefits } from './Benefits.tsx';
import { Price } from './Price.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * SPEC §4.4, the pay dialog: the package, then the one payment flow (components/pay): an order
 * through the chosen channel, its QR code, gateway button, 虎皮椒 frame or WeChat pay sheet, polled
 * every second for 300 s.
 */
export default function PayDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('billing');
  const { packages } = usePackages();
  const wantedId = useBilling((s) => s.payPackageId);
  const extra = useBilling((s) => s.payExtra);
  const pkg = packages.find((p) => p.id === wantedId) ?? (extra?.id === wantedId ? extra : null) ?? packages[0] ?? null;
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  const onPaid = useCallback(
    (paid: OrderBuyReply) => {
      toast.success(t('pay.success'));
      const session = useSession.getState();
      session.loadUser().catch(() => undefined);
      closeTimer.current = setTimeout(() => {
        onClose();
        // A guest's order waits for an account (SPEC §2.6): log in to bind it.
        if (!useSession.getState().token) session.openLogin({ orderSn: paid.orderId });
      }, PAY_DIALOG_CLOSE_DELAY_MS);
    },
    [onClose, t],
  );
  const onTimeout = useCallback(() => {
    toast.error(t('pay.timeout'));
    onClose();
  }, [onClose, t]);
  const pay = useOrderPayment(open ? (pkg?.id ?? null) : null, { onPaid, onExpired: onTimeout });

  return (
    <Modal open={open} onOpenChange={(o) => !o && onClose()} title={t('title.pay')} widthClass="md:w-[460px]">
      <div className="flex flex-col gap-3.5 pb-3">
        {pkg && (
          <section className="rounded-2xl bg-neutral-50 px-4 py-3 dark:bg-neutral-800/60" aria-label={t('pay.package')}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-[15px] font-semibold text-neutral-900 dark:text-neutral-50">{pkg.name}</p>
                {pkg.introduction && <p className="mt-0.5 text-xs text-neutral-500 dark:text-neutral-400">{pkg.introduction}</p>}
              </div>
              <Price price={pkg.price} original={pkg.price_y} />
            </div>
            <Benefits description={pkg.description} grid className="mt-2.5" />
          </section>
        )}

        <OrderPayment
          pay={pay}
          paid={
            <div className="flex flex-col items-center gap-2 py-6 text-center">
              <CircleCheck className="size-14 text-emerald-500" strokeWidth={1.6} aria-hidden />
              <p className="text-base font-semibold text-neutral-900 dark:text-neutral-50">{t('pay.success')}</p>
              <p className="text-xs text-neutral-400">{t('pay.closing')}</p>
            </div>
          }
        />

        <p className="text-center text-xs text-neutral-400 dark:text-neutral-500">{t('noRefund')}</p>
      </div>
    </Modal>
  );
}
