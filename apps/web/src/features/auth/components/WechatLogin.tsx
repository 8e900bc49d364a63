import { useWechatLogin } from '../hooks/useWechatLogin.ts';
import { DemoNote } from './DemoNote.tsx';
import { WechatQrBox } from './WechatQrBox.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function WechatLogin({ demo }: { demo: boolean }) {
  const { t } = useTranslation('auth');
  const { qr, state, refresh } = useWechatLogin();

  return (
    <div className="flex flex-col items-center gap-3 pt-1">
      <WechatQrBox
        qr={state !== 'failed' ? qr : null}
        alt={t('wechat.qrAlt')}
        loadingLabel={t('wechat.loading')}
        testId="wechat-qr"
        blocked={state === 'expired' ? t('wechat.expired') : state === 'failed' ? t('wechat.failed') : null}
        refreshLabel={t('wechat.refresh')}
        onRefresh={refresh}
      />
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
