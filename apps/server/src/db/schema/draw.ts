import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One delivered image (basic, DALL·E, smart or a Midjourney result), stored in our storage with
 * a thumbnail; it belongs to its user, and is in the gallery only while `public` and not hidden
 * by an administrator (`hidden_at`: the owner still sees it).
 */
export const drawImages = pgTable(
  'draw_images',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** basic | dalle3 | ai3 | mj */
    kind: text('kind').notNull(),
    type: text('type').notNull().default('general'),
    prompt: text('prompt').notNull(),
    /** The English prompt actually drawn (smart drawing's rewrite), when it differs. */
    promptEn: text('prompt_en'),
    key: text('key').notNull(),
    url: text('url').notNull(),
    thumbKey: text('thumb_key').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    offline: boolean('offline').notNull().default(false),
    public: boolean('public').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('draw_images_user_idx').on(t.userId, t.id).where(sql`deleted_at is null`),
    index('draw_images_public_idx').on(t.id).where(sql`public and deleted_at is null`),
    index('draw_images_public_type_idx').on(t.type, t.id).where(sql`public and deleted_at is null`),
  ],
);

/**
 * One Midjourney task (imagine, or an action on an earlier task's grid), followed by its job.
 * `status`: queued (not yet handed to the proxy: the per-key concurrency is full), running,
 * success, failed. Its cost is held by the job and charged once when its image is delivered
 * (`charged`), released when it fails, times out or is cancelled.
 */
export const drawTasks = pgTable(
  'draw_tasks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** imagine | upscale | variation | reroll | zoom | pan | blend | describe */
    action: text('action').notNull(),
    prompt: text('prompt').notNull(),
    /** What the proxy needs to submit it: reference images, or the parent's remote id and customId. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    parentId: integer('parent_id'),
    remoteId: text('remote_id'),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    buttons: jsonb('buttons').$type<{ custom_id: string; label: string }[]>().notNull().default([]),
    imageId: integer('image_id'),
    /** describe: the four prompts read from the picture (0020). */
    prompts: jsonb('prompts').$type<string[]>().notNull().default([]),
    error: text('error'),
    cost: integer('cost').notNull(),
    charged: integer('charged').notNull().default(0),
    /** The durable job (engine.jobs, kind draw.mj) that submits, follows and settles it. */
    jobId: integer('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('draw_tasks_user_idx').on(t.userId, t.id),
    index('draw_tasks_open_idx').on(t.status, t.id).where(sql`status in ('queued', 'running')`),
  ],
);

/** The picture types the drawing screens offer (codes fixed by the contract; label, hint, order and on/off edited in the console). */
export const drawTypes = pgTable('draw_types', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  /** Style words added to a real provider's prompt. */
  hint: text('hint').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Example prompts the drawing screens offer, per mode (kind), with an optional picture. */
export const drawExamples = pgTable('draw_examples', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  prompt: text('prompt').notNull(),
  type: text('type').notNull().default('general'),
  kind: text('kind').notNull(),
  imageUrl: text('image_url').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
