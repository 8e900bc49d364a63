import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, ExternalLink, Loader2, RotateCw, Smartphone } from 'lucide-react';
import type { OrderBuyBody, OrderBuyReply, PayChannelName } from '@app/shared';
import { PAY_DIALOG_CLOSE_DELAY_MS } from '@app/shared/constants';
import { Modal } from '../../../components/Modal.tsx';
import { isWechatBrowser } from '../../../lib/env.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { mmss } from '../../../lib/useCountdown.ts';
import { usePackages } from '../hooks/usePackages.ts';
import { usePayment } from '../../../lib/usePayment.ts';
import { orderSource } from '../hooks/paySources.ts';
import '../locales.ts';
import { useBilling } from '../store.ts';
import { invokeWechatPay } from '../wechat-bridge.ts';
import { Benefits } from './Benefits.tsx';
import { ChannelPicker } from './ChannelPicker.tsx';
import { Price } from './Price.tsx';
import { QrBox } from './QrBox.tsx';
import { SandboxNote } from './SandboxNote.tsx';

/**
 * The channels the site takes (website.pay_way: 'wx' and/or 'ali', narrowed by the server to what
 * this run can take; '' means none can be paid now). Unknown (not loaded): both.
 */
export function siteChannels(payWay: string | undefined): PayChannelName[] {
  if (payWay === '') return [];
  const way = payWay ?? 'ali,wx';
  const list: PayChannelName[] = [];
  if (way.includes('wx')) list.push('wxpay');
  if (way.includes('ali')) list.push('alipay');
  return list.length ? list : ['wxpay', 'alipay'];
}

/**
 * SPEC §4.4, the pay dialog: on open it orders the chosen package through the chosen channel (a
 * new order when the channel changes), shows the QR code, the gateway button or the 虎皮椒 frame,
 * polls the order every second and gives up after 300 s.
 */
export default function PayDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('billing');
  const { packages } = usePackages();
  const wantedId = useBilling((s) => s.payPackageId);
  const extra = useBilling((s) => s.payExtra);
  const pkg = packages.find((p) => p.id === wantedId) ?? (extra?.id === wantedId ? extra : null) ?? packages[0] ?? null;
  const channels = siteChannels(useSession((s) => s.website?.website.pay_way));
  const [channel, setChannel] = useState<PayChannelName>(channels[0] ?? 'wxpay');
  const canPay = channels.length > 0;
  const inWechat = isWechatBrowser();
  const payType: OrderBuyBody['payType'] = channel === 'wxpay' && inWechat ? 'jsapi' : channel;
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  const onPaid = useCallback(
    (paid: OrderBuyReply) => {
      toast.success(t('pay.success'));
      const session = useSession.getState();
      session.loadUser().catch(() => undefined);
      closeTimer.current = setTimeout(() => {
        onClose();
        // A guest's order waits for an account (SPEC §2.6): log in to bind it.
        if (!useSession.getState().token) session.openLogin({ orderSn: paid.orderId });
      }, PAY_DIALOG_CLOSE_DELAY_MS);
    },
    [onClose, t],
  );
  const onTimeout = useCallback(() => {
    toast.error(t('pay.timeout'));
    onClose();
  }, [onClose, t]);

  const { order, phase, secondsLeft, refresh: retry } = usePayment(orderSource(open && canPay ? (pkg?.id ?? null) : null, payType), { onPaid, onExpired: onTimeout });

  useEffect(() => {
    if (order?.payMode === 'jsapi' && order.jsapi && phase === 'ready') void invokeWechatPay(order.jsapi);
  }, [order, phase]);

  const scanHint = channel === 'wxpay' ? t('qr.scanWx') : t('qr.scanAli');

  return (
    <Modal open={open} onOpenChange={(o) => !o && onClose()} title={t('title.pay')} widthClass="md:w-[460px]">
      <div className="flex flex-col gap-3.5 pb-3">
        {pkg && (
          <section className="rounded-2xl bg-neutral-50 px-4 py-3 dark:bg-neutral-800/60" aria-label={t('pay.package')}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-[15px] font-semibold text-neutral-900 dark:text-neutral-50">{pkg.name}</p>
                {pkg.introduction && <p className="mt-0.5 text-xs text-neutral-500 dark:text-neutral-400">{pkg.introduction}</p>}
              </div>
              <Price price={pkg.price} original={pkg.price_y} />
            </div>
            <Benefits description={pkg.description} grid className="mt-2.5" />
          </section>
        )}

        {channels.length > 1 && <ChannelPicker channels={channels} value={channel} onChange={setChannel} />}

        <div className="flex flex-col items-center gap-2.5" aria-live="polite">
          {!canPay ? (
            <p className="py-8 text-center text-sm text-neutral-500 dark:text-neutral-400">{t('pay.unavailable')}</p>
          ) : phase === 'paid' ? (
            <div className="flex flex-col items-center gap-2 py-6 text-center">
              <CircleCheck className="size-14 text-emerald-500" strokeWidth={1.6} aria-hidden />
              <p className="text-base font-semibold text-neutral-900 dark:text-neutral-50">{t('pay.success')}</p>
              <p className="text-xs text-neutral-400">{t('pay.closing')}</p>
            </div>
          ) : phase === 'failed' ? (
            <div className="flex flex-col items-center gap-3 py-8">
              <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('pay.failed')}</p>
              <button
                type="button"
                onClick={retry}
                className="inline-flex items-center gap-1.5 rounded-full bg-primary px-4 py-1.5 text-sm text-white hover:bg-primary-hover"
              >
                <RotateCw className="size-3.5" aria-hidden />
                {t('pay.retry')}
              </button>
            </div>
          ) : phase === 'loading' || !order ? (
            <div className="flex flex-col items-center gap-2 py-2">
              <QrBox value={null} state="loading" />
              <p className="text-sm text-neutral-500">{t('pay.creating')}</p>
            </div>
          ) : order.payMode === 'qr' ? (
            <>
              <QrBox value={order.url_qrcode} state="ready" />
              <p className="flex items-center gap-1.5 text-sm text-neutral-600 dark:text-neutral-300">
                <Smartphone className="size-4" aria-hidden />
                {scanHint}
              </p>
            </>
          ) : order.payMode === 'iframe' ? (
            <iframe title={t('pay.frame')} src={order.iframeUrl} className="h-[380px] w-full rounded-xl border border-neutral-200 bg-white dark:border-neutral-700" />
          ) : order.payMode === 'redirect' ? (
            <div className="flex w-full flex-col items-center gap-3 py-4">
              <a
                href={order.redirectUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-11 w-full max-w-[280px] items-center justify-center gap-2 rounded-xl bg-primary text-[15px] font-medium text-white transition-colors hover:bg-primary-hover"
              >
                {t('pay.goPay')}
                <ExternalLink className="size-4" aria-hidden />
              </a>
              <p className="max-w-[320px] text-center text-xs leading-5 text-neutral-500 dark:text-neutral-400">{t('pay.goPayHint')}</p>
            </div>
          ) : (
            <div className="flex flex-col items-center gap-3 py-6">
              <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
              <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('pay.jsapi')}</p>
              {order.jsapi && (
                <button type="button" onClick={() => void invokeWechatPay(order.jsapi!)} className="text-sm text-primary-fg underline underline-offset-2">
                  {t('pay.jsapiRetry')}
                </button>
              )}
            </div>
          )}

          {phase === 'ready' && order && (
            <div className="flex flex-col items-center gap-1 text-xs text-neutral-500 dark:text-neutral-400">
              <p>
                {t('price.amount')} <span className="font-semibold text-neutral-900 tabular-nums dark:text-neutral-100">¥{order.amount}</span>
                <span className="mx-2 text-neutral-300 dark:text-neutral-600">|</span>
                {t('pay.remaining')}{' '}
                <span className="font-medium text-rose-600 tabular-nums dark:text-rose-400" data-testid="pay-countdown">
                  {mmss(secondsLeft)}
                </span>
              </p>
              <p className="text-neutral-400 tabular-nums dark:text-neutral-500">{t('pay.orderNo', { no: order.orderId })}</p>
              {order.sandbox && (
                <SandboxNote url={order.payMode === 'qr' ? order.url_qrcode : order.payMode === 'redirect' ? order.redirectUrl : null} compact className="mt-1" />
              )}
            </div>
          )}
        </div>

        <p className="text-center text-xs text-neutral-400 dark:text-neutral-500">{t('noRefund')}</p>
      </div>
    </Modal>
  );
}
