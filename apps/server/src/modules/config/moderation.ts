import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { Code } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { WordMatcher } from '../../core/word-matcher.ts';
import { moderationWords } from '../../db/schema/index.ts';

/** Published when an admin changes the word list, so every instance rebuilds its matcher. */
export const MODERATION_CHANGED = 'moderation:changed';
export const MODERATED_MESSAGE = '您的内容包含违规词，请修改后重试';

/**
 * The moderation word list as one compiled matcher, loaded once and kept until the list changes
 * (on this instance: `invalidate`; on the others: the MODERATION_CHANGED message). A change made
 * while a load is in flight wins: the stale load is not kept.
 */
export class ModerationList {
  private matcher: Promise<WordMatcher> | null = null;
  private generation = 0;

  constructor(private ctx: AppContext) {}

  current(): Promise<WordMatcher> {
    if (this.matcher) return this.matcher;
    const gen = this.generation;
    const load = this.ctx.db
      .select({ word: moderationWords.word })
      .from(moderationWords)
      .orderBy(asc(moderationWords.id))
      .then((rows) => new WordMatcher(rows.map((r) => r.word)));
    this.matcher = load;
    load.catch(() => {
      if (this.matcher === load) this.matcher = null;
    });
    return load.then((m) => {
      if (gen !== this.generation && this.matcher === load) this.matcher = null;
      return m;
    });
  }

  drop() {
    this.generation++;
    this.matcher = null;
  }

  /** After a change: rebuild here at once, and on every other instance. */
  async invalidate() {
    this.drop();
    await this.ctx.kv.publish(MODERATION_CHANGED, String(this.ctx.clock.now()));
  }

  listen() {
    return this.ctx.kv.subscribe(MODERATION_CHANGED, () => this.drop());
  }

  /** The first listed word in any string of `value` (strings, arrays and objects walked), or null. */
  async find(value: unknown): Promise<string | null> {
    const m = await this.current();
    if (m.size === 0) return null;
    return findIn(m, value, 0);
  }
}

function findIn(m: WordMatcher, value: unknown, depth: number): string | null {
  if (typeof value === 'string') return m.find(value);
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  for (const v of Array.isArray(value) ? value : Object.values(value)) {
    const hit = findIn(m, v, depth + 1);
    if (hit) return hit;
  }
  return null;
}

const lists = new WeakMap<AppContext, ModerationList>();

/** The one word list of an app (the hook and the admin console share it). */
export function moderationOf(ctx: AppContext): ModerationList {
  let list = lists.get(ctx);
  if (!list) lists.set(ctx, (list = new ModerationList(ctx)));
  return list;
}

/**
 * The one check of every user prompt: a route whose manifest entry names `moderate` fields has
 * those body fields matched against the word list before its handler runs, so a hit charges
 * nothing, stores nothing and sends nothing upstream (HTTP 400 with MODERATED_MESSAGE).
 */
export async function installModeration(app: FastifyInstance, ctx: AppContext) {
  const list = moderationOf(ctx);
  const unlisten = await list.listen();
  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
  });
  app.addHook('preHandler', async (req) => {
    const fields = req.routeOptions.config?.moderate;
    if (!fields?.length || !req.body || typeof req.body !== 'object') return;
    const body = req.body as Record<string, unknown>;
    for (const field of fields) {
      const hit = await list.find(body[field]);
      if (!hit) continue;
      ctx.log.info({ route: req.routeOptions.config.routeKey, field, userId: req.actor?.id ?? null }, 'moderation: prompt refused');
      throw new AppError(Code.BAD_REQUEST, MODERATED_MESSAGE, 400, { field, issues: [{ field, message: MODERATED_MESSAGE }] });
    }
  });
}
