import { useEffect, useState } from 'react';
import { Loader2 } from 'lucide-react';
import clsx from 'clsx';
import type { PayMethodOption, PayMethodsReply } from '@app/shared';
import { Code } from '@app/shared/codes';
import { Modal } from '../../../components/Modal.tsx';
import { toast } from '../../../lib/toast.ts';
import { billingApi } from '../api.ts';
import { usePackages } from '../hooks/usePackages.ts';
import { reportOrderFailure } from '../../../lib/usePayment.ts';
import '../locales.ts';
import { useBilling } from '../store.ts';
import { invokeWechatPay } from '../../../components/pay/wechat-bridge.ts';
import { Agreement } from './Agreement.tsx';
import { ChannelMark } from '../../../components/pay/ChannelPicker.tsx';
import { DiscountBadge, Price } from './Price.tsx';
import { SandboxNote } from '../../../components/pay/SandboxNote.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Where the gateway sends the browser back: this page (SPEC §2.2 reads trade_status there). */
const returnUrl = () => window.location.href;

/** Sends the browser to the gateway (a hook point for tests). */
export const navigateTo = { go: (url: string) => window.location.assign(url) };

/**
 * SPEC §4.5, mobile: pick a package and a payment method (from /api/trade/payments); the pay
 * buttons show only while the agreement (checked by default) is checked; paying asks for a
 * payment link with a return URL and sends the browser to it.
 */
export function MobilePurchase({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('billing');
  const { packages, loading } = usePackages();
  const preferred = useBilling((s) => s.purchasePackageId);
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = packages.find((p) => p.id === chosen) ?? packages.find((p) => p.id === preferred) ?? packages[0] ?? null;
  const [agreed, setAgreed] = useState(true);
  const [methods, setMethods] = useState<PayMethodsReply | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    billingApi
      .payments()
      .then((m) => alive && setMethods(m))
      .catch(() => alive && setMethods({ list: [], sandbox: false }));
    return () => {
      alive = false;
    };
  }, [open]);

  const pay = async (method: PayMethodOption) => {
    if (!selected || busy) return;
    setBusy(method.pay_method);
    try {
      const reply = await billingApi.payQrcode({ package_id: selected.id, pay_method: method.pay_method, return_url: returnUrl() });
      if (reply.code !== Code.OK) {
        if (reply.message) toast.error(reply.message);
        setBusy(null);
        return;
      }
      const data = reply.data;
      if (data.mode === 'jsapi' && data.jsapi) {
        const paid = await invokeWechatPay(data.jsapi);
        setBusy(null);
        if (paid) navigateTo.go(`${window.location.pathname}?trade_status=TRADE_SUCCESS`);
        return;
      }
      // Leaving the page: the busy state stays until the gateway's page replaces this one.
      navigateTo.go(data.pay_url || data.qr_code);
    } catch (err) {
      reportOrderFailure(err);
      setBusy(null);
    }
  };

  return (
    <Modal open={open} onOpenChange={(o) => !o && onClose()} title={t('title.goods')} description={t('subtitle')}>
      <div className="flex flex-col gap-3.5 pb-4">
        <section aria-label={t('mobile.choose')}>
          {loading ? (
            <div className="flex flex-col gap-2" aria-hidden>
              {Array.from({ length: 3 }, (_, i) => (
                <div key={i} className="h-16 animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-800" />
              ))}
            </div>
          ) : (
            <div role="radiogroup" aria-label={t('mobile.choose')} className="flex flex-col gap-2">
              {packages.map((p) => {
                const active = p.id === selected?.id;
                return (
                  <button
                    key={p.id}
                    type="button"
                    role="radio"
                    aria-checked={active}
                    onClick={() => setChosen(p.id)}
                    className={clsx(
                      'flex items-center gap-3 rounded-2xl border px-4 py-2.5 text-left transition-colors',
                      active ? 'border-primary bg-primary-soft/60 ring-1 ring-primary dark:bg-primary-soft' : 'border-neutral-200 dark:border-neutral-700',
                    )}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-2">
                        <span className="truncate text-[15px] font-medium text-neutral-900 dark:text-neutral-50">{p.name}</span>
                        <DiscountBadge text={p.discount} />
                      </span>
                      <span className="mt-0.5 block truncate text-xs text-neutral-500 dark:text-neutral-400">
                        {p.days > 0 ? t('price.days', { count: p.days }) : t('price.permanent')}
                        {p.introduction ? ` · ${p.introduction}` : ''}
                      </span>
                    </span>
                    <Price price={p.price} original={p.price_y} className="shrink-0" />
                  </button>
                );
              })}
            </div>
          )}
        </section>

        <section aria-label={t('mobile.method')} className="flex flex-col gap-2">
          <p className="text-xs font-medium text-neutral-500 dark:text-neutral-400">{t('mobile.method')}</p>
          {!methods ? (
            <div className="h-12 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" aria-hidden />
          ) : methods.list.length === 0 ? (
            <p className="py-2 text-sm text-neutral-500">{t('mobile.noMethod')}</p>
          ) : agreed ? (
            methods.list.map((m) => {
              const channel = m.pay_type === 'wechat' ? 'wxpay' : 'alipay';
              return (
                <button
                  key={m.pay_method}
                  type="button"
                  disabled={!!busy || !selected}
                  onClick={() => void pay(m)}
                  className={clsx(
                    'flex h-12 items-center justify-center gap-2 rounded-xl text-[15px] font-medium text-white transition-opacity disabled:opacity-60',
                    channel === 'wxpay' ? 'bg-wxpay' : 'bg-alipay',
                  )}
                >
                  {busy === m.pay_method ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <ChannelMark channel={channel} className="bg-white/20" />}
                  {m.pay_name}
                  {selected && <span className="font-normal tabular-nums">¥{selected.price}</span>}
                </button>
              );
            })
          ) : (
            <p className="rounded-xl bg-neutral-50 px-3 py-3 text-center text-sm text-neutral-500 dark:bg-neutral-800/60 dark:text-neutral-400" role="note">
              {t('agreeFirst')}
            </p>
          )}
        </section>

        <Agreement checkbox={{ checked: agreed, onChange: setAgreed }} />
        {methods?.sandbox && <SandboxNote compact className="self-start" />}
      </div>
    </Modal>
  );
}
