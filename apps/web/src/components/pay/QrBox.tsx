import { QRCodeSVG } from 'qrcode.react';
import { CircleCheck, RotateCw } from 'lucide-react';
import './locales.ts';
import { QR_LEVEL, type QR_SIZES } from '@app/shared/constants';
import { useTranslation } from '../../lib/i18n.ts';

export type QrBoxState = 'loading' | 'ready' | 'expired' | 'failed' | 'paid';

interface Props {
  value: string | null;
  state: QrBoxState;
  /** One of SPEC §9's QR sizes. */
  size?: (typeof QR_SIZES)[number];
  onRefresh?(): void;
}

/** A payment QR code with its states: a skeleton while it is made, an overlay when expired, failed or paid. */
export function QrBox({ value, state, size = 180, onRefresh }: Props) {
  const { t } = useTranslation('pay');
  const blocked = state === 'expired' || state === 'failed';
  return (
    <div className="relative rounded-2xl border border-neutral-200 bg-white p-2.5 shadow-xs dark:border-neutral-700" data-testid="pay-qr" data-state={state}>
      <div style={{ width: size, height: size }}>
        {value && state !== 'loading' ? (
          <QRCodeSVG value={value} size={size} level={QR_LEVEL} title={t('qr.alt')} className={blocked || state === 'paid' ? 'opacity-15' : undefined} />
        ) : (
          <div className="size-full animate-pulse rounded-lg bg-neutral-100" role="status" aria-label={t('qr.loading')} />
        )}
      </div>
      {blocked && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/90 text-center">
          <p className="text-sm font-medium text-neutral-800">{state === 'expired' ? t('qr.expired') : t('qr.failed')}</p>
          {onRefresh && (
            <button
              type="button"
              onClick={onRefresh}
              className="flex items-center gap-1.5 rounded-full bg-primary px-4 py-1.5 text-sm text-white transition-colors hover:bg-primary-hover"
            >
              <RotateCw className="size-3.5" aria-hidden />
              {state === 'expired' ? t('qr.refresh') : t('qr.retry')}
            </button>
          )}
        </div>
      )}
      {state === 'paid' && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-2xl bg-white/90">
          <CircleCheck className="size-12 text-emerald-500" strokeWidth={1.75} aria-hidden />
          <p className="text-sm font-medium text-emerald-700">{t('qr.paid')}</p>
        </div>
      )}
    </div>
  );
}
