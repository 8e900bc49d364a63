import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

import type { TemplateVariable } from '@app/shared';

export const appCategories = pgTable('app_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  /** 'template' or 'expert'. */
  kind: text('kind').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * Template apps (a prompt with a variable form) and experts (a system prompt with example
 * questions). owner_id is set for a user's own custom app, null for the catalogue.
 */
export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    key: text('key'),
    kind: text('kind').notNull(),
    categoryId: integer('category_id').references(() => appCategories.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    prompt: text('prompt').notNull(),
    identityDescription: text('identity_description').notNull().default(''),
    variables: jsonb('variables').$type<Record<string, TemplateVariable>>().notNull().default({}),
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    collectCount: integer('collect_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('apps_key_uq').on(t.key), index('apps_owner_idx').on(t.ownerId), index('apps_kind_idx').on(t.kind, t.status)],
);

export const appCollects = pgTable(
  'app_collects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
);
