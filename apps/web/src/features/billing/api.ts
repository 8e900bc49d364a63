import type {
  ActivityPackageReply,
  PptPackageItem,
  ClientOrderReply,
  OrderBindReply,
  OrderBuyBody,
  OrderBuyReply,
  OrderListReply,
  OrderQueryReply,
  PayMethodsReply,
  PayQrcodeBody,
  PayQrcodeReply,
  PayResultReply,
} from '@app/shared';
import { http, request } from '../../lib/http.ts';

/**
 * The billing calls (SPEC §7.2). Payment calls are silent: the dialogs decide what to say (a
 * server message on a refused order; nothing on a network failure, whose loading state is reset).
 */
export const billingApi = {
  activity: () => http.get<ActivityPackageReply>('/api/package/activity', undefined, { silent: true }),
  payments: () => http.get<PayMethodsReply>('/api/trade/payments', undefined, { silent: true }),
  buy: (body: OrderBuyBody) => request<OrderBuyReply>('POST', '/order/buy', body, { silent: true }),
  queryOrder: (orderId: string, signal?: AbortSignal) => request<OrderQueryReply>('POST', '/order/queryByOrderId', { orderId }, { silent: true, signal }),
  payQrcode: (body: PayQrcodeBody) => request<PayQrcodeReply>('POST', '/api/order/pay-qrcode', body, { silent: true }),
  payResult: (hash: string, signal?: AbortSignal) => request<PayResultReply>('POST', '/api/order/pay-result', { hash }, { silent: true, signal }),
  clientOrder: () => http.get<ClientOrderReply>('/api/order/client-order', undefined, { silent: true }),
  /** Not silent: a refused bind shows the server's message. */
  bind: (orderSn: string) => http.post<OrderBindReply>('/api/order/bind', { order_sn: orderSn }),
  /** The slide packages (AI PPT quota) and the caller's balance of it. */
  pptPackages: () => http.get<{ list: PptPackageItem[]; balance: number | null }>('/api/aippt/package/list', undefined, { silent: true }),
  orders: (page: number, size: number) => http.get<OrderListReply>('/api/order/index', { page, size }, { silent: true }),
};
