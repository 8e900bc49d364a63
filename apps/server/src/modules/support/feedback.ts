import { count, desc, eq, sql } from 'drizzle-orm';
import type { FeedbackItem, FeedbackListReply, FeedbackReplyItem, FeedbackThreadReply } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { randomToken } from '../../core/ids.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { feedbackReplies, feedbacks, users } from '../../db/schema/index.ts';
import { writeAudit } from '../../core/audit.ts';

type FeedbackRow = typeof feedbacks.$inferSelect;
type ReplyRow = typeof feedbackReplies.$inferSelect;

const NOT_FOUND = '反馈不存在或已删除';

export const feedbackView = (f: FeedbackRow, replyCount: number): FeedbackItem => ({
  id: f.id,
  content: f.content,
  images: f.images,
  unread: f.userUnread,
  replied: f.awaitingReply === 0,
  replyCount,
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
});

export const replyView = (r: ReplyRow): FeedbackReplyItem => ({
  id: r.id,
  author: r.author === 'admin' ? 'admin' : 'user',
  content: r.content,
  images: r.images,
  createdAt: r.createdAt.toISOString(),
});

const replyCounts = (db: Db, ids: number[]) =>
  ids.length
    ? db
        .select({ id: feedbackReplies.feedbackId, n: count() })
        .from(feedbackReplies)
        .where(sql`${feedbackReplies.feedbackId} in ${ids}`)
        .groupBy(feedbackReplies.feedbackId)
        .then((rows) => new Map(rows.map((r) => [r.id, r.n])))
    : Promise.resolve(new Map<number, number>());

/** Feedback (SPEC §1): the user writes, the operator answers from the console, the user follows up; unread replies are counted per thread. */
export class FeedbackService {
  constructor(private ctx: AppContext) {}

  /** `feedback/<user>/<yyyymm>/<random>.<ext>`, like chat images: unguessable, public by URL. */
  imageKey(userId: number, ext: string) {
    const d = new Date(this.ctx.clock.now());
    return `feedback/${userId}/${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}/${randomToken(16)}.${ext}`;
  }

  async create(userId: number, content: string, images: string[]): Promise<FeedbackItem> {
    const now = new Date(this.ctx.clock.now());
    const [row] = await this.ctx.db.insert(feedbacks).values({ userId, content, images, createdAt: now, updatedAt: now }).returning();
    return feedbackView(row!, 0);
  }

  async list(userId: number, page: number, size: number): Promise<FeedbackListReply> {
    const db = this.ctx.db;
    const mine = forUser(db, userId).feedbacks;
    const [rows, [total]] = await Promise.all([
      mine.list({ orderBy: [desc(feedbacks.updatedAt), desc(feedbacks.id)], limit: size, offset: (page - 1) * size }),
      db
        .select({ n: count(), unread: sql<number>`coalesce(sum(${feedbacks.userUnread}), 0)::int` })
        .from(feedbacks)
        .where(mine.scope()),
    ]);
    const counts = await replyCounts(db, rows.map((r) => r.id));
    return { rows: rows.map((r) => feedbackView(r, counts.get(r.id) ?? 0)), count: total?.n ?? 0, unread: Number(total?.unread ?? 0) };
  }

  /** The thread of one of the user's feedbacks; opening it marks the operator's replies read. */
  async thread(userId: number, id: number): Promise<FeedbackThreadReply> {
    const row = await forUser(this.ctx.db, userId).feedbacks.update(id, { userUnread: 0 });
    if (!row) throw notFound(NOT_FOUND);
    const list = await this.replies(id);
    return { feedback: feedbackView(row, list.length), list: list.map(replyView) };
  }

  /** A follow-up by the user: the thread waits for the operator again. */
  async followUp(userId: number, id: number, content: string): Promise<FeedbackReplyItem> {
    return this.addReply(id, { userId }, content);
  }

  /** The operator's answer: counted unread for the user until they open the thread. */
  async answer(adminId: number, id: number, content: string, ip: string): Promise<FeedbackReplyItem> {
    return this.addReply(id, { adminId, ip }, content);
  }

  private async addReply(id: number, by: { userId: number } | { adminId: number; ip: string }, content: string) {
    const now = new Date(this.ctx.clock.now());
    const fromAdmin = 'adminId' in by;
    return this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // One guarded UPDATE: the thread exists (and is the user's own, for a follow-up) and its counters move together.
      const [thread] = await tx
        .update(feedbacks)
        .set(
          fromAdmin
            ? { userUnread: sql`${feedbacks.userUnread} + 1`, awaitingReply: 0, updatedAt: now }
            : { awaitingReply: 1, updatedAt: now },
        )
        .where(fromAdmin ? eq(feedbacks.id, id) : forUser(tx, by.userId).feedbacks.scope(eq(feedbacks.id, id)))
        .returning({ id: feedbacks.id });
      if (!thread) throw notFound(NOT_FOUND);
      const [reply] = await tx
        .insert(feedbackReplies)
        .values({ feedbackId: id, author: fromAdmin ? 'admin' : 'user', authorId: fromAdmin ? by.adminId : by.userId, content, createdAt: now })
        .returning();
      if ('adminId' in by) await writeAudit(tx, { adminId: by.adminId, action: 'feedback.reply', targetType: 'feedback', targetId: id, before: null, after: { content }, ip: by.ip });
      return replyView(reply!);
    });
  }

  private replies(id: number) {
    return this.ctx.db.select().from(feedbackReplies).where(eq(feedbackReplies.feedbackId, id)).orderBy(feedbackReplies.id);
  }

  async adminList(page: number, size: number, awaitingOnly: boolean) {
    const db = this.ctx.db;
    const where = awaitingOnly ? eq(feedbacks.awaitingReply, 1) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select({ f: feedbacks, nickname: users.nickname })
        .from(feedbacks)
        .innerJoin(users, eq(users.id, feedbacks.userId))
        .where(where)
        .orderBy(desc(feedbacks.updatedAt), desc(feedbacks.id))
        .limit(size)
        .offset((page - 1) * size),
      db.select({ n: count() }).from(feedbacks).where(where),
    ]);
    const counts = await replyCounts(db, rows.map((r) => r.f.id));
    return { rows: rows.map((r) => this.adminView(r.f, r.nickname, counts.get(r.f.id) ?? 0)), count: total?.n ?? 0 };
  }

  async adminThread(id: number) {
    const [row] = await this.ctx.db.select({ f: feedbacks, nickname: users.nickname }).from(feedbacks).innerJoin(users, eq(users.id, feedbacks.userId)).where(eq(feedbacks.id, id));
    if (!row) throw notFound(NOT_FOUND);
    const list = await this.replies(id);
    return { feedback: this.adminView(row.f, row.nickname, list.length), list: list.map(replyView) };
  }

  private adminView(f: FeedbackRow, nickname: string, replyCount: number) {
    return { ...feedbackView(f, replyCount), userId: f.userId, nickname, awaitingReply: f.awaitingReply === 1 };
  }
}
