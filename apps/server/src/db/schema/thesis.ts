import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One section of an outline: the unit a job writes. `key` stays when the user renames or moves it. */
export interface ThesisOutlineSection {
  key: string;
  title: string;
  /** Target length in characters. */
  chars: number;
}
export interface ThesisOutlineChapter {
  key: string;
  title: string;
  sections: ThesisOutlineSection[];
}

/**
 * A thesis or article: the brief, its outline (edited by the user), and how it is being written.
 * status: draft (no outline yet), outlined, writing (a job runs), done, failed.
 */
export const theses = pgTable(
  'theses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    discipline: text('discipline').notNull(),
    length: integer('length').notNull(),
    language: text('language').notNull(),
    requirements: text('requirements').notNull().default(''),
    /** A reference document's title and text (copied when the thesis is made; '' when none). */
    referenceTitle: text('reference_title').notNull().default(''),
    referenceText: text('reference_text').notNull().default(''),
    outline: jsonb('outline').$type<ThesisOutlineChapter[]>(),
    abstract: text('abstract').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
    /** The English abstract and key words of a Chinese 毕业论文 ('' otherwise). */
    abstractEn: text('abstract_en').notNull().default(''),
    keywordsEn: text('keywords_en').notNull().default(''),
    status: text('status').notNull().default('draft'),
    /** The writing job in progress or last run. */
    jobId: integer('job_id'),
    /** The thesis order that pays for the writing (then no credits are held). */
    orderNo: text('order_no'),
    charged: integer('charged').notNull().default(0),
    error: text('error'),
    offline: integer('offline').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('theses_user_idx').on(t.userId, t.updatedAt), uniqueIndex('theses_order_uq').on(t.orderNo)],
);

/** The written text of one outline section (by its key). status: pending, writing, done, failed, stopped (cut short by a stop: the text that streamed, charged). */
export const thesisSections = pgTable(
  'thesis_sections',
  {
    id: serial('id').primaryKey(),
    thesisId: integer('thesis_id')
      .notNull()
      .references(() => theses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    text: text('text').notNull().default(''),
    status: text('status').notNull().default('pending'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('thesis_sections_key_uq').on(t.thesisId, t.key)],
);
