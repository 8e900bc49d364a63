import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A mind map: the markdown outline the model wrote (or the user edited), drawn by the web with
 * markmap. status: running while a turn writes it, then complete / stopped / error.
 */
export const minds = pgTable(
  'minds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    prompt: text('prompt').notNull(),
    /** The document the map was drawn from (its token; null: a topic or pasted text) and its title then. */
    documentToken: text('document_token'),
    documentTitle: text('document_title').notNull().default(''),
    markdown: text('markdown').notNull().default(''),
    model: text('model').notNull(),
    status: text('status').notNull().default('running'),
    errorText: text('error_text'),
    edited: boolean('edited').notNull().default(false),
    charged: boolean('charged').notNull().default(false),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('minds_user_idx').on(t.userId, t.updatedAt)],
);

/** A translation: the source text, the languages (the source as given or detected), the result. */
export const translations = pgTable(
  'translations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    fromLang: text('from_lang').notNull(),
    toLang: text('to_lang').notNull(),
    result: text('result').notNull().default(''),
    model: text('model').notNull(),
    status: text('status').notNull().default('running'),
    errorText: text('error_text'),
    charged: boolean('charged').notNull().default(false),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('translations_user_idx').on(t.userId, t.createdAt)],
);
