import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { PACKAGE_TABS } from '@app/shared/constants';
import { Modal } from '../../../components/Modal.tsx';
import { usePackages } from '../hooks/usePackages.ts';
import { usePayment } from '../../../lib/usePayment.ts';
import { qrSource } from '../hooks/paySources.ts';
import { onMembershipPaid } from '../purchase-success.ts';
import '../locales.ts';
import { useBilling } from '../store.ts';
import { Agreement } from './Agreement.tsx';
import { Benefits } from './Benefits.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { DiscountBadge, Price } from './Price.tsx';
import { QrBox } from '../../../components/pay/QrBox.tsx';
import { SandboxNote } from '../../../components/pay/SandboxNote.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const CLOSE_AFTER_PAID_MS = 2000;

/**
 * SPEC §4.5, desktop: the first 4 packages as tabs; the selected one's QR code lives 120 s (a
 * confirm offers a new one), its result is polled about every 2 s. `onDismiss` is the user
 * closing it without buying (the promo follows); `onClose` closes it quietly.
 */
export function MembershipDialog({ open, onClose, onDismiss }: { open: boolean; onClose(): void; onDismiss(): void }) {
  const { t } = useTranslation('billing');
  const { packages, loading } = usePackages();
  const tabs = packages.slice(0, PACKAGE_TABS);
  const preferred = useBilling((s) => s.purchasePackageId);
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = tabs.find((p) => p.id === chosen) ?? tabs.find((p) => p.id === preferred) ?? tabs[0] ?? null;
  const [confirming, setConfirming] = useState(false);
  const [paid, setPaid] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  const { order: qr, phase, secondsLeft, refresh } = usePayment(qrSource(open ? (selected?.id ?? null) : null), {
    onPaid: (_qr, result) => {
      if (onMembershipPaid(result) === 'user') {
        setPaid(true);
        closeTimer.current = setTimeout(onClose, CLOSE_AFTER_PAID_MS);
      }
    },
    onExpired: () => setConfirming(true),
  });

  const scanHint = qr?.sandbox ? t('qr.scan') : qr?.channel === 'alipay' ? t('qr.scanAli') : t('qr.scanWx');

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(o) => !o && (paid ? onClose() : onDismiss())}
        title={t('title.goods')}
        description={t('subtitle')}
        widthClass="md:w-[760px]"
      >
        {loading ? (
          <div className="grid grid-cols-4 gap-3 pb-4" aria-hidden>
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-[92px] animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-800" />
            ))}
          </div>
        ) : !selected ? (
          <p className="py-10 text-center text-sm text-neutral-500">{t('membership.empty')}</p>
        ) : (
          <div className="flex flex-col gap-4 pb-4">
            <div role="tablist" aria-label={t('membership.packages')} className="grid grid-cols-4 gap-3 pt-1">
              {tabs.map((p) => {
                const active = p.id === selected.id;
                return (
                  <button
                    key={p.id}
                    type="button"
                    role="tab"
                    aria-selected={active}
                    onClick={() => {
                      setChosen(p.id);
                      setPaid(false);
                    }}
                    className={clsx(
                      'relative flex flex-col items-start gap-1 rounded-2xl border px-3.5 pt-3 pb-3 text-left transition-colors',
                      active
                        ? 'border-primary bg-primary-soft/60 ring-1 ring-primary dark:bg-primary-soft'
                        : 'border-neutral-200 hover:border-neutral-300 dark:border-neutral-700 dark:hover:border-neutral-600',
                    )}
                  >
                    <span className="text-sm font-medium text-neutral-800 dark:text-neutral-100">{p.name}</span>
                    <Price price={p.price} original={p.price_y} />
                    <span className="text-[11px] text-neutral-400 dark:text-neutral-500">
                      {p.days > 0 ? t('price.days', { count: p.days }) : t('price.permanent')}
                    </span>
                    {/* Named by its content (name, price, days, then the badge): WCAG 2.5.3 wants the shown text in the name. */}
                    {p.discount && <DiscountBadge text={p.discount} className="absolute -top-2.5 right-2.5 shadow-xs ring-1 ring-white dark:ring-neutral-900" />}
                  </button>
                );
              })}
            </div>

            <div role="tabpanel" aria-label={selected.name} className="grid grid-cols-[1fr_240px] gap-6 rounded-2xl border border-neutral-200/80 px-5 py-4 dark:border-neutral-800">
              <div className="min-w-0">
                <p className="text-base font-semibold text-neutral-900 dark:text-neutral-50">{selected.name}</p>
                {selected.introduction && <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{selected.introduction}</p>}
                <p className="mt-4 mb-2.5 text-xs font-medium tracking-wide text-neutral-400 uppercase dark:text-neutral-500">{t('membership.benefits')}</p>
                <Benefits description={selected.description} />
              </div>
              <div className="flex flex-col items-center gap-2 text-center" aria-live="polite">
                <p className="text-xs text-neutral-500 dark:text-neutral-400">
                  {t('price.amount')}
                  <span className="ml-1.5 text-lg font-semibold text-rose-600 tabular-nums dark:text-rose-400">¥{qr?.amount ?? selected.price}</span>
                </p>
                <QrBox value={qr?.qr_code ?? null} state={phase === 'paid' || paid ? 'paid' : phase} onRefresh={refresh} />
                <p className="text-sm text-neutral-700 dark:text-neutral-200">{phase === 'paid' ? t('membership.successUser') : scanHint}</p>
                {phase === 'ready' && (
                  <p className="text-xs text-neutral-400 tabular-nums dark:text-neutral-500" data-testid="qr-countdown">
                    {t('qr.expiresIn', { count: secondsLeft })}
                  </p>
                )}
                {qr?.sandbox && phase === 'ready' && <SandboxNote url={qr.qr_code} compact className="mt-1" />}
              </div>
            </div>

            <Agreement />
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={confirming}
        title={t('membership.expiredTitle')}
        text={t('membership.expiredText')}
        okLabel={t('membership.ok')}
        cancelLabel={t('membership.cancel')}
        onOk={() => {
          setConfirming(false);
          refresh();
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

