import type { OrderBuyBody, OrderBuyReply, PayQrcodeReply, PayResultReply } from '@app/shared';
import { Code, PAY_RESULT_PAID } from '@app/shared/codes';
import { MEMBERSHIP_QR_EXPIRE_SECONDS, MEMBERSHIP_RESULT_POLL_MS, PAY_DIALOG_COUNTDOWN_SECONDS, PAY_DIALOG_POLL_MS } from '@app/shared/constants';
import type { PaySource } from '../../../lib/usePayment.ts';
import { billingApi } from '../api.ts';

/** SPEC §4.4: an order of a package through a channel, its status polled every second, 300 s to pay. */
export const orderSource = (packageId: number | null, payType: OrderBuyBody['payType']): PaySource<OrderBuyReply, true> => ({
  key: packageId ? `${packageId}:${payType}` : null,
  create: () => billingApi.buy({ goodsId: packageId!, payType }),
  check: async (order, signal) => {
    const reply = await billingApi.queryOrder(order.orderId, signal);
    return reply.code === Code.OK && reply.data.status === 1 ? true : null;
  },
  pollMs: PAY_DIALOG_POLL_MS,
  expireSeconds: PAY_DIALOG_COUNTDOWN_SECONDS,
});

/** SPEC §4.5: a payment QR for a package, valid 120 s, its result polled about every 2 s by hash (code 3: paid). */
export const qrSource = (packageId: number | null): PaySource<PayQrcodeReply, PayResultReply['result']> => ({
  key: packageId ? String(packageId) : null,
  create: () => billingApi.payQrcode({ package_id: packageId! }),
  check: async (qr, signal) => {
    const reply = await billingApi.payResult(qr.hash, signal);
    return reply.code === PAY_RESULT_PAID ? reply.data.result : null;
  },
  pollMs: MEMBERSHIP_RESULT_POLL_MS,
  expireSeconds: MEMBERSHIP_QR_EXPIRE_SECONDS,
});
