import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PackageItem } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { packages } from '../../db/schema/index.ts';

export type PackageRow = typeof packages.$inferSelect;

/** A package of another kind (extra.kind, e.g. 'thesis') is sold on its own screen, not as a membership. */
export const packageKindOf = (p: Pick<PackageRow, 'extra'>): string => {
  const kind = (p.extra as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : 'vip';
};
const isMembership = sql`coalesce(${packages.extra}->>'kind', 'vip') = 'vip'`;

/** Fen as the yuan string replies show: 1990 -> '19.90', 10000 -> '100'. */
export const yuan = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');

export function packageView(p: PackageRow): PackageItem {
  return {
    id: p.id,
    name: p.name,
    introduction: p.introduction,
    description: p.description,
    price: yuan(p.price),
    price_y: yuan(p.priceY),
    discount: p.discount,
    days: p.days,
    level: p.level,
    model3_count: p.model3Count,
    model4_count: p.model4Count,
    draw_count: p.drawCount,
    ppt_count: p.pptCount,
  };
}

/** The packages on sale (not the activity one), in display order. */
export async function listPackages(db: Db): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(and(eq(packages.status, 1), eq(packages.isActivity, 0), eq(packages.kind, 'member'), isMembership))
    .orderBy(asc(packages.sort), asc(packages.id));
}

/** The slide packages on sale (AI PPT quota), in display order. */
export async function listPptPackages(db: Db): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(and(eq(packages.status, 1), eq(packages.kind, 'ppt')))
    .orderBy(asc(packages.sort), asc(packages.id));
}

/** The promo package the membership dialog offers on close (the newest enabled one), or null. */
export async function activityPackage(db: Db): Promise<PackageRow | null> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.status, 1), eq(packages.isActivity, 1), isMembership))
    .orderBy(desc(packages.id))
    .limit(1);
  return row ?? null;
}

/** An enabled package by id (activity ones included), or null. */
export async function packageOnSale(db: Db, id: number): Promise<PackageRow | null> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.status, 1)))
    .limit(1);
  return row ?? null;
}
