import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  Code,
  SHARE_MAX_ACTIVE,
  SHARE_MAX_CHARS,
  SHARE_MAX_MESSAGES,
  SHARE_TOKEN_PATTERN,
  type ShareCreateBody,
  type ShareItem,
  type ShareViewReply,
} from '@app/shared';
import { requireAccess } from '../../core/access.ts';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { randomToken } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { forUser } from '../../db/repos/index.ts';
import { shares, users } from '../../db/schema/index.ts';
import type { ChatService } from '../chat/public.ts';
import { descriptionOf, pathOnScreen, sizeOf, snapshotOf } from './snapshot.ts';

type ShareRow = typeof shares.$inferSelect;

const CREATES_PER_HOUR = 60;
const GONE = '分享不存在或已失效';

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

/** What a link preview (and the page's head) shows of a live share. */
export interface ShareMeta {
  title: string;
  description: string;
}

/** Share links: snapshots of the caller's conversations, public by token until revoked. */
export class ShareService {
  constructor(
    private ctx: AppContext,
    private chat: Pick<ChatService, 'history' | 'requireGroup'>,
  ) {}

  private urlOf(token: string) {
    return `${this.ctx.config.publicUrl}/s/${token}`;
  }

  private item(r: ShareRow): ShareItem {
    return {
      id: r.id,
      token: r.token,
      url: this.urlOf(r.token),
      title: r.title,
      messageCount: r.messageCount,
      viewCount: r.viewCount,
      revoked: r.revokedAt !== null,
      created_at: r.createdAt.toISOString(),
    };
  }

  /**
   * Copies the conversation as the caller sees it (through the chat's own access check: another
   * user's conversation is the same 404 as a missing one), up to `messageId` when given.
   */
  async create(caller: AuthUser, body: ShareCreateBody): Promise<ShareItem> {
    await limitOrThrow(this.ctx.kv, `share-create:${caller.id}`, CREATES_PER_HOUR, 3600, '分享过于频繁，请稍后再试');
    const group = await this.chat.requireGroup(caller, body.uuid);
    const { list, activeId } = await this.chat.history(caller, body.uuid);
    const path = pathOnScreen(list, activeId ?? null, body.messageId);
    const messages = path && snapshotOf(path);
    if (!messages) throw notFound('消息不存在或已删除');
    if (!messages.length) throw field('uuid', '这个对话还没有可分享的内容');
    if (messages.length > SHARE_MAX_MESSAGES || sizeOf(messages) > SHARE_MAX_CHARS) throw field('messageId', '对话过长，请选择较早的一条消息分享');
    const title = body.title ?? group.title;
    return this.ctx.db.transaction(async (tx) => {
      // One create per user at a time, so the cap on live shares holds under concurrency.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for('update');
      const n = await forUser(tx, caller.id).shares.count(isNull(shares.revokedAt));
      if (n >= SHARE_MAX_ACTIVE) throw field('uuid', `最多保留${SHARE_MAX_ACTIVE}个分享，请先在个人中心撤销旧的分享`);
      const [row] = await tx
        .insert(shares)
        .values({
          token: randomToken(16),
          userId: caller.id,
          groupId: group.id,
          upToMessageId: body.messageId ?? null,
          title,
          description: descriptionOf(messages),
          messages,
          messageCount: messages.length,
          createdAt: new Date(this.ctx.clock.now()),
        })
        .returning();
      return this.item(row!);
    });
  }

  async mine(caller: AuthUser): Promise<ShareItem[]> {
    const rows = await forUser(this.ctx.db, caller.id).shares.list({ orderBy: [desc(shares.id)], limit: SHARE_MAX_ACTIVE * 2 });
    return rows.map((r) => this.item(r));
  }

  /** Revoking twice is fine; someone else's share is the same 404 as a missing one. */
  async revoke(caller: AuthUser, id: number) {
    await requireAccess(this.ctx.db, caller, 'share.revoke', [id]);
    await forUser(this.ctx.db, caller.id).shares.update(id, { revokedAt: new Date(this.ctx.clock.now()) }, { where: isNull(shares.revokedAt) });
  }

  private async live(token: string): Promise<ShareRow | null> {
    if (!SHARE_TOKEN_PATTERN.test(token)) return null;
    const [row] = await this.ctx.db
      .select()
      .from(shares)
      .where(and(eq(shares.token, token), isNull(shares.revokedAt)))
      .limit(1);
    return row ?? null;
  }

  /** The public read: counts one view per visitor address and hour. */
  async view(token: string, visitor: string): Promise<ShareViewReply> {
    const row = await this.live(token);
    if (!row) throw notFound(GONE);
    let viewCount = row.viewCount;
    if (await this.ctx.kv.setIfAbsent(`share-view:${row.id}:${visitor}`, '1', 3600)) {
      const [bumped] = await this.ctx.db
        .update(shares)
        .set({ viewCount: sql`${shares.viewCount} + 1` })
        .where(eq(shares.id, row.id))
        .returning({ viewCount: shares.viewCount });
      viewCount = bumped?.viewCount ?? viewCount + 1;
    }
    return { title: row.title, messages: row.messages, viewCount, created_at: row.createdAt.toISOString() };
  }

  /** The head of the page at /s/<token>; null for a revoked or unknown token. Does not count a view. */
  async meta(token: string): Promise<ShareMeta | null> {
    const row = await this.live(token);
    return row ? { title: row.title, description: row.description } : null;
  }
}
