import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { checkCustomApp, Code, type AdminApp, type AdminAppCreate, type AdminAppPatch, type AppKind, type TemplateVariables } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { appCategories, appCollects, apps, chatGroups } from '../../db/schema/index.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

/**
 * Template apps and experts of the catalogue (owner_id null; users' own apps are theirs, not
 * the console's). The user-facing lists read the table on every call, so a change shows at once
 * on every instance.
 */

type AppRow = typeof apps.$inferSelect;
type Editable = Omit<AdminApp, 'id' | 'kind' | 'key' | 'category' | 'collectCount' | 'chatCount' | 'updatedAt'>;

const editable = (a: AppRow): Editable => ({
  categoryId: a.categoryId,
  title: a.title,
  description: a.description,
  icon: a.icon,
  prompt: a.prompt,
  identityDescription: a.identityDescription,
  variables: a.variables,
  questions: a.questions,
  sort: a.sort,
  enabled: a.status === 1,
});

/** JSON with keys sorted (jsonb does not keep the order they were written in). */
const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : x,
  );

const chats = sql<number>`(select count(*)::int from ${chatGroups} g where g.app_id = "apps"."id")`;
const likeArg = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));

export async function listApps(db: Db, q: { page: number; size: number; kind?: AppKind; category?: number; q?: string }) {
  const conds: SQL[] = [sql`${apps.ownerId} is null`];
  if (q.kind) conds.push(eq(apps.kind, q.kind));
  if (q.category) conds.push(eq(apps.categoryId, q.category));
  if (q.q) conds.push(or(ilike(apps.title, likeArg(q.q)), ilike(apps.description, likeArg(q.q)), ilike(apps.prompt, likeArg(q.q)))!);
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: apps, category: appCategories.name, chats })
      .from(apps)
      .leftJoin(appCategories, eq(appCategories.id, apps.categoryId))
      .where(where)
      .orderBy(sql`case ${apps.kind} when 'template' then 0 else 1 end`, asc(sql`coalesce(${appCategories.sort}, 0)`), asc(apps.sort), asc(apps.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(apps).where(where),
  ]);
  return { rows: rows.map((r) => view(r.a, r.category, r.chats)), total: Number(total?.n ?? 0) };
}

function view(a: AppRow, category: string | null, chatCount: number): AdminApp {
  return {
    id: a.id,
    kind: a.kind === 'expert' ? 'expert' : 'template',
    key: a.key,
    category: category ?? '',
    ...editable(a),
    collectCount: a.collectCount,
    chatCount: Number(chatCount),
    updatedAt: a.updatedAt.toISOString(),
  };
}

async function oneApp(db: Db, id: number): Promise<AdminApp> {
  const [r] = await db
    .select({ a: apps, category: appCategories.name, chats })
    .from(apps)
    .leftJoin(appCategories, eq(appCategories.id, apps.categoryId))
    .where(and(eq(apps.id, id), sql`${apps.ownerId} is null`));
  if (!r) throw notFound('应用不存在');
  return view(r.a, r.category, r.chats);
}

const fieldError = (field: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field, issues: [{ field, message }] });

/** The whole app as it would be saved: a template's form checked against its prompt's {{keys}}; an expert has no form. */
function checkApp(kind: AppKind, v: Editable & { variables: unknown }): TemplateVariables {
  if (kind === 'expert') {
    if (v.variables && Object.keys(v.variables).length) throw fieldError('variables', '专家没有表单变量');
    return {};
  }
  const { issues, variables } = checkCustomApp({ title: v.title, description: v.description, prompt: v.prompt, variables: v.variables });
  if (issues.length) throw fieldError(issues[0]!.path, issues[0]!.message);
  return variables;
}

async function checkCategory(db: Db, kind: AppKind, categoryId: number | null) {
  if (categoryId === null) return;
  const [c] = await db.select({ kind: appCategories.kind }).from(appCategories).where(eq(appCategories.id, categoryId)).for('share');
  if (!c) throw fieldError('categoryId', '分类不存在');
  if (c.kind !== kind) throw fieldError('categoryId', kind === 'expert' ? '请选择专家分类' : '请选择应用分类');
}

export async function createApp(ctx: AppContext, a: Actor, input: AdminAppCreate): Promise<AdminApp> {
  const id = await tx(ctx, async (db) => {
    await checkCategory(db, input.kind, input.categoryId);
    const variables = checkApp(input.kind, input as Editable);
    const now = new Date(ctx.clock.now());
    const { enabled, ...fields } = input;
    const [row] = await db
      .insert(apps)
      .values({ ...fields, variables, status: enabled ? 1 : 0, ownerId: null, createdAt: now, updatedAt: now })
      .returning();
    await writeAudit(db, { ...a, action: 'app.create', targetType: 'app', targetId: row!.id, before: null, after: { kind: row!.kind, ...editable(row!) } });
    return row!.id;
  });
  return oneApp(ctx.db, id);
}

/** Changes the given fields (the row locked, the whole result checked); the audit row keeps only what changed. */
export async function updateApp(ctx: AppContext, a: Actor, id: number, patch: AdminAppPatch): Promise<AdminApp> {
  await tx(ctx, async (db) => {
    const [row] = await db
      .select()
      .from(apps)
      .where(and(eq(apps.id, id), sql`${apps.ownerId} is null`))
      .for('update');
    if (!row) throw notFound('应用不存在');
    const kind: AppKind = row.kind === 'expert' ? 'expert' : 'template';
    const current = editable(row);
    const merged = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    if (patch.categoryId !== undefined) await checkCategory(db, kind, merged.categoryId);
    merged.variables = checkApp(kind, merged);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const k of Object.keys(merged) as (keyof Editable)[]) {
      if (stable(current[k]) === stable(merged[k])) continue;
      before[k] = current[k];
      after[k] = merged[k];
    }
    if (!Object.keys(after).length) return;
    const { enabled, ...fields } = after as Partial<Editable>;
    await db
      .update(apps)
      .set({ ...fields, ...(enabled === undefined ? {} : { status: enabled ? 1 : 0 }), updatedAt: new Date(ctx.clock.now()) })
      .where(eq(apps.id, id));
    await writeAudit(db, { ...a, action: 'app.update', targetType: 'app', targetId: id, before: { title: row.title, ...before }, after });
  });
  return oneApp(ctx.db, id);
}

/**
 * Deletes an app nobody has used: one that users collected or chatted with is refused (disable it
 * instead), checked under the row lock; a collect racing the delete waits for it and finds the app gone.
 */
export async function deleteApp(ctx: AppContext, a: Actor, id: number) {
  await tx(ctx, async (db) => {
    const [row] = await db
      .select()
      .from(apps)
      .where(and(eq(apps.id, id), sql`${apps.ownerId} is null`))
      .for('update');
    if (!row) throw notFound('应用不存在');
    const [[collects], [used]] = await Promise.all([
      db.select({ n: count() }).from(appCollects).where(eq(appCollects.appId, id)),
      db.select({ n: count() }).from(chatGroups).where(eq(chatGroups.appId, id)),
    ]);
    if (Number(collects?.n ?? 0) > 0 || Number(used?.n ?? 0) > 0) {
      throw new AppError(Code.CONFLICT, '已有用户收藏或使用过该应用，不能删除，请改为下架', 409);
    }
    await db.delete(apps).where(eq(apps.id, id));
    await writeAudit(db, { ...a, action: 'app.delete', targetType: 'app', targetId: id, before: { kind: row.kind, ...editable(row) }, after: null });
  });
  return { ok: true as const };
}
