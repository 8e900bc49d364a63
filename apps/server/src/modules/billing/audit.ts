import type { Db } from '../../db/client.ts';
import { paymentNotifications } from '../../db/schema/index.ts';
import type { NotificationRequest } from '../../providers/pay/index.ts';

/**
 * What became of one notification (or active query). Written for every notification a gateway
 * sends, genuine or not: the audit trail of money.
 */
export type NotificationOutcome =
  | 'paid'
  | 'paid_after_expiry'
  | 'duplicate'
  | 'not_paid'
  | 'rejected'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'provider_mismatch'
  | 'unconfigured'
  /** Paid, but a first-purchase-only package the user already had: nothing granted, refund by hand. */
  | 'refund_due'
  | 'error';

const RAW_MAX = 16_000;

/** The parts of a notification worth keeping: query, the signature headers and the body. */
export function rawOf(req: NotificationRequest): string {
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter(([k]) => /^(wechatpay-|content-type$|user-agent$)/i.test(k)),
  );
  const body = typeof req.rawBody === 'string' ? req.rawBody : req.rawBody.toString('utf8');
  const text = JSON.stringify({ query: req.query, headers, body });
  return text.length > RAW_MAX ? `${text.slice(0, RAW_MAX)}…` : text;
}

/** Our order number as a notification names it, before any verification; for the log only. */
export function claimedOrderNo(req: NotificationRequest): string | null {
  const pick = (source: Record<string, unknown>) => {
    for (const key of ['out_trade_no', 'trade_order_id', 'pay_id', 'order']) {
      const v = source[key];
      if (typeof v === 'string' && v.length <= 64) return v;
    }
    return null;
  };
  const fromQuery = pick(req.query);
  if (fromQuery) return fromQuery;
  const body = typeof req.rawBody === 'string' ? req.rawBody : req.rawBody.toString('utf8');
  if (!body || body.startsWith('{') || body.startsWith('<')) return null;
  try {
    return pick(Object.fromEntries(new URLSearchParams(body)));
  } catch {
    return null;
  }
}

export async function logNotification(db: Db, row: { provider: string; orderNo: string | null; outcome: NotificationOutcome; detail?: string; raw: string }) {
  await db.insert(paymentNotifications).values({
    provider: row.provider,
    orderNo: row.orderNo?.slice(0, 64) ?? null,
    outcome: row.outcome,
    detail: row.detail?.slice(0, 1000) ?? null,
    raw: row.raw,
  });
}
