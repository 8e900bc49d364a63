import './locales.ts';
import clsx from 'clsx';
import type { PayChannelName } from '@app/shared';
import { useTranslation } from '../../lib/i18n.ts';

export const CHANNEL_STYLE: Record<PayChannelName, { mark: string; tone: string }> = {
  wxpay: { mark: '微', tone: 'bg-wxpay' },
  alipay: { mark: '支', tone: 'bg-alipay' },
};

export function ChannelMark({ channel, className }: { channel: PayChannelName; className?: string }) {
  return (
    <span
      aria-hidden
      className={clsx('inline-flex size-5 shrink-0 items-center justify-center rounded-md text-[11px] font-bold text-white', CHANNEL_STYLE[channel].tone, className)}
    >
      {CHANNEL_STYLE[channel].mark}
    </span>
  );
}

/** SPEC §4.4 channel choice: WeChat Pay / Alipay as a radio group. */
export function ChannelPicker({ channels, value, onChange }: { channels: PayChannelName[]; value: PayChannelName; onChange(c: PayChannelName): void }) {
  const { t } = useTranslation('pay');
  return (
    <div role="radiogroup" aria-label={t('channel.label')} className="grid grid-cols-2 gap-2">
      {channels.map((c) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={value === c}
          onClick={() => onChange(c)}
          className={clsx(
            'flex h-11 items-center justify-center gap-2 rounded-xl border text-sm font-medium transition-colors',
            value === c
              ? 'border-primary bg-primary-soft text-primary-fg'
              : 'border-neutral-200 text-neutral-700 hover:border-neutral-300 dark:border-neutral-700 dark:text-neutral-300 dark:hover:border-neutral-600',
          )}
        >
          <ChannelMark channel={c} />
          {t(`channel.${c}`)}
        </button>
      ))}
    </div>
  );
}
