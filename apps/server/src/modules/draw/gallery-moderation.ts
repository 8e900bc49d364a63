import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { AdminGalleryItem, DrawKind } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { drawImages, users } from '../../db/schema/index.ts';

type Row = typeof drawImages.$inferSelect;

const view = (r: Row, nickname: string): AdminGalleryItem => ({
  id: r.id,
  userId: r.userId,
  nickname,
  kind: r.kind as DrawKind,
  type: r.type,
  prompt: r.prompt,
  url: r.url,
  thumbUrl: r.thumbUrl,
  width: r.width,
  height: r.height,
  hidden: r.hiddenAt !== null,
  hiddenAt: r.hiddenAt?.toISOString() ?? null,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** What the owners published to the gallery (not deleted), newest first, hidden ones too unless filtered. */
export async function galleryForModeration(db: Db, q: { page: number; size: number; state: 'all' | 'shown' | 'hidden' }) {
  const conds: SQL[] = [eq(drawImages.public, true), isNull(drawImages.deletedAt)];
  if (q.state === 'shown') conds.push(isNull(drawImages.hiddenAt));
  if (q.state === 'hidden') conds.push(isNotNull(drawImages.hiddenAt));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: drawImages, nickname: users.nickname })
      .from(drawImages)
      .innerJoin(users, eq(users.id, drawImages.userId))
      .where(where)
      .orderBy(desc(drawImages.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(drawImages).where(where),
  ]);
  return { rows: rows.map(({ r, nickname }) => view(r, nickname)), total: total?.n ?? 0 };
}

/**
 * Hides a published picture from the gallery (or shows it again), in the caller's transaction with
 * the row locked; the owner keeps it either way. Null when no such published picture; `changed`
 * false when it was already in that state.
 */
export async function setGalleryHidden(tx: Db, id: number, hidden: boolean, adminId: number, now: number) {
  const [row] = await tx
    .select({ r: drawImages, nickname: users.nickname })
    .from(drawImages)
    .innerJoin(users, eq(users.id, drawImages.userId))
    .where(and(eq(drawImages.id, id), eq(drawImages.public, true), isNull(drawImages.deletedAt)))
    .for('update', { of: drawImages });
  if (!row) return null;
  const before = view(row.r, row.nickname);
  if (before.hidden === hidden) return { before, after: before, changed: false };
  const [next] = await tx
    .update(drawImages)
    .set(hidden ? { hiddenAt: new Date(now), hiddenBy: adminId } : { hiddenAt: null, hiddenBy: null })
    .where(eq(drawImages.id, id))
    .returning();
  return { before, after: view(next!, row.nickname), changed: true };
}
