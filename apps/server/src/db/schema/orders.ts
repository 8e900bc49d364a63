import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { packages } from './billing.ts';
import { users } from './users.ts';

/** Order status: 0 unpaid, 1 paid (fulfilled in the same transaction), 2 expired/closed. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    /** Null for a guest's order until it is bound after login. */
    userId: integer('user_id').references(() => users.id),
    clientCode: text('client_code'),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    /** Fen. */
    amount: integer('amount').notNull(),
    provider: text('provider').notNull(),
    channel: text('channel').notNull(),
    mode: text('mode').notNull(),
    status: integer('status').notNull().default(0),
    /** The membership dialog polls by this opaque hash instead of the order number. */
    payHash: text('pay_hash').notNull(),
    gatewayTradeNo: text('gateway_trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 0 nothing to refund; 1 paid but not granted (a second first-purchase-only order): refund by hand. */
    refundStatus: integer('refund_status').notNull().default(0),
    refundReason: text('refund_reason'),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    uniqueIndex('orders_hash_uq').on(t.payHash),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_client_idx').on(t.clientCode, t.status),
  ],
);

/** Every notification a gateway sent, verified or not: the audit trail of money. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    orderNo: text('order_no'),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    raw: text('raw').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_order_idx').on(t.orderNo)],
);

/** The one order that took a user's first-purchase-only (activity) package; its key makes the grant once. */
export const firstPurchases = pgTable('first_purchases', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  orderNo: text('order_no').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
