import { asc, count, eq, sql } from 'drizzle-orm';
import { Code, type AdminCategory, type AppKind } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { appCategories, apps } from '../../db/schema/index.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

type CategoryRow = typeof appCategories.$inferSelect;
const appsIn = sql<number>`(select count(*)::int from ${apps} a where a.category_id = "app_categories"."id")`;
const view = (c: CategoryRow, n: number): AdminCategory => ({
  id: c.id,
  name: c.name,
  icon: c.icon,
  kind: c.kind === 'expert' ? 'expert' : 'template',
  sort: c.sort,
  apps: Number(n),
});
const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));

/** Template categories first, then expert categories, each in their order. */
export async function listCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db
    .select({ c: appCategories, n: appsIn })
    .from(appCategories)
    .orderBy(sql`case ${appCategories.kind} when 'template' then 0 else 1 end`, asc(appCategories.sort), asc(appCategories.id));
  return rows.map((r) => view(r.c, r.n));
}

async function oneCategory(db: Db, id: number) {
  const [r] = await db.select({ c: appCategories, n: appsIn }).from(appCategories).where(eq(appCategories.id, id));
  if (!r) throw notFound('分类不存在');
  return view(r.c, r.n);
}

const duplicate = () => new AppError(Code.BAD_REQUEST, '已有同名分类', 400, { field: 'name', issues: [{ field: 'name', message: '已有同名分类' }] });

async function checkName(db: Db, kind: string, name: string, except?: number) {
  const same = await db.select({ id: appCategories.id }).from(appCategories).where(sql`${appCategories.kind} = ${kind} and ${appCategories.name} = ${name}`);
  if (same.some((s) => s.id !== except)) throw duplicate();
}

export async function createCategory(ctx: AppContext, a: Actor, input: { kind: AppKind; name: string; icon: string; sort: number }) {
  const id = await tx(ctx, async (db) => {
    // One category change at a time, so two creations of the same name cannot both pass the check.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('admin:app_categories'))`);
    await checkName(db, input.kind, input.name);
    const [row] = await db.insert(appCategories).values(input).returning();
    await writeAudit(db, { ...a, action: 'category.create', targetType: 'app_category', targetId: row!.id, before: null, after: input });
    return row!.id;
  });
  return oneCategory(ctx.db, id);
}

export async function updateCategory(ctx: AppContext, a: Actor, id: number, patch: { name?: string; icon?: string; sort?: number }) {
  await tx(ctx, async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('admin:app_categories'))`);
    const [row] = await db.select().from(appCategories).where(eq(appCategories.id, id)).for('update');
    if (!row) throw notFound('分类不存在');
    if (patch.name !== undefined) await checkName(db, row.kind, patch.name, id);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || row[k as keyof CategoryRow] === v) continue;
      before[k] = row[k as keyof CategoryRow];
      after[k] = v;
    }
    if (!Object.keys(after).length) return;
    await db.update(appCategories).set(after).where(eq(appCategories.id, id));
    await writeAudit(db, { ...a, action: 'category.update', targetType: 'app_category', targetId: id, before, after });
  });
  return oneCategory(ctx.db, id);
}

/** Only an empty category goes (its apps would lose their place in the menus); move or delete them first. */
export async function deleteCategory(ctx: AppContext, a: Actor, id: number) {
  await tx(ctx, async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('admin:app_categories'))`);
    const [row] = await db.select().from(appCategories).where(eq(appCategories.id, id)).for('update');
    if (!row) throw notFound('分类不存在');
    const [inUse] = await db.select({ n: count() }).from(apps).where(eq(apps.categoryId, id));
    if (Number(inUse?.n ?? 0) > 0) throw new AppError(Code.CONFLICT, '该分类下还有应用，请先移走或下架并删除这些应用', 409);
    await db.delete(appCategories).where(eq(appCategories.id, id));
    await writeAudit(db, { ...a, action: 'category.delete', targetType: 'app_category', targetId: id, before: { kind: row.kind, name: row.name, icon: row.icon, sort: row.sort }, after: null });
  });
  return { ok: true as const };
}
