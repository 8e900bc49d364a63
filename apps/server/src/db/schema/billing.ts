import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';

/**
 * Two pools per user: the base pool never expires; the membership pool expires at
 * member_expires_at and is spent first. Counts never go negative (checked by the database too).
 */
export const balances = pgTable(
  'balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    baseModel3: integer('base_model3').notNull().default(0),
    baseModel4: integer('base_model4').notNull().default(0),
    baseDraw: integer('base_draw').notNull().default(0),
    basePpt: integer('base_ppt').notNull().default(0),
    memberModel3: integer('member_model3').notNull().default(0),
    memberModel4: integer('member_model4').notNull().default(0),
    memberDraw: integer('member_draw').notNull().default(0),
    memberPpt: integer('member_ppt').notNull().default(0),
    /** What running turns and jobs hold of each pool (taken at admission, given back when they settle). */
    heldModel3: integer('held_model3').notNull().default(0),
    heldModel4: integer('held_model4').notNull().default(0),
    heldDraw: integer('held_draw').notNull().default(0),
    heldPpt: integer('held_ppt').notNull().default(0),
    memberExpiresAt: timestamp('member_expires_at', { withTimezone: true }),
    memberLevel: integer('member_level').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check(
      'balances_non_negative',
      sql`base_model3 >= 0 and base_model4 >= 0 and base_draw >= 0 and member_model3 >= 0 and member_model4 >= 0 and member_draw >= 0`,
    ),
    check('balances_held_non_negative', sql`held_model3 >= 0 and held_model4 >= 0 and held_draw >= 0`),
  ],
);

/** Every change of a balance, one row each. type: register, sign-in, invite, purchase, card-key, admin, usage, refund. */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    pool: text('pool').notNull(),
    model3: integer('model3').notNull().default(0),
    model4: integer('model4').notNull().default(0),
    draw: integer('draw').notNull().default(0),
    ppt: integer('ppt').notNull().default(0),
    ref: text('ref'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('balance_ledger_user_idx').on(t.userId, t.createdAt)],
);

export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  introduction: text('introduction').notNull().default(''),
  description: text('description').notNull().default(''),
  /** Prices in fen. */
  price: integer('price').notNull(),
  priceY: integer('price_y').notNull(),
  discount: text('discount').notNull().default(''),
  days: integer('days').notNull().default(0),
  level: integer('level').notNull().default(1),
  model3Count: integer('model3_count').notNull().default(0),
  model4Count: integer('model4_count').notNull().default(0),
  drawCount: integer('draw_count').notNull().default(0),
  pptCount: integer('ppt_count').notNull().default(0),
  /** 'member': the membership catalogue; 'ppt': a slide package (listed by /api/aippt/package/list). */
  kind: text('kind').notNull().default('member'),
  isActivity: integer('is_activity').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  extra: jsonb('extra'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
