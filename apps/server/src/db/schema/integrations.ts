import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Integration settings set in the admin console (over the environment); `sealed` values are encrypted. */
export const integrationSettings = pgTable('integration_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  sealed: boolean('sealed').notNull().default(false),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time links that create the first administrator (the token's SHA-256 only). */
export const adminSetupTokens = pgTable(
  'admin_setup_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_setup_tokens_hash_uq').on(t.tokenHash)],
);
