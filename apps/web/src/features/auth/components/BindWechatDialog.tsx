import { useEffect, useState } from 'react';
import { CheckCircle2, MessageCircle } from 'lucide-react';
import type { WechatBindQrReply } from '@app/shared';
import { Code } from '@app/shared/codes';
import { WECHAT_LOGIN_POLL_MS } from '@app/shared/constants';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { useCountdown } from '../../../lib/useCountdown.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { fetchBindQr, pollBind, unbindWechat } from '../api.ts';
import { WechatQrBox } from './WechatQrBox.tsx';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * SPEC §4.6: a scene QR, polled every second; the result's message shown as success or error,
 * the user info refreshed and the dialog closed. The QR is made anew when its 120 s run out.
 */
export default function BindWechatDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('auth');
  const bound = useSession((s) => s.userInfo?.wechat_bound ?? false);
  const demo = useSession((s) => s.website?.demo.wechat ?? false);
  const [qr, setQr] = useState<WechatBindQrReply | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The QR has run out: a new one (SPEC §4.6).
  const { left, start } = useCountdown(() => setAttempt((n) => n + 1));

  useEffect(() => {
    if (!open || bound) return;
    let cancelled = false;
    setFailed(false);
    setQr(null);
    fetchBindQr()
      .then((data) => !cancelled && setQr(data))
      .catch((e: unknown) => {
        if (cancelled) return;
        setFailed(true);
        if (e instanceof Error && e.message) toast.error(e.message);
      });
    return () => {
      cancelled = true;
    };
  }, [open, bound, attempt]);

  useEffect(() => {
    if (qr) start(qr.expiresIn);
  }, [qr, start]);

  useEffect(() => {
    if (!open || !qr) return;
    const abort = new AbortController();
    let inFlight = false;
    let done = false;
    const timer = setInterval(() => {
      if (inFlight || done) return;
      inFlight = true;
      pollBind(qr.sceneStr, abort.signal)
        .then(async (reply) => {
          if (done || reply.code === Code.PENDING) return;
          done = true;
          clearInterval(timer);
          if (reply.code === Code.OK) toast.success(reply.message || t('bind.success'));
          else toast.error(reply.message);
          await useSession.getState().loadUser().catch(() => {});
          // Bound or refused (e.g. this WeChat is bound to another account), the dialog closes once the message is shown.
          onClose();
        })
        .catch(() => {
          // A dropped request is retried on the next tick.
        })
        .finally(() => (inFlight = false));
    }, WECHAT_LOGIN_POLL_MS);
    return () => {
      done = true;
      clearInterval(timer);
      abort.abort();
    };
  }, [open, qr, onClose, t]);

  const unbind = async () => {
    try {
      await unbindWechat();
      toast.success(t('bind.unbound'));
      await useSession.getState().loadUser().catch(() => {});
      onClose();
    } catch {
      // The http client showed the reason.
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      widthClass="md:w-[380px]"
      title={
        <span className="flex items-center gap-2">
          <MessageCircle className="size-[18px] text-emerald-600" aria-hidden />
          {t('bind.title')}
        </span>
      }
      footer={
        bound ? (
          <>
            <button type="button" className={modalButton.secondary} onClick={() => void unbind()}>
              {t('bind.unbind')}
            </button>
            <button type="button" className={modalButton.primary} onClick={onClose}>
              {t('bind.close')}
            </button>
          </>
        ) : undefined
      }
    >
      {bound ? (
        <p className="flex items-center justify-center gap-2 py-6 text-sm text-neutral-700 dark:text-neutral-200">
          <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />
          {t('bind.bound')}
        </p>
      ) : (
        <div className="flex flex-col items-center gap-3 pt-1 pb-4">
          <WechatQrBox
            qr={qr}
            alt={t('bind.qrAlt')}
            loadingLabel={t('wechat.loading')}
            testId="bind-qr"
            blocked={failed ? t('bind.failed') : null}
            refreshLabel={t('bind.refresh')}
            onRefresh={() => setAttempt((n) => n + 1)}
          />
          <p className="text-sm text-neutral-700 dark:text-neutral-300">{t('bind.scanHint')}</p>
          {qr && (
            <p className="text-xs text-neutral-600 tabular-nums dark:text-neutral-400" aria-live="off">
              {t('bind.countdown', { count: left })}
            </p>
          )}
          {qr && !qr.isImage && demo && (
            <a href={qr.wxUrl} target="_blank" rel="noopener noreferrer" className="text-xs text-amber-800 underline underline-offset-2 dark:text-amber-300">
              {t('demo.openSimulator')}
            </a>
          )}
        </div>
      )}
    </Modal>
  );
}
