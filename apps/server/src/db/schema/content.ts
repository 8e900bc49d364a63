import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The moderation word list (admin-edited): every user prompt is checked against it before anything is spent. Stored normalised. */
export const moderationWords = pgTable(
  'moderation_words',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('moderation_words_word_uq').on(t.word)],
);

/** What can be asked of a document (总结全文, 问答, …), edited in the admin console. `value` is the stable key the code and old messages use. */
export const documentActions = pgTable('document_actions', {
  value: text('value').primaryKey(),
  label: text('label').notNull(),
  /** 'search': the passages matching the question; 'whole': the document from the start (or spread across it). */
  reads: text('reads').notNull(),
  needsQuestion: boolean('needs_question').notNull(),
  instruction: text('instruction').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});
