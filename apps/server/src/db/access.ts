import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from './client.ts';
import { forUser } from './repos/index.ts';
import { apps, orders } from './schema/index.ts';

/**
 * The queries behind core/access.ts: each takes the caller and candidate ids and returns the ids
 * the caller may touch. What "belongs to the caller" means for each resource is said once, by the
 * owner-scoped repositories in db/repos/.
 */

/** Live chat groups of the user. */
export const ownedChatGroups = (db: Db, userId: number, ids: number[]): Promise<number[]> => forUser(db, userId).chatGroups.keys(ids);

/** Messages of the user in one of the user's live groups. */
export const ownedChatMessages = (db: Db, userId: number, ids: number[]): Promise<number[]> => forUser(db, userId).liveChatMessageIds(ids);

/** Live documents of the user, by token. */
export const ownedDocuments = (db: Db, userId: number, tokens: string[]): Promise<string[]> => forUser(db, userId).documents.keys(tokens);

/** Apps the caller may open: the live catalogue, and the caller's own live apps; of `kind` when given. */
export async function visibleApps(db: Db, userId: number | null, ids: number[], kind?: 'template' | 'expert'): Promise<number[]> {
  const mine = userId === null ? isNull(apps.ownerId) : or(isNull(apps.ownerId), eq(apps.ownerId, userId))!;
  const conds = [inArray(apps.id, ids), eq(apps.status, 1), mine];
  if (kind) conds.push(eq(apps.kind, kind));
  const rows = await db.select({ id: apps.id }).from(apps).where(and(...conds));
  return rows.map((r) => r.id);
}

/** The user's own apps (made with /app/customApp). */
export const ownedApps = (db: Db, userId: number, ids: number[]): Promise<number[]> => forUser(db, userId).apps.keys(ids);

/** Orders of the caller, by number: the user's, or (not yet bound to anyone) placed on this device. */
export async function ownedOrders(db: Db, who: { userId: number | null; clientCode: string | null }, orderNos: string[]): Promise<string[]> {
  const byUser = who.userId !== null ? forUser(db, who.userId).orders.scope() : undefined;
  const byDevice = who.clientCode !== null ? and(isNull(orders.userId), eq(orders.clientCode, who.clientCode)) : undefined;
  const owner = byUser && byDevice ? or(byUser, byDevice) : (byUser ?? byDevice);
  if (!owner) return [];
  const rows = await db.select({ orderNo: orders.orderNo }).from(orders).where(and(inArray(orders.orderNo, orderNos), owner));
  return rows.map((r) => r.orderNo);
}

/** Share links the user made (revoked or not). */
export const ownedShares = (db: Db, userId: number, ids: number[]): Promise<number[]> => forUser(db, userId).shares.keys(ids);
