import { bigint, boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  /** Thinks before it answers (its thinking streamed apart from the answer). */
  reasoning: boolean('reasoning').notNull().default(false),
  /** False for models that refuse a temperature (OpenAI o-series, gpt-5): none is sent. */
  takesTemperature: boolean('takes_temperature').notNull().default(true),
  /** The name the upstream reads the output-token limit from: 'max_tokens' | 'max_completion_tokens'. */
  tokenParam: text('token_param').notNull().default('max_tokens'),
  /** False for models that refuse a system message (o1-mini, o1-preview): it is folded into the first user message. */
  takesSystem: boolean('takes_system').notNull().default(true),
  pool: text('pool').notNull().default('model3'),
  cost: integer('cost').notNull().default(1),
  maxRounds: integer('max_rounds').notNull().default(8),
  maxTokens: integer('max_tokens').notNull().default(4096),
  /** Budget for system prompt + earlier messages + the question, in (estimated) tokens. */
  maxContextTokens: integer('max_context_tokens').notNull().default(16000),
  temperatureMax: integer('temperature_max_x10').notNull().default(16),
  systemPrompt: text('system_prompt').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * API keys of a model's upstream. Selection: the highest priority first, at random by weight
 * within it. status 1 in rotation, 0 taken out (disabled_reason says why: the upstream called it
 * invalid, banned or out of quota, or an admin). The key is stored sealed (core/secret-box) in
 * `secret`; `key_hash` (sha256) keeps one row per key and model, `key_hint` is the masked form
 * shown to admins. `key` is the clear column of older versions, sealed and emptied at start.
 * source 'env' rows mirror OPENAI_API_KEY and are rewritten at startup. Usage counts are added
 * in batches (a few seconds late).
 */
export const modelKeys = pgTable(
  'model_keys',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    key: text('key'),
    secret: text('secret'),
    keyHash: text('key_hash'),
    keyHint: text('key_hint').notNull().default(''),
    baseUrl: text('base_url'),
    weight: integer('weight').notNull().default(1),
    priority: integer('priority').notNull().default(0),
    status: integer('status').notNull().default(1),
    source: text('source').notNull().default('admin'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    failures: bigint('failures', { mode: 'number' }).notNull().default(0),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('model_keys_model_hash_uq').on(t.modelId, t.keyHash)],
);

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
