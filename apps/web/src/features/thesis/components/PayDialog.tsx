import { useEffect, useRef } from 'react';
import { CircleCheck } from 'lucide-react';
import type { ThesisPackage } from '@app/shared';
import { PAY_DIALOG_CLOSE_DELAY_MS } from '@app/shared/constants';
import { Modal } from '../../../components/Modal.tsx';
import { OrderPayment, useOrderPayment } from '../../../components/pay/OrderPayment.tsx';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * Pays one thesis package through the one payment flow membership and slides use (components/pay):
 * the site's channels, then a QR code, the gateway's page, the 虎皮椒 frame or WeChat's pay sheet,
 * as the gateway answers; the order polled every second for 300 s, success reported once.
 */
export default function PayDialog({ pkg, onClose, onPaid }: { pkg: ThesisPackage; onClose(): void; onPaid(): void }) {
  const { t } = useTranslation('thesis');
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);
  const paid = () => {
    onPaid();
    closeTimer.current = setTimeout(onClose, PAY_DIALOG_CLOSE_DELAY_MS);
  };
  const expired = () => {
    toast.error(t('orders.expired'));
    onClose();
  };
  const pay = useOrderPayment(pkg.id, { onPaid: paid, onExpired: expired });
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('orders.payTitle', { name: pkg.name })} widthClass="md:w-[420px]">
      <div className="flex flex-col gap-3.5 pb-3">
        <p className="flex items-center justify-between gap-3 rounded-2xl bg-neutral-50 px-4 py-3 dark:bg-neutral-800/60">
          <span className="min-w-0">
            <span className="block truncate text-[15px] font-semibold text-neutral-900 dark:text-neutral-50">{pkg.name}</span>
            <span className="block text-xs text-neutral-600 dark:text-neutral-300">{t('orders.chars', { chars: pkg.chars.toLocaleString() })}</span>
          </span>
          <span className="text-lg font-semibold text-primary-fg tabular-nums">¥{pkg.price}</span>
        </p>
        <OrderPayment
          pay={pay}
          paid={
            <p className="flex flex-col items-center gap-2 py-6 text-base font-semibold text-emerald-700 dark:text-emerald-300" role="status">
              <CircleCheck className="size-12 text-emerald-500" strokeWidth={1.6} aria-hidden />
              {t('orders.paid')}
            </p>
          }
        />
      </div>
    </Modal>
  );
}
