import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { OrderBuyReply, ThesisPackage } from '@app/shared';
import { Code } from '@app/shared/codes';
import { PAY_DIALOG_COUNTDOWN_SECONDS, PAY_DIALOG_POLL_MS, QR_LEVEL } from '@app/shared/constants';
import { Modal } from '../../../components/Modal.tsx';
import { mmss } from '../../../lib/useCountdown.ts';
import { usePayment, type PaySource } from '../../../lib/usePayment.ts';
import { orderStatus } from '../api.ts';
import { primaryButton } from './styles.ts';

/**
 * Pays one thesis package through the ordinary payment flow (QR or the demo cashier): the order's
 * status polled every second (one call at a time) for the 300 s it stays payable, success reported once.
 */
export default function PayDialog({ pkg, order, onClose, onPaid }: { pkg: ThesisPackage; order: OrderBuyReply; onClose(): void; onPaid(): void }) {
  const { t } = useTranslation('thesis');
  const source = useMemo<PaySource<OrderBuyReply, true>>(
    () => ({
      key: order.orderId,
      // The order was made by the panel's 购买; this dialog only watches it.
      create: async () => ({ code: Code.OK, message: '', success: true, data: order }),
      check: async (o) => ((await orderStatus(o.orderId)).status === 1 ? true : null),
      pollMs: PAY_DIALOG_POLL_MS,
      expireSeconds: PAY_DIALOG_COUNTDOWN_SECONDS,
    }),
    [order],
  );
  const { phase, secondsLeft } = usePayment(source, { onPaid: () => onPaid() });
  const paid = phase === 'paid';
  const link = order.redirectUrl || order.url_qrcode;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('orders.payTitle', { name: pkg.name })} widthClass="md:w-[380px]">
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        {paid ? (
          <p className="text-sm font-medium text-emerald-700 dark:text-emerald-300" role="status">
            {t('orders.paid')}
          </p>
        ) : (
          <>
            {order.url_qrcode && phase !== 'expired' && (
              <div className="rounded-lg bg-white p-2">
                <QRCodeSVG value={order.url_qrcode} size={180} level={QR_LEVEL} title={t('orders.scan', { price: pkg.price })} />
              </div>
            )}
            <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('orders.scan', { price: pkg.price })}</p>
            {order.sandbox && link && phase !== 'expired' && (
              <>
                <p className="text-xs text-neutral-500">{t('orders.sandbox')}</p>
                <a href={link} target="_blank" rel="noreferrer" className={primaryButton}>
                  {t('orders.openCashier')}
                </a>
              </>
            )}
            {phase === 'expired' ? (
              <p className="text-sm text-red-600 dark:text-red-400" role="alert">
                {t('orders.expired')}
              </p>
            ) : (
              <p className="text-xs text-neutral-500">
                {/* Only the state is announced, not every tick of the countdown. */}
                <span role="status">{t('orders.waiting')}</span> <span className="tabular-nums">{t('orders.left', { time: mmss(secondsLeft) })}</span>
              </p>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
