import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chatGroups } from './chat.ts';
import { users } from './users.ts';

/** One message of a share's snapshot, as rendered when it was shared. */
export interface SharedMessageRow {
  role: 'user' | 'assistant';
  text: string;
  dateTime: string;
}

/** A share link: a snapshot of a conversation's messages (up to one message), public by its token until revoked. */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => chatGroups.id, { onDelete: 'set null' }),
    upToMessageId: integer('up_to_message_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    messages: jsonb('messages').$type<SharedMessageRow[]>().notNull(),
    messageCount: integer('message_count').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shares_token_uq').on(t.token), index('shares_user_idx').on(t.userId, t.id)],
);
