import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from './client.ts';
import { apps, chatGroups, chatMessages, documents, orders, shares } from './schema/index.ts';

/**
 * The queries behind core/access.ts: each takes the caller and candidate ids and returns the ids
 * the caller may touch. One place says what "belongs to the caller" means for each resource.
 */

/** Live chat groups of the user. */
export async function ownedChatGroups(db: Db, userId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: chatGroups.id })
    .from(chatGroups)
    .where(and(inArray(chatGroups.id, ids), eq(chatGroups.userId, userId), isNull(chatGroups.deletedAt)));
  return rows.map((r) => r.id);
}

/** Messages of the user in one of the user's live groups. */
export async function ownedChatMessages(db: Db, userId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatGroups, eq(chatGroups.id, chatMessages.groupId))
    .where(and(inArray(chatMessages.id, ids), eq(chatMessages.userId, userId), eq(chatGroups.userId, userId), isNull(chatGroups.deletedAt)));
  return rows.map((r) => r.id);
}

/** Live documents of the user, by token. */
export async function ownedDocuments(db: Db, userId: number, tokens: string[]): Promise<string[]> {
  const rows = await db
    .select({ token: documents.token })
    .from(documents)
    .where(and(inArray(documents.token, tokens), eq(documents.userId, userId), isNull(documents.deletedAt)));
  return rows.map((r) => r.token);
}

/** Apps the caller may open: the live catalogue, and the caller's own live apps; of `kind` when given. */
export async function visibleApps(db: Db, userId: number | null, ids: number[], kind?: 'template' | 'expert'): Promise<number[]> {
  const mine = userId === null ? isNull(apps.ownerId) : or(isNull(apps.ownerId), eq(apps.ownerId, userId))!;
  const conds = [inArray(apps.id, ids), eq(apps.status, 1), mine];
  if (kind) conds.push(eq(apps.kind, kind));
  const rows = await db.select({ id: apps.id }).from(apps).where(and(...conds));
  return rows.map((r) => r.id);
}

/** The user's own apps (made with /app/customApp). */
export async function ownedApps(db: Db, userId: number, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: apps.id }).from(apps).where(and(inArray(apps.id, ids), eq(apps.ownerId, userId)));
  return rows.map((r) => r.id);
}

/** Orders of the caller, by number: the user's, or (not yet bound to anyone) placed on this device. */
export async function ownedOrders(db: Db, who: { userId: number | null; clientCode: string | null }, orderNos: string[]): Promise<string[]> {
  const byUser = who.userId !== null ? eq(orders.userId, who.userId) : undefined;
  const byDevice = who.clientCode !== null ? and(isNull(orders.userId), eq(orders.clientCode, who.clientCode)) : undefined;
  const owner = byUser && byDevice ? or(byUser, byDevice) : (byUser ?? byDevice);
  if (!owner) return [];
  const rows = await db.select({ orderNo: orders.orderNo }).from(orders).where(and(inArray(orders.orderNo, orderNos), owner));
  return rows.map((r) => r.orderNo);
}

/** Share links the user made (revoked or not). */
export async function ownedShares(db: Db, userId: number, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: shares.id }).from(shares).where(and(inArray(shares.id, ids), eq(shares.userId, userId)));
  return rows.map((r) => r.id);
}
