import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { RotateCw } from 'lucide-react';
import { QR_LEVEL } from '@app/shared/constants';
import { useWechatLogin } from '../hooks/useWechatLogin.ts';
import { DemoNote } from './DemoNote.tsx';

const QR_SIZE = 180;

export function WechatLogin({ demo }: { demo: boolean }) {
  const { t } = useTranslation('auth');
  const { qr, state, refresh } = useWechatLogin();
  const blocked = state === 'expired' || state === 'failed';

  return (
    <div className="flex flex-col items-center gap-3 pt-1">
      <div className="relative rounded-2xl border border-neutral-200 bg-white p-2.5 shadow-xs dark:border-neutral-700">
        <div className="size-[180px]" data-testid="wechat-qr">
          {qr && state !== 'failed' ? (
            qr.isImage ? (
              <img src={qr.wxUrl} alt={t('wechat.qrAlt')} width={QR_SIZE} height={QR_SIZE} className="size-full" />
            ) : (
              <QRCodeSVG value={qr.wxUrl} size={QR_SIZE} level={QR_LEVEL} title={t('wechat.qrAlt')} />
            )
          ) : (
            <div className="size-full animate-pulse rounded-lg bg-neutral-100" aria-label={t('wechat.loading')} />
          )}
        </div>
        {blocked && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/95 backdrop-blur-[1px] dark:bg-neutral-900/95">
            <p className="text-sm font-medium text-neutral-800 dark:text-neutral-100">
              {state === 'expired' ? t('wechat.expired') : t('wechat.failed')}
            </p>
            <button
              type="button"
              onClick={refresh}
              className="flex items-center gap-1.5 rounded-full bg-primary px-4 py-1.5 text-sm text-white hover:bg-primary-hover"
            >
              <RotateCw className="size-3.5" aria-hidden />
              {t('wechat.refresh')}
            </button>
          </div>
        )}
      </div>
      <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('wechat.scanHint')}</p>
      {demo && qr && !qr.isImage && state === 'ready' && (
        <DemoNote>
          <span>{t('demo.wechat')}</span>
          <a href={qr.wxUrl} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-amber-800 dark:hover:text-amber-300">
            {t('demo.openSimulator')}
          </a>
        </DemoNote>
      )}
    </div>
  );
}
