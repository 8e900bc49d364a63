import { useState } from 'react';
import { Gift } from 'lucide-react';
import type { PackageItem } from '@app/shared';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { mmss } from '../../../lib/useCountdown.ts';
import { usePayment } from '../../../lib/usePayment.ts';
import { qrSource } from '../hooks/paySources.ts';
import '../locales.ts';
import { onMembershipPaid } from '../purchase-success.ts';
import { Benefits } from './Benefits.tsx';
import { Price } from './Price.tsx';
import { QrBox } from '../../../components/pay/QrBox.tsx';
import { SandboxNote } from '../../../components/pay/SandboxNote.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * SPEC §4.5: after the membership dialog is closed, the activity package with its own QR code and
 * a 120 s countdown; when it runs out a new code replaces it. It opens only once its code exists
 * (an offer already used is simply not shown).
 */
export function PromoDialog({ pkg, onClose }: { pkg: PackageItem; onClose(): void }) {
  const { t } = useTranslation('billing');
  const [open, setOpen] = useState(true);
  const [refused, setRefused] = useState(false);
  const close = () => {
    setOpen(false);
    onClose();
  };
  const { order: qr, phase, secondsLeft, refresh } = usePayment(qrSource(open && !refused ? pkg.id : null), {
    // At expiry a new code replaces the old one at once.
    onExpired: () => 'refresh',
    onPaid: (_qr, result) => {
      onMembershipPaid(result);
      close();
    },
    onRefused: () => {
      setRefused(true);
      onClose();
    },
  });
  // Shown once its first code exists, and kept open while later codes are made.
  const [shown, setShown] = useState(false);
  if (phase === 'ready' && !shown) setShown(true);
  if (refused) return null;

  return (
    <Modal
      open={open && shown}
      onOpenChange={(o) => !o && close()}
      widthClass="md:w-[400px]"
      title={
        <span className="flex items-center gap-2">
          <Gift className="size-[18px] text-rose-500" aria-hidden />
          {t('title.promo')}
        </span>
      }
      footer={
        <button type="button" className={modalButton.secondary} onClick={close}>
          {t('promo.later')}
        </button>
      }
    >
      <div className="flex flex-col items-center gap-2.5 pb-1 text-center">
        <div>
          <p className="text-lg font-semibold text-neutral-900 dark:text-neutral-50">{pkg.name}</p>
          {pkg.introduction && <p className="mt-0.5 text-xs text-neutral-500 dark:text-neutral-400">{pkg.introduction}</p>}
        </div>
        <Price price={pkg.price} original={pkg.price_y} size="lg" />
        <p className="rounded-full bg-rose-50 px-3 py-1 text-xs text-rose-700 dark:bg-rose-400/10 dark:text-rose-300">
          {t('promo.countdown')} <span className="font-semibold tabular-nums" data-testid="promo-countdown">{mmss(secondsLeft)}</span>
        </p>
        <QrBox value={qr?.qr_code ?? null} state={phase} size={180} onRefresh={refresh} />
        <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('promo.scan')}</p>
        <Benefits description={pkg.description} grid className="w-full max-w-[300px] text-left" />
        {qr?.sandbox && <SandboxNote url={qr.qr_code} compact />}
        <p className="text-xs text-neutral-400 dark:text-neutral-500">{t('noRefund')}</p>
      </div>
    </Modal>
  );
}
