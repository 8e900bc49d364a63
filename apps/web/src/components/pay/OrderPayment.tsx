import { useEffect, useState, type ReactNode } from 'react';
import { ExternalLink, Loader2, RotateCw, Smartphone } from 'lucide-react';
import type { OrderBuyReply, PayChannelName } from '@app/shared';
import { isWechatBrowser } from '../../lib/env.ts';
import { useSession } from '../../lib/session.ts';
import { mmss } from '../../lib/useCountdown.ts';
import { usePayment } from '../../lib/usePayment.ts';
import { ChannelPicker } from './ChannelPicker.tsx';
import { payTypeOf, siteChannels } from './channels.ts';
import { orderSource } from './order-source.ts';
import { QrBox } from './QrBox.tsx';
import { SandboxNote } from './SandboxNote.tsx';
import { invokeWechatPay } from './wechat-bridge.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

interface Handlers {
  onPaid(order: OrderBuyReply): void;
  /** The 300 s ran out. */
  onExpired(): void;
}

/**
 * The one way a package is paid (SPEC §4.4; membership, slides and thesis packages): the channels
 * the site takes and an order per channel, polled until paid or expired. The dialog holds it (so the
 * order is made while the dialog's code loads) and shows it with <OrderPayment>.
 */
export function useOrderPayment(goodsId: number | null, handlers: Handlers) {
  const channels = siteChannels(useSession((s) => s.website?.website.pay_way));
  const [channel, setChannel] = useState<PayChannelName>(channels[0] ?? 'wxpay');
  const canPay = channels.length > 0;
  const payType = payTypeOf(channel, isWechatBrowser());
  const payment = usePayment(orderSource(canPay ? goodsId : null, payType), handlers);
  const { order, phase } = payment;
  useEffect(() => {
    if (order?.payMode === 'jsapi' && order.jsapi && phase === 'ready') void invokeWechatPay(order.jsapi);
  }, [order, phase]);
  return { ...payment, channels, channel, setChannel, canPay };
}

export type OrderPaymentState = ReturnType<typeof useOrderPayment>;

/**
 * What the gateway returned for the order — a QR code, a button to the gateway's page (易支付
 * submit, 码支付), the 虎皮椒 frame, or WeChat's own pay sheet inside WeChat — with the channel
 * choice, the countdown, the order number and the sandbox note.
 */
export function OrderPayment({ pay, paid }: { pay: OrderPaymentState; paid: ReactNode }) {
  const { t } = useTranslation('pay');
  const { channels, channel, setChannel, canPay, order, phase, secondsLeft, refresh: retry } = pay;

  return (
    <>
      {channels.length > 1 && phase !== 'paid' && <ChannelPicker channels={channels} value={channel} onChange={setChannel} />}

      <div className="flex flex-col items-center gap-2.5" aria-live="polite">
        {!canPay ? (
          <p className="py-8 text-center text-sm text-neutral-500 dark:text-neutral-400">{t('pay.unavailable')}</p>
        ) : phase === 'paid' ? (
          paid
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
            <QrBox value={order.url_qrcode} state={phase === 'expired' ? 'expired' : 'ready'} />
            <p className="flex items-center gap-1.5 text-sm text-neutral-600 dark:text-neutral-300">
              <Smartphone className="size-4" aria-hidden />
              {channel === 'wxpay' ? t('qr.scanWx') : t('qr.scanAli')}
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
    </>
  );
}
