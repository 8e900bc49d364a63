import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import type { ChatSearch, ToolStep } from '@app/shared';

/** A conversation. `id` is what the API calls `uuid`. type: 1 chat, 2 expert, 3 template. */
export const chatGroups = pgTable(
  'chat_groups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull().default(1),
    model: text('model').notNull(),
    title: text('title').notNull(),
    isSticky: boolean('is_sticky').notNull().default(false),
    appId: integer('app_id'),
    templateId: integer('template_id'),
    identityId: integer('identity_id'),
    /** A template group: the form values it was generated with, so reopening it refills the form. */
    variable: jsonb('variable').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The message whose branch is on screen (the path from the first message down to it, then on along the newest replies). */
    activeLeafId: integer('active_leaf_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
  },
  (t) => [index('chat_groups_user_idx').on(t.userId, t.type, t.updatedAt)],
);

/**
 * One message of a group, a node of its tree: `parentId` is the message it follows (null for a
 * first message). An edited question is a sibling of the original, a regenerated reply a sibling
 * of the earlier reply; deleting a message deletes what follows it. status: complete / stopped (by the user or a dropped connection,
 * text is partial) / error (error_text says why; text holds what arrived before it).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    /** A reasoning model's thinking, apart from the answer in `text` ('' when none); never sent upstream again. */
    thinking: text('thinking').notNull().default(''),
    /** How long it thought, from its first thinking to its first answer (null: no thinking apart). */
    thinkingMs: integer('thinking_ms'),
    /** A turn with tools: its calls in order (null: none). */
    tools: jsonb('tools').$type<ToolStep[]>(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('complete'),
    errorText: text('error_text'),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    charged: boolean('charged').notNull().default(false),
    /** A searched reply: what the web search found (its sources, cited as [n]). */
    search: jsonb('search').$type<ChatSearch>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_group_idx').on(t.groupId, t.id), index('chat_messages_user_idx').on(t.userId), index('chat_messages_parent_idx').on(t.parentId)],
);
