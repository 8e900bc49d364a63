import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Code } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { firstPurchases, orders, packages, siteConfig, users } from '../../db/schema/index.ts';
import { creditBase } from './balance.ts';
import { logNotification } from './audit.ts';
import { grantPackage } from './membership.ts';
import { packageKindOf } from './packages.ts';

type PackageRow = typeof packages.$inferSelect;

export const FIRST_PURCHASE_TAKEN = '该活动套餐仅限首次开通';

/** Who places an order: an account, or a device before login. */
export interface Buyer {
  userId: number | null;
  clientCode: string | null;
}

/**
 * Makes way for a new order of a first-purchase-only package, inside the caller's transaction (which
 * then inserts the order). One advisory lock per buyer makes concurrent creations take turns: each
 * refuses when the buyer already has such an order paid (or, an account, the package granted), and
 * otherwise closes (status 2) the buyer's open orders of such packages, so at most one stays open and
 * the newest QR is the one to pay. A closed order's QR can still be paid at its gateway: that payment
 * is honoured if it is the first one, or marked for a manual refund (grantPaidOrder), never lost.
 */
export async function openFirstPurchaseOrder(tx: Db, buyer: Buyer, packageField: string): Promise<void> {
  const key = buyer.userId !== null ? `first-purchase:u${buyer.userId}` : `first-purchase:c${buyer.clientCode}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const activityPackages = tx.select({ id: packages.id }).from(packages).where(eq(packages.isActivity, 1));
  const owned = buyer.userId !== null ? forUser(tx, buyer.userId).orders.scope() : and(isNull(orders.userId), eq(orders.clientCode, buyer.clientCode ?? ''));
  const [paid] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(owned, eq(orders.status, 1), inArray(orders.packageId, activityPackages)))
    .limit(1);
  const [granted] = buyer.userId !== null ? await tx.select({ userId: firstPurchases.userId }).from(firstPurchases).where(forUser(tx, buyer.userId).firstPurchases.scope()) : [];
  if (paid || granted) throw new AppError(Code.BAD_REQUEST, FIRST_PURCHASE_TAKEN, 400, { field: packageField });
  await tx
    .update(orders)
    .set({ status: 2 })
    .where(and(owned, eq(orders.status, 0), inArray(orders.packageId, activityPackages)));
}

export const FIRST_PURCHASE_REFUND_REASON = '活动套餐仅限首次开通：已有一笔该活动订单到账，本单未发放权益，需人工退款';

/**
 * Grants a paid order's package to `userId` inside the caller's transaction. A first-purchase-only
 * (activity) package is granted at most once per user, decided by ONE insert into first_purchases
 * keyed by the user (ON CONFLICT DO NOTHING): concurrent orders wait on each other's key and only one
 * gets it. The others credit nothing; the order is marked for a manual refund and written to the
 * payment audit, so an operator sees it. Returns whether the package was granted.
 */
export async function grantPaidOrder(
  ctx: AppContext,
  tx: Db,
  userId: number,
  pkg: PackageRow,
  order: { id: number; orderNo: string; provider: string },
  nowMs: number,
): Promise<boolean> {
  // A thesis package grants nothing to the balance: the paid order itself pays for one thesis.
  if (packageKindOf(pkg) !== 'vip') return true;
  if (pkg.isActivity === 1) {
    const [first] = await tx
      .insert(firstPurchases)
      .values({ userId, orderNo: order.orderNo, createdAt: new Date(nowMs) })
      .onConflictDoNothing()
      .returning({ userId: firstPurchases.userId });
    if (!first) {
      await tx.update(orders).set({ refundStatus: 1, refundReason: FIRST_PURCHASE_REFUND_REASON }).where(eq(orders.id, order.id));
      await logNotification(tx, { provider: order.provider, orderNo: order.orderNo, outcome: 'refund_due', detail: FIRST_PURCHASE_REFUND_REASON, raw: '' });
      ctx.log.warn({ orderNo: order.orderNo, userId, packageId: pkg.id }, 'second paid order of a first-purchase-only package: not granted, marked for refund');
      return false;
    }
  }
  await grantPackage(tx, userId, pkg, order.orderNo, nowMs);
  await payCommission(tx, userId, pkg, order.orderNo);
  return true;
}

/**
 * The referral plan's commission (when the operator sets a percentage): a share of the counts of
 * the package the invitee bought goes to the inviter's base pool, in the transaction that granted
 * the order, so it is paid exactly once with it.
 */
async function payCommission(tx: Db, userId: number, pkg: PackageRow, orderNo: string) {
  // Read in the transaction (a second connection would wait on it with the embedded database); absent means off.
  const [row] = await tx.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, 'inviteCommissionPercent'));
  const percent = Math.min(100, Number((row?.value as { v?: unknown } | undefined)?.v ?? 0));
  if (!(percent > 0)) return;
  const [buyer] = await tx.select({ invitedBy: users.invitedBy }).from(users).where(eq(users.id, userId));
  const inviter = buyer?.invitedBy;
  if (!inviter || inviter === userId) return;
  const share = (n: number) => Math.floor((n * percent) / 100);
  const amounts = { model3: share(pkg.model3Count), model4: share(pkg.model4Count), draw: share(pkg.drawCount), ppt: share(pkg.pptCount) };
  await creditBase(tx, inviter, amounts, 'invite', `commission:${orderNo}`, `好友购买「${pkg.name}」返佣 ${percent}%`);
}
