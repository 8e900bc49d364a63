/** Helpers for the billing API tests (test-only; no production code imports this file). */
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { balanceLedger, balances, orders, paymentNotifications } from '../../db/schema/index.ts';
import type { NotificationRequest } from '../../providers/pay/index.ts';
import type { TestApp } from '../../testing/harness.ts';

export const guest = (clientCode: string) => ({ 'x-client-code': clientCode });

export async function userIdOf(t: TestApp, token: string): Promise<number> {
  const res = await t.call('GET', '/api/user/info', { token });
  return res.body.data.id as number;
}

/** Sends a gateway's notification to our notify route exactly as the gateway would (GET with a signed query, or POST with the raw body). */
export async function deliver(t: TestApp, provider: string, n: NotificationRequest) {
  const body = typeof n.rawBody === 'string' ? n.rawBody : n.rawBody.toString('utf8');
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(n.query)) if (typeof v === 'string') query.set(k, v);
  const qs = query.toString();
  const opts: InjectOptions = {
    method: body ? 'POST' : 'GET',
    url: `/api/pay/notify/${provider}${qs ? `?${qs}` : ''}`,
    headers: Object.fromEntries(Object.entries(n.headers).filter((e): e is [string, string] => typeof e[1] === 'string')),
    ...(body ? { payload: body } : {}),
  };
  const res = await t.app.inject(opts);
  return { status: res.statusCode, body: res.body };
}

export async function orderRow(t: TestApp, orderNo: string) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row!;
}

export async function purchaseRows(t: TestApp, orderNo: string) {
  return t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.type, 'purchase'), eq(balanceLedger.ref, orderNo)));
}

export async function notificationLog(t: TestApp, provider: string) {
  return t.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.provider, provider)).orderBy(paymentNotifications.id);
}

export async function balanceRow(t: TestApp, userId: number) {
  const [row] = await t.ctx.db.select().from(balances).where(eq(balances.userId, userId));
  return row!;
}

/** The hidden fields of the sandbox checkout form. */
export function formFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) out[unescape(m[1]!)] = unescape(m[2]!);
  return out;
}

/** Pays (or cancels) through the sandbox cashier page exactly as a browser does: open the link, press the button. */
export async function sandboxCheckout(t: TestApp, link: string, action: 'pay' | 'cancel' = 'pay') {
  let url = new URL(link);
  let page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (page.statusCode === 302) {
    // A QR code's short link leads to the signed cashier link.
    url = new URL(page.headers.location as string);
    page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  }
  const fields = formFields(page.body);
  const res = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, action }).toString(),
  });
  return { page, res };
}
