import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Site settings as key -> { v: value } (wrapped so plain strings stay strings); read through the config service's cache. */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The model registry: what `features` lists and what chat draws credits from. */
export const models = pgTable('models', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  upstreamModel: text('upstream_model').notNull(),
  provider: text('provider').notNull().default('openai'),
  baseUrl: text('base_url'),
  inputExt: integer('input_ext').notNull().default(2000),
  vision: boolean('vision').notNull().default(false),
  pool: text('pool').notNull().default('model3'),
  cost: integer('cost').notNull().default(1),
  maxRounds: integer('max_rounds').notNull().default(8),
  maxTokens: integer('max_tokens').notNull().default(4096),
  temperatureMax: integer('temperature_max_x10').notNull().default(16),
  systemPrompt: text('system_prompt').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  mobile: boolean('mobile').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const masks = pgTable('masks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  children: jsonb('children').$type<{ name: string; content: string }[]>().notNull(),
  sort: integer('sort').notNull().default(0),
});

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
