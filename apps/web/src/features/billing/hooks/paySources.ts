import type { PayQrcodeReply, PayResultReply } from '@app/shared';
import { PAY_RESULT_PAID } from '@app/shared/codes';
import { MEMBERSHIP_QR_EXPIRE_SECONDS, MEMBERSHIP_RESULT_POLL_MS } from '@app/shared/constants';
import type { PaySource } from '../../../lib/usePayment.ts';
import { billingApi } from '../api.ts';

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
