import { asc, eq, sql } from 'drizzle-orm';
import { Code, yuanToFen, type AdminPackage, type AdminPackageCreate, type AdminPackagePatch, type PackageGroup } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError, badRequest, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { sqlState, SqlState } from '../../db/errors.ts';
import { cardKeyBatches, orders, packages } from '../../db/schema/index.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

type PackageRow = typeof packages.$inferSelect;
/** What the console edits of a package, prices in fen. */
type Editable = Omit<AdminPackage, 'id' | 'group' | 'orders' | 'createdAt'>;

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });
const extraOf = (p: PackageRow) => (p.extra ?? {}) as { kind?: unknown; chars?: unknown };

/**
 * Which user-facing list a package is on, as billing, slides and thesis read them: a thesis
 * package by extra.kind, a slide package by kind, the first-purchase package by isActivity.
 * Null for anything else (not listed anywhere, so not in the console either).
 */
export function groupOf(p: PackageRow): PackageGroup | null {
  const extraKind = extraOf(p).kind;
  if (extraKind === 'thesis') return 'thesis';
  if (extraKind !== undefined && extraKind !== null && extraKind !== 'vip') return null;
  if (p.kind === 'ppt') return 'ppt';
  if (p.kind !== 'member') return null;
  return p.isActivity === 1 ? 'activity' : 'member';
}

const editable = (p: PackageRow): Editable => ({
  name: p.name,
  introduction: p.introduction,
  description: p.description,
  price: p.price,
  priceY: p.priceY,
  discount: p.discount,
  days: p.days,
  level: p.level,
  model3Count: p.model3Count,
  model4Count: p.model4Count,
  drawCount: p.drawCount,
  pptCount: p.pptCount,
  chars: Number(extraOf(p).chars) || 0,
  sort: p.sort,
  enabled: p.status === 1,
});

/** The console's fields from the request: yuan to fen. */
function fromInput<T extends AdminPackagePatch>(v: T): Partial<Editable> {
  const { price, priceY, ...rest } = v;
  return { ...rest, ...(price !== undefined && { price: yuanToFen(price) }), ...(priceY !== undefined && { priceY: yuanToFen(priceY) }) };
}

/** The rules a package of each group must keep so the lists and the grant make sense (SPEC membership rules). */
function checkGroupRules(group: PackageGroup, p: Editable) {
  if (p.priceY < p.price) throw field('priceY', '原价不能低于售价');
  const counts = p.model3Count + p.model4Count + p.drawCount + p.pptCount;
  if (group === 'member' || group === 'activity') {
    if (p.chars !== 0) throw field('chars', '会员套餐没有字数上限');
    if (p.days > 0 && p.level < 1) throw field('level', '含会员天数的套餐等级至少为 1');
    if (p.days === 0 && counts === 0) throw field('days', '套餐须包含会员天数或次数');
  } else if (group === 'ppt') {
    if (p.pptCount < 1) throw field('pptCount', 'PPT 套餐须包含至少 1 次 PPT');
    if (p.days !== 0) throw field('days', 'PPT 套餐的次数永久有效，不含会员天数');
    if (p.chars !== 0) throw field('chars', 'PPT 套餐没有字数上限');
  } else {
    if (p.chars < 1000) throw field('chars', '论文套餐字数上限至少 1000 字');
    if (p.days !== 0 || counts !== 0) throw field('days', '论文套餐只含一篇论文，不含会员天数或次数');
  }
}

/** The columns a package's group sets (which list it is on). */
function groupColumns(group: PackageGroup, chars: number) {
  if (group === 'thesis') return { kind: 'member', isActivity: 0, extra: { kind: 'thesis', chars } };
  if (group === 'ppt') return { kind: 'ppt', isActivity: 0, extra: null };
  return { kind: 'member', isActivity: group === 'activity' ? 1 : 0, extra: null };
}

/** The row's columns for the console's fields (chars lives in extra, kept with its other keys). */
function columnsOf(p: Partial<Editable>, row?: PackageRow) {
  const { chars, enabled, ...plain } = p;
  return {
    ...plain,
    ...(enabled !== undefined && { status: enabled ? 1 : 0 }),
    ...(chars !== undefined && row && groupOf(row) === 'thesis' && { extra: { ...extraOf(row), chars } }),
  };
}

const ordersOf = sql<number>`(select count(*)::int from ${orders} o where o.package_id = "packages"."id")`;

export async function listCatalogue(db: Db): Promise<AdminPackage[]> {
  const rows = await db.select({ p: packages, orders: ordersOf }).from(packages).orderBy(asc(packages.sort), asc(packages.id));
  return rows.flatMap(({ p, orders: n }) => {
    const group = groupOf(p);
    return group ? [{ id: p.id, group, ...editable(p), orders: Number(n), createdAt: p.createdAt.toISOString() }] : [];
  });
}

const oneOf = async (db: Db, id: number) => (await listCatalogue(db)).find((p) => p.id === id)!;
const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));

export async function createPackage(ctx: AppContext, a: Actor, input: AdminPackageCreate) {
  const { group, ...rest } = input;
  const p = fromInput(rest) as Editable;
  checkGroupRules(group, p);
  const { chars, enabled, ...plain } = p;
  const id = await tx(ctx, async (db) => {
    const [row] = await db
      .insert(packages)
      .values({ ...plain, status: enabled ? 1 : 0, ...groupColumns(group, chars) })
      .returning();
    await writeAudit(db, { ...a, action: 'package.create', targetType: 'package', targetId: row!.id, before: null, after: { group, ...editable(row!) } });
    return row!.id;
  });
  return oneOf(ctx.db, id);
}

/**
 * Changes the given fields; the audit row keeps only what changed. An order keeps the amount it
 * was created with (orders.amount), so a new price applies to new orders only. The user-facing
 * lists read the table on each request: they show the change at once, on every instance.
 */
export async function updatePackage(ctx: AppContext, a: Actor, id: number, patch: AdminPackagePatch) {
  await tx(ctx, async (db) => {
    const [row] = await db.select().from(packages).where(eq(packages.id, id)).for('update');
    const group = row && groupOf(row);
    if (!row || !group) throw notFound('套餐不存在');
    const current = editable(row);
    const next = fromInput(patch);
    checkGroupRules(group, { ...current, ...next });
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(next)) {
      const was = current[k as keyof Editable];
      if (was === v) continue;
      before[k] = was;
      after[k] = v;
    }
    if (!Object.keys(after).length) return;
    await db
      .update(packages)
      .set(columnsOf(after, row))
      .where(eq(packages.id, id));
    await writeAudit(db, { ...a, action: 'package.update', targetType: 'package', targetId: id, before: { name: row.name, group, ...before }, after });
  });
  return oneOf(ctx.db, id);
}

/** Deletes a package nothing refers to; one with orders (or card-key batches) can only be disabled. */
export async function deletePackage(ctx: AppContext, a: Actor, id: number) {
  const inUse = () => badRequest('该套餐已有订单或卡密引用，不能删除，请改为下架');
  try {
    await tx(ctx, async (db) => {
      const [row] = await db.select().from(packages).where(eq(packages.id, id)).for('update');
      const group = row && groupOf(row);
      if (!row || !group) throw notFound('套餐不存在');
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.packageId, id)).limit(1);
      const [b] = await db.select({ id: cardKeyBatches.id }).from(cardKeyBatches).where(eq(cardKeyBatches.packageId, id)).limit(1);
      if (o || b) throw inUse();
      await db.delete(packages).where(eq(packages.id, id));
      await writeAudit(db, { ...a, action: 'package.delete', targetType: 'package', targetId: id, before: { group, ...editable(row) }, after: null });
    });
  } catch (e) {
    // An order placed between the check and the delete: the foreign key refuses it.
    if (sqlState(e) === SqlState.foreignKeyViolation) throw inUse();
    throw e;
  }
}
