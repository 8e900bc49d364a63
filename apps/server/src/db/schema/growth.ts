import { date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const clients = pgTable('clients', {
  code: text('code').primaryKey(),
  fingerprint: text('fingerprint'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    clientCode: text('client_code'),
    userId: integer('user_id'),
    bdVid: text('bd_vid'),
    promoteAccountId: text('promote_account_id'),
    url: text('url'),
    referrer: text('referrer'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('visits_created_idx').on(t.createdAt)],
);

export const behaviorEvents = pgTable(
  'behavior_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    clientCode: text('client_code'),
    type: integer('type').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('behavior_events_code_idx').on(t.code, t.createdAt)],
);

/** One row per user and calendar day (Asia/Shanghai) signed in: the key makes a day's reward once only. */
export const signIns = pgTable(
  'sign_ins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
