import { asc, eq } from 'drizzle-orm';
import type { AdminDrawExample, AdminDrawExampleInput, AdminDrawType } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { drawExamples, drawTypes } from '../../db/schema/index.ts';
import { drawContentOf, galleryForModeration, setGalleryHidden } from '../draw/public.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

type TypePatch = Partial<Omit<AdminDrawType, 'code'>>;
type ExampleRow = typeof drawExamples.$inferSelect;

const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));
const typeView = (r: typeof drawTypes.$inferSelect): AdminDrawType => ({ code: r.code, label: r.label, hint: r.hint, sort: r.sort, enabled: r.enabled });
const exampleView = (r: ExampleRow): AdminDrawExample => ({
  id: r.id,
  title: r.title,
  prompt: r.prompt,
  type: r.type,
  kind: r.kind as AdminDrawExample['kind'],
  imageUrl: r.imageUrl,
  sort: r.sort,
  enabled: r.enabled,
});

/** The fields that differ, as the audit row's before and after. */
function diff<T extends object>(current: T, patch: Partial<T>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    const was = current[k as keyof T];
    if (v === undefined || was === v) continue;
    before[k] = was;
    after[k] = v;
  }
  return Object.keys(after).length ? { before, after } : null;
}

export async function listDrawTypes(db: Db) {
  return (await db.select().from(drawTypes).orderBy(asc(drawTypes.sort), asc(drawTypes.code))).map(typeView);
}

/** Edits a type; /draw sees it at once (the content cache is dropped here and on every instance). */
export async function updateDrawType(ctx: AppContext, a: Actor, code: string, patch: TypePatch) {
  if (code === 'general' && patch.enabled === false) throw badRequest('「通用」是默认类型（智能绘画也用它），不能停用');
  const view = await tx(ctx, async (db) => {
    const [row] = await db.select().from(drawTypes).where(eq(drawTypes.code, code)).for('update');
    if (!row) throw notFound('图片类型不存在');
    const changed = diff(typeView(row), patch);
    if (!changed) return typeView(row);
    const [next] = await db
      .update(drawTypes)
      .set({ ...changed.after, updatedAt: new Date(ctx.clock.now()) })
      .where(eq(drawTypes.code, code))
      .returning();
    await writeAudit(db, { ...a, action: 'drawType.update', targetType: 'drawType', targetId: code, before: { label: row.label, ...changed.before }, after: changed.after });
    return typeView(next!);
  });
  await drawContentOf(ctx).invalidate();
  return view;
}

export async function listDrawExamples(db: Db) {
  return (await db.select().from(drawExamples).orderBy(asc(drawExamples.sort), asc(drawExamples.id))).map(exampleView);
}

export async function createDrawExample(ctx: AppContext, a: Actor, input: AdminDrawExampleInput) {
  const view = await tx(ctx, async (db) => {
    const [row] = await db.insert(drawExamples).values(input).returning();
    const v = exampleView(row!);
    await writeAudit(db, { ...a, action: 'drawExample.create', targetType: 'drawExample', targetId: v.id, before: null, after: v });
    return v;
  });
  await drawContentOf(ctx).invalidate();
  return view;
}

export async function updateDrawExample(ctx: AppContext, a: Actor, id: number, patch: Partial<AdminDrawExampleInput>) {
  const view = await tx(ctx, async (db) => {
    const [row] = await db.select().from(drawExamples).where(eq(drawExamples.id, id)).for('update');
    if (!row) throw notFound('示例不存在');
    const changed = diff(exampleView(row), patch);
    if (!changed) return exampleView(row);
    const [next] = await db.update(drawExamples).set(changed.after).where(eq(drawExamples.id, id)).returning();
    await writeAudit(db, { ...a, action: 'drawExample.update', targetType: 'drawExample', targetId: id, before: { title: row.title, ...changed.before }, after: changed.after });
    return exampleView(next!);
  });
  await drawContentOf(ctx).invalidate();
  return view;
}

export async function deleteDrawExample(ctx: AppContext, a: Actor, id: number) {
  await tx(ctx, async (db) => {
    const [row] = await db.delete(drawExamples).where(eq(drawExamples.id, id)).returning();
    if (!row) throw notFound('示例不存在');
    await writeAudit(db, { ...a, action: 'drawExample.delete', targetType: 'drawExample', targetId: id, before: exampleView(row), after: null });
  });
  await drawContentOf(ctx).invalidate();
}

export const gallery = galleryForModeration;

/** Hides a picture from the public gallery (or shows it again); the owner keeps it. Audited when it changed. */
export async function hideGalleryImage(ctx: AppContext, a: Actor, id: number, hidden: boolean, reason?: string) {
  return tx(ctx, async (db) => {
    const r = await setGalleryHidden(db, id, hidden, a.adminId, ctx.clock.now());
    if (!r) throw notFound('作品不存在或未发布到画廊');
    if (r.changed) {
      await writeAudit(db, {
        ...a,
        action: hidden ? 'gallery.hide' : 'gallery.unhide',
        targetType: 'drawImage',
        targetId: id,
        before: { hidden: r.before.hidden, userId: r.before.userId, prompt: r.before.prompt.slice(0, 100) },
        after: { hidden: r.after.hidden },
        reason: reason || null,
      });
    }
    return r.after;
  });
}
