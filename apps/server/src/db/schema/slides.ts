import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { DeckSection, DeckSlide } from '@app/shared';
import { users } from './users.ts';

/**
 * A slide deck (AI PPT). status: outlining (the outline turn runs), outline (the user edits it),
 * generating (the slides job runs, `job_id`), done, failed. `slides` grows section by section
 * while the job runs; the theme is only how it is drawn, so it changes without the model.
 */
export const slideDecks = pgTable(
  'slide_decks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    topic: text('topic').notNull(),
    sourceText: text('source_text').notNull().default(''),
    /** The title of the document the source text was taken from ('' when pasted or none). */
    sourceTitle: text('source_title').notNull().default(''),
    audience: text('audience').notNull().default(''),
    language: text('language').notNull().default('zh-CN'),
    pages: integer('pages').notNull(),
    theme: text('theme').notNull().default('azure'),
    status: text('status').notNull().default('outlining'),
    outline: jsonb('outline').$type<DeckSection[]>().notNull().default([]),
    /** Planned slots in order; null until the job writes it. */
    slides: jsonb('slides').$type<(DeckSlide | null)[]>().notNull().default([]),
    model: text('model').notNull().default(''),
    offline: boolean('offline').notNull().default(false),
    jobId: integer('job_id'),
    errorText: text('error_text'),
    charged: integer('charged').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('slide_decks_user_idx').on(t.userId, t.updatedAt)],
);
