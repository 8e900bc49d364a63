import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { packages } from './billing.ts';
import { users } from './users.ts';

/** A user's feedback (SPEC §1): text and up to three images, then a thread of replies. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Operator replies the user has not opened yet (the user centre's unread marker). */
    userUnread: integer('user_unread').notNull().default(0),
    /** The user wrote last and the operator has not answered. */
    awaitingReply: integer('awaiting_reply').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedbacks_user_idx').on(t.userId, t.id), index('feedbacks_updated_idx').on(t.updatedAt)],
);

export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    /** 'user' (a follow-up) or 'admin' (the operator's answer). */
    author: text('author').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.id)],
);

/** A batch of card keys (卡密): what each key grants is fixed when the batch is made. */
export const cardKeyBatches = pgTable('card_key_batches', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Membership days (0: counts go to the never-expiring base pool) and level, as a package grants. */
  days: integer('days').notNull().default(0),
  level: integer('level').notNull().default(1),
  model3Count: integer('model3_count').notNull().default(0),
  model4Count: integer('model4_count').notNull().default(0),
  drawCount: integer('draw_count').notNull().default(0),
  pptCount: integer('ppt_count').notNull().default(0),
  /** The package the grant was copied from, when it was. */
  packageId: integer('package_id').references(() => packages.id, { onDelete: 'set null' }),
  quantity: integer('quantity').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cardKeys = pgTable(
  'card_keys',
  {
    code: text('code').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => cardKeyBatches.id, { onDelete: 'cascade' }),
    redeemedBy: integer('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [index('card_keys_batch_idx').on(t.batchId), index('card_keys_redeemed_by_idx').on(t.redeemedBy)],
);
