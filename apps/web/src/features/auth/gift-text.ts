import { giftParts, type Gift } from './login-options.ts';
import type { TFunction } from '../../lib/i18n.ts';

/** "20 次基础对话、5 次高级对话、5 次绘画" in the current language; empty when nothing is given. */
export function giftText(gift: Gift, t: TFunction) {
  return giftParts(gift)
    .map((p) => t(`auth:giftItem.${p.kind}`, { count: p.count }))
    .join(t('auth:giftSeparator'));
}
