import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { CheckCircle2, MessageCircle, RotateCw } from 'lucide-react';
import type { WechatBindQrReply } from '@app/shared';
import { Code } from '@app/shared/codes';
import { QR_LEVEL, WECHAT_LOGIN_POLL_MS } from '@app/shared/constants';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { useCountdown } from '../../../lib/useCountdown.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { fetchBindQr, pollBind, unbindWechat } from '../api.ts';
import '../locales.ts';

const QR_SIZE = 180;

/**
 * SPEC §4.6: a scene QR, polled every second; the result's message shown as success or error,
 * the user info refreshed and the dialog closed. The QR is made anew when its 120 s run out.
 */
export default function BindWechatDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('auth');
  const bound = useSession((s) => s.userInfo?.wechat_bound ?? false);
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
          if (reply.code === Code.OK) onClose();
          else setAttempt((n) => n + 1);
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
          <div className="relative rounded-2xl border border-neutral-200 bg-white p-2.5 shadow-xs dark:border-neutral-700">
            <div className="size-[180px]" data-testid="bind-qr">
              {qr ? (
                qr.isImage ? (
                  <img src={qr.wxUrl} alt={t('bind.qrAlt')} width={QR_SIZE} height={QR_SIZE} className="size-full" />
                ) : (
                  <QRCodeSVG value={qr.wxUrl} size={QR_SIZE} level={QR_LEVEL} title={t('bind.qrAlt')} />
                )
              ) : (
                <div className="size-full animate-pulse rounded-lg bg-neutral-100" />
              )}
            </div>
            {failed && (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/95 dark:bg-neutral-900/95">
                <p className="text-sm font-medium text-neutral-800 dark:text-neutral-100">{t('bind.failed')}</p>
                <button type="button" onClick={() => setAttempt((n) => n + 1)} className="flex items-center gap-1.5 rounded-full bg-primary px-4 py-1.5 text-sm text-white hover:bg-primary-hover">
                  <RotateCw className="size-3.5" aria-hidden />
                  {t('bind.refresh')}
                </button>
              </div>
            )}
          </div>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">{t('bind.scanHint')}</p>
          {qr && (
            <p className="text-xs text-neutral-600 tabular-nums dark:text-neutral-400" aria-live="off">
              {t('bind.countdown', { count: left })}
            </p>
          )}
          {qr && !qr.isImage && useSession.getState().website?.demo.wechat && (
            <a href={qr.wxUrl} target="_blank" rel="noopener noreferrer" className="text-xs text-amber-800 underline underline-offset-2 dark:text-amber-300">
              {t('demo.openSimulator')}
            </a>
          )}
        </div>
      )}
    </Modal>
  );
}
