import type { OrderBuyBody, PayChannelName } from '@app/shared';

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

/** What an order asks of the gateway: WeChat's own pay sheet inside the WeChat browser, else the channel's QR/link. */
export const payTypeOf = (channel: PayChannelName, inWechat: boolean): OrderBuyBody['payType'] => (channel === 'wxpay' && inWechat ? 'jsapi' : channel);
