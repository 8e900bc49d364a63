import type { AppContext } from '../../core/context.ts';
import { NotificationRejected, type NotificationAck, type NotificationRequest, type PayProviderName } from '../../providers/pay/index.ts';
import { claimedOrderNo, logNotification, rawOf } from './audit.ts';
import { fulfil } from './fulfil.ts';
import type { PayGateways } from './gateways.ts';

const NOT_FOUND: NotificationAck = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'not found' };

/**
 * One gateway notification, start to finish: verify it with the gateway's adapter (signature,
 * merchant, format), then, when the gateway says paid, fulfil the order exactly once; log it
 * whatever happens; answer in the gateway's own format. A refusal answers "fail", so a genuine
 * gateway retries while we look; a duplicate answers "success".
 */
export async function handleNotification(ctx: AppContext, gateways: PayGateways, name: PayProviderName, req: NotificationRequest): Promise<NotificationAck> {
  const raw = rawOf(req);
  const provider = gateways.get(name);
  if (!provider) {
    await logNotification(ctx.db, { provider: name, orderNo: claimedOrderNo(req), outcome: 'unconfigured', detail: '该支付渠道未启用', raw });
    return NOT_FOUND;
  }
  let verified;
  try {
    verified = await provider.verifyNotification(req);
  } catch (err) {
    const rejected = err instanceof NotificationRejected;
    const detail = rejected ? `${err.reason}: ${err.message}` : String(err);
    await logNotification(ctx.db, { provider: name, orderNo: claimedOrderNo(req), outcome: rejected ? 'rejected' : 'error', detail, raw });
    ctx.log.warn({ provider: name, detail }, 'payment notification rejected');
    return provider.notificationAck(false, rejected ? err.message : '处理失败');
  }
  if (!verified.paid) {
    await logNotification(ctx.db, { provider: name, orderNo: verified.orderNo, outcome: 'not_paid', detail: verified.gatewayStatus, raw });
    return provider.notificationAck(true);
  }
  try {
    const result = await fulfil(ctx, name, verified, raw);
    return provider.notificationAck(result.ok, result.ok ? undefined : result.outcome);
  } catch (err) {
    ctx.log.error({ err, provider: name, orderNo: verified.orderNo }, 'payment fulfilment failed');
    await logNotification(ctx.db, { provider: name, orderNo: verified.orderNo, outcome: 'error', detail: String(err), raw }).catch(() => undefined);
    return provider.notificationAck(false, '处理失败');
  }
}
