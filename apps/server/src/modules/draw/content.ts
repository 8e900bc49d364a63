import { asc, eq } from 'drizzle-orm';
import type { DrawExample, DrawKind } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { drawExamples, drawTypes } from '../../db/schema/index.ts';

/** Published after an admin edit of types or examples, so every instance drops its cached copy. */
export const DRAW_CONTENT_CHANGED = 'draw:content-changed';
/** A safety net should a change message be lost: the copy is read again at least this often. */
const CACHE_MS = 60_000;

interface Loaded {
  types: { value: string; label: string }[];
  hints: Map<string, string>;
  examples: DrawExample[];
}

/**
 * The drawing types and examples the screens offer, from the database (edited in the admin console),
 * cached in memory: one read serves every caller until a change drops it, here at once and on the
 * other instances by the published message.
 */
export class DrawContent {
  private cache: { at: number; value: Promise<Loaded> } | null = null;

  constructor(private ctx: AppContext) {}

  private read(): Promise<Loaded> {
    const now = this.ctx.clock.now();
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache.value;
    const value = this.load();
    const entry = { at: now, value };
    this.cache = entry;
    value.catch(() => {
      if (this.cache === entry) this.cache = null;
    });
    return value;
  }

  private async load(): Promise<Loaded> {
    const db = this.ctx.db;
    const [types, examples] = await Promise.all([
      db.select().from(drawTypes).where(eq(drawTypes.enabled, true)).orderBy(asc(drawTypes.sort), asc(drawTypes.code)),
      db.select().from(drawExamples).where(eq(drawExamples.enabled, true)).orderBy(asc(drawExamples.sort), asc(drawExamples.id)),
    ]);
    return {
      types: types.map((t) => ({ value: t.code, label: t.label })),
      hints: new Map(types.map((t) => [t.code, t.hint])),
      examples: examples.map((e) => ({ title: e.title, prompt: e.prompt, type: e.type, kind: e.kind as DrawKind, image_url: e.imageUrl || null })),
    };
  }

  /** The enabled types, in order. */
  async types() {
    return (await this.read()).types;
  }

  /** The enabled examples, in order. */
  async examples() {
    return (await this.read()).examples;
  }

  /** An enabled type's style words ('' for none), or null when the type is off or unknown. */
  async hint(type: string): Promise<string | null> {
    return (await this.read()).hints.get(type) ?? null;
  }

  /** Drops this instance's copy (the next call reads the database). */
  drop() {
    this.cache = null;
  }

  /** After a change: drops the copy here and tells every other instance to drop theirs. */
  async invalidate() {
    this.drop();
    await this.ctx.kv.publish(DRAW_CONTENT_CHANGED, String(this.ctx.clock.now()));
  }

  /** Drops the copy whenever any instance publishes a change; returns the unsubscribe. */
  listen() {
    return this.ctx.kv.subscribe(DRAW_CONTENT_CHANGED, () => this.drop());
  }
}

/** One DrawContent per application context: the draw routes and the admin console share its cache. */
const perContext = new WeakMap<AppContext, DrawContent>();
export function drawContentOf(ctx: AppContext): DrawContent {
  let c = perContext.get(ctx);
  if (!c) perContext.set(ctx, (c = new DrawContent(ctx)));
  return c;
}
