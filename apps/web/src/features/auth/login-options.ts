import type { GlobalConfigFields, LoginWay } from '@app/shared';

export type LoginMethod = 'wechat' | 'mobile' | 'account';

/** SPEC §2.6: which methods login_way offers, in display order (WeChat first: it is the default). */
export function methodsFor(loginWay: LoginWay | undefined): LoginMethod[] {
  switch (loginWay) {
    case 'mobile':
      return ['mobile', 'account'];
    case 'wechat':
      return ['wechat', 'account'];
    case 'other':
      return ['account'];
    default:
      return ['wechat', 'mobile', 'account'];
  }
}

export interface Gift {
  model3: number;
  model4: number;
  draw: number;
}

type GiftConfig = Pick<
  GlobalConfigFields,
  | 'registerSendStatus'
  | 'registerSendModel3Count'
  | 'registerSendModel4Count'
  | 'registerSendDrawMjCount'
  | 'wechatRegisterStatus'
  | 'phoneRegisterStatus'
  | 'emailRegisterStatus'
>;

/**
 * SPEC §2.6: the first-authentication gift is announced when registerSendStatus is on and at
 * least one way of registering is open. Null when there is nothing to announce.
 */
export function registerGift(config: GiftConfig | null | undefined): Gift | null {
  if (!config || config.registerSendStatus !== 1) return null;
  const anyWayOpen = config.wechatRegisterStatus === 1 || config.phoneRegisterStatus === 1 || config.emailRegisterStatus === 1;
  if (!anyWayOpen) return null;
  const gift = { model3: config.registerSendModel3Count, model4: config.registerSendModel4Count, draw: config.registerSendDrawMjCount };
  return gift.model3 > 0 || gift.model4 > 0 || gift.draw > 0 ? gift : null;
}

/** The parts of a gift worth naming, in the order users read them. */
export const giftParts = (gift: Gift) =>
  (['model3', 'model4', 'draw'] as const).filter((k) => gift[k] > 0).map((k) => ({ kind: k, count: gift[k] }));
