import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { OrderBuyReply, ThesisPackage } from '@app/shared';
import { QR_LEVEL } from '@app/shared/constants';
import { Modal } from '../../../components/Modal.tsx';
import { orderStatus } from '../api.ts';
import { primaryButton } from './styles.ts';

/** Pays one thesis package through the ordinary payment flow (QR or the demo cashier), polling until it is paid. */
export default function PayDialog({ pkg, order, onClose, onPaid }: { pkg: ThesisPackage; order: OrderBuyReply; onClose(): void; onPaid(): void }) {
  const { t } = useTranslation('thesis');
  const [paid, setPaid] = useState(false);
  useEffect(() => {
    let stop = false;
    const timer = setInterval(() => {
      void orderStatus(order.orderId).then(
        (r) => {
          if (!stop && r.status === 1) {
            stop = true;
            setPaid(true);
            clearInterval(timer);
            onPaid();
          }
        },
        () => {},
      );
    }, 1000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [order.orderId, onPaid]);
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
            {order.url_qrcode && (
              <div className="rounded-lg bg-white p-2">
                <QRCodeSVG value={order.url_qrcode} size={180} level={QR_LEVEL} title={t('orders.scan', { price: pkg.price })} />
              </div>
            )}
            <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('orders.scan', { price: pkg.price })}</p>
            {order.sandbox && link && (
              <>
                <p className="text-xs text-neutral-500">{t('orders.sandbox')}</p>
                <a href={link} target="_blank" rel="noreferrer" className={primaryButton}>
                  {t('orders.openCashier')}
                </a>
              </>
            )}
            <p className="text-xs text-neutral-500" role="status">
              {t('orders.waiting')}
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}
