import { Gift as GiftIcon } from 'lucide-react';
import { giftParts, type Gift } from '../login-options.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export function GiftNotice({ gift }: { gift: Gift }) {
  const { t } = useTranslation('auth');
  return (
    <p
      data-testid="gift-notice"
      className="flex items-start gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-[13px] leading-5 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-300"
    >
      <GiftIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {t('giftLead')}{' '}
        {giftParts(gift).map((p, i) => (
          // Each item stays on one line, so a wrap never splits "5 次高级对话".
          <span key={p.kind}>
            {i > 0 && t('giftSeparator')}
            <span className="whitespace-nowrap">{t(`giftItem.${p.kind}`, { count: p.count })}</span>
          </span>
        ))}
      </span>
    </p>
  );
}
