import { bigint, boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An uploaded document and its parse job. `token` is what the API calls it. status: 0 waiting,
 * 1 parsing, 2 done, 3 failed (SPEC §4.8); a parse holds `locked_until` while it runs and renews
 * it, so a parse cut off by a restart is taken up again once the lease runs out.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    fileExt: text('file_ext').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** The upload it came from: a second add of the same upload answers with this document. */
    uploadId: text('upload_id').notNull(),
    status: integer('status').notNull().default(0),
    nameStatus: integer('name_status').notNull().default(0),
    errorText: text('error_text'),
    pages: integer('pages'),
    chunkCount: integer('chunk_count').notNull().default(0),
    ocrPages: integer('ocr_pages').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    parseMs: integer('parse_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('documents_token_uq').on(t.token),
    uniqueIndex('documents_upload_uq').on(t.uploadId),
    index('documents_user_idx').on(t.userId, t.createdAt),
    index('documents_status_idx').on(t.status),
  ],
);

/** A piece of a parsed document: its text, where it is (page, section), its segmented terms. */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull(),
    page: integer('page'),
    section: text('section'),
    text: text('text').notNull(),
    /** jieba terms joined by spaces, so the keyword index is rebuilt without segmenting again. */
    terms: text('terms').notNull(),
    /** The chunk's embedding when an embeddings model is configured. */
    embedding: real('embedding').array(),
  },
  (t) => [uniqueIndex('document_chunks_doc_ord_uq').on(t.documentId, t.ord)],
);

/** One message of a document's conversation; an assistant reply keeps the chunks it was given. */
export const documentMessages = pgTable(
  'document_messages',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    action: text('action').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull().default('complete'),
    errorText: text('error_text'),
    citations: jsonb('citations').$type<{ n: number; page: number | null; section: string | null }[]>().notNull().default([]),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    charged: boolean('charged').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_messages_doc_idx').on(t.documentId, t.id)],
);
