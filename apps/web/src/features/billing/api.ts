import type { PayQrcodeBody } from '@app/shared';
import { callRoute, endpoint, requestRoute } from '../../lib/api.ts';

const activity = endpoint('billing.activity', 'GET', '/api/package/activity');
const payments = endpoint('billing.payments', 'GET', '/api/trade/payments');
const payQrcode = endpoint('billing.payQrcode', 'POST', '/api/order/pay-qrcode');
const payResult = endpoint('billing.payResult', 'POST', '/api/order/pay-result');
const clientOrder = endpoint('billing.clientOrder', 'GET', '/api/order/client-order');
const orderBind = endpoint('billing.orderBind', 'POST', '/api/order/bind');
const orderIndex = endpoint('billing.orderIndex', 'GET', '/api/order/index');
const pptPackages = endpoint('slides.packages', 'GET', '/api/aippt/package/list');

/**
 * The billing calls (SPEC §7.2). Payment calls are silent: the dialogs decide what to say (a
 * server message on a refused order; nothing on a network failure, whose loading state is reset).
 */
export const billingApi = {
  activity: () => callRoute(activity, undefined, { silent: true }),
  payments: () => callRoute(payments, undefined, { silent: true }),
  payQrcode: (body: PayQrcodeBody) => requestRoute(payQrcode, body, { silent: true }),
  payResult: (hash: string, signal?: AbortSignal) => requestRoute(payResult, { hash }, { silent: true, signal }),
  clientOrder: () => callRoute(clientOrder, undefined, { silent: true }),
  /** Not silent: a refused bind shows the server's message. */
  bind: (orderSn: string) => callRoute(orderBind, { order_sn: orderSn }),
  /** The slide packages (AI PPT quota) and the caller's balance of it. */
  pptPackages: () => callRoute(pptPackages, undefined, { silent: true }),
  orders: (page: number, size: number) => callRoute(orderIndex, { page, size }, { silent: true }),
};
