import { QRCodeSVG } from 'qrcode.react';
import { RotateCw } from 'lucide-react';
import { QR_LEVEL } from '@app/shared/constants';

const QR_SIZE = 180;

interface Props {
  /** What the QR encodes, or the image the platform hosts; null while it loads. */
  qr: { wxUrl: string; isImage: boolean } | null;
  alt: string;
  /** Names the placeholder while the code loads. */
  loadingLabel: string;
  testId: string;
  /** Shown over the code with a refresh button (expired, failed), or null. */
  blocked: string | null;
  refreshLabel: string;
  onRefresh(): void;
}

/** A WeChat scene QR (login or binding) in its frame, with the expired / failed overlay. */
export function WechatQrBox({ qr, alt, loadingLabel, testId, blocked, refreshLabel, onRefresh }: Props) {
  return (
    <div className="relative rounded-2xl border border-neutral-200 bg-white p-2.5 shadow-xs dark:border-neutral-700">
      <div className="size-[180px]" data-testid={testId}>
        {qr ? (
          qr.isImage ? (
            <img src={qr.wxUrl} alt={alt} width={QR_SIZE} height={QR_SIZE} className="size-full" />
          ) : (
            <QRCodeSVG value={qr.wxUrl} size={QR_SIZE} level={QR_LEVEL} title={alt} />
          )
        ) : (
          <div className="size-full animate-pulse rounded-lg bg-neutral-100" role="status" aria-label={loadingLabel} />
        )}
      </div>
      {blocked && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/95 backdrop-blur-[1px] dark:bg-neutral-900/95">
          <p className="text-sm font-medium text-neutral-800 dark:text-neutral-100">{blocked}</p>
          <button type="button" onClick={onRefresh} className="flex items-center gap-1.5 rounded-full bg-primary px-4 py-1.5 text-sm text-white hover:bg-primary-hover">
            <RotateCw className="size-3.5" aria-hidden />
            {refreshLabel}
          </button>
        </div>
      )}
    </div>
  );
}
