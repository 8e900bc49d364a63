import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AppKind } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { apps } from '../../db/schema/index.ts';
import { requireAccess } from '../../core/access.ts';
import { notFound } from '../../core/errors.ts';

export type AppRow = typeof apps.$inferSelect;

const NOT_FOUND: Record<AppKind | 'any', string> = {
  template: '应用不存在或已下架',
  expert: '专家不存在或已下线',
  any: '应用不存在或已下架',
};

/** Apps the caller may see: the live catalogue, and the caller's own apps. */
export function visibleTo(callerId: number | null): SQL {
  const mine = callerId === null ? isNull(apps.ownerId) : or(isNull(apps.ownerId), eq(apps.ownerId, callerId))!;
  return and(eq(apps.status, 1), mine)!;
}

/**
 * The one access check for an app id (through core/access): a live catalogue app, or one of the caller's own apps,
 * of `kind` when given. Anything else (unknown, disabled, another user's, another kind) is the
 * same 404, so ids of other users' apps reveal nothing.
 */
export async function requireApp(db: Db, callerId: number | null, id: number, kind?: AppKind): Promise<AppRow> {
  const actor = callerId === null ? null : { userId: callerId, clientCode: null };
  await requireAccess(db, actor, kind ? (`${kind}.read` as const) : 'app.read', [id]);
  const [row] = await db.select().from(apps).where(eq(apps.id, id)).limit(1);
  if (!row) throw notFound(NOT_FOUND[kind ?? 'any']);
  return row;
}
