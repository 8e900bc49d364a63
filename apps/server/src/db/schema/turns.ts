import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';

/**
 * One paid turn (a chat reply, a document answer, …) from admission to settlement. While
 * `status` is 'running' its `cost` is held against the user's balance, as a lease owned by
 * `instance_id` until `lease_until`: the instance renews it while the turn runs; a lease that
 * lapses means the instance died, and any instance then settles the turn from `text` (the
 * reply as last checkpointed). Settled exactly once: 'settled' (saved, charged when it
 * should be) or 'released' (nothing to charge).
 */
export const turns = pgTable(
  'turns',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which adapter owns it: chat, document, … */
    kind: text('kind').notNull(),
    pool: text('pool').notNull(),
    cost: integer('cost').notNull(),
    status: text('status').notNull().default('running'),
    instanceId: text('instance_id').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The reply so far (checkpointed every few seconds) and, once settled, in full. */
    text: text('text').notNull().default(''),
    /** What the adapter needs to save the reply: group, question and model ids. */
    ref: jsonb('ref').$type<Record<string, unknown>>().notNull(),
    charged: integer('charged').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('turns_held_idx').on(t.userId, t.pool).where(sql`status = 'running'`),
    index('turns_lease_idx').on(t.leaseUntil).where(sql`status = 'running'`),
  ],
);

/**
 * A durable job (a Midjourney task, a deck's slides, a thesis's sections): stepped by its
 * handler until it ends, claimed by one instance at a time (`owner` until `lease_until`; a
 * lapsed lease means the instance died and any instance may take it over). Its credit hold is
 * a `turns` row that never lapses (`hold_id`), settled in the transaction that ends the job.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** running, done, failed or cancelled. */
    status: text('status').notNull().default('running'),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    holdId: integer('hold_id').references(() => turns.id, { onDelete: 'set null' }),
    /** Failures of the current step so far. */
    attempt: integer('attempt').notNull().default(0),
    /** Claims of the current step that lapsed (its process died during the step), in a row. */
    lapses: integer('lapses').notNull().default(0),
    /** When its next step is due. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    owner: text('owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    error: text('error'),
    charged: integer('charged').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('jobs_due_idx').on(t.kind, t.runAt).where(sql`status = 'running'`), index('jobs_user_idx').on(t.userId, t.kind, t.id)],
);
