import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { DrawHistoriesReply, DrawImageView, DrawKind, DrawMarketReply } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import { notFound } from '../../core/errors.ts';
import { forUser } from '../../db/repos/index.ts';
import { drawImages } from '../../db/schema/index.ts';
import { imageView, type DrawKit, type ImageRow } from './kit.ts';

/** The owner's drawings (history, publish, delete) and the public gallery. */
export class DrawGallery {
  constructor(private kit: DrawKit) {}

  private get db() {
    return this.kit.ctx.db;
  }

  /** The caller's drawings (not deleted): db/repos binds every query to them. */
  private mine(user: AuthUser) {
    return forUser(this.db, user.id).drawImages;
  }

  async histories(user: AuthUser, q: { page: number; size: number; kind?: DrawKind }): Promise<DrawHistoriesReply> {
    const kind = q.kind ? eq(drawImages.kind, q.kind) : undefined;
    const mine = this.mine(user);
    const [rows, total] = await Promise.all([mine.list({ where: kind, orderBy: [desc(drawImages.id)], limit: q.size, offset: (q.page - 1) * q.size }), mine.count(kind)]);
    return { list: rows.map(imageView), meta: { page: q.page, size: q.size, total } };
  }

  private async ownImage(user: AuthUser, id: number): Promise<ImageRow> {
    const row = await this.mine(user).get(id);
    if (!row) throw notFound('作品不存在或已删除');
    return row;
  }

  async publish(user: AuthUser, id: number, pub: boolean): Promise<DrawImageView> {
    await this.ownImage(user, id);
    // As before the repositories: the row checked above is updated even if it was deleted meanwhile.
    const row = await this.mine(user).update(id, { public: pub, publishedAt: pub ? new Date(this.kit.ctx.clock.now()) : null }, { withDeleted: true });
    return imageView(row!);
  }

  async remove(user: AuthUser, id: number) {
    const row = await this.ownImage(user, id);
    await this.db.update(drawImages).set({ deletedAt: new Date(this.kit.ctx.clock.now()), public: false }).where(eq(drawImages.id, row.id));
    await this.kit.dropStored([row]);
  }

  /** The gallery: public images not hidden by an administrator, newest first, by keyset (id < cursor) so any page costs the same. */
  async market(q: { cursor?: number; size: number; type?: string }): Promise<DrawMarketReply> {
    const rows = await this.db
      .select({
        id: drawImages.id,
        kind: drawImages.kind,
        type: drawImages.type,
        prompt: drawImages.prompt,
        url: drawImages.url,
        thumbUrl: drawImages.thumbUrl,
        width: drawImages.width,
        height: drawImages.height,
        offline: drawImages.offline,
      })
      .from(drawImages)
      .where(and(eq(drawImages.public, true), isNull(drawImages.deletedAt), isNull(drawImages.hiddenAt), q.type ? eq(drawImages.type, q.type) : undefined, q.cursor ? lt(drawImages.id, q.cursor) : undefined))
      .orderBy(desc(drawImages.id))
      .limit(q.size + 1);
    const page = rows.slice(0, q.size);
    return {
      list: page.map((r) => ({ id: r.id, kind: r.kind as DrawKind, type: r.type, prompt: r.prompt, url: r.url, thumb_url: r.thumbUrl, width: r.width, height: r.height, offline: r.offline })),
      next_cursor: rows.length > q.size ? page[page.length - 1]!.id : null,
    };
  }
}
