import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  Code,
  IMAGES_PER_CONVERSATION,
  type ChatCreateBody,
  type ChatCreateReply,
  type ChatGroup,
  type ChatMessage,
  type GroupUpdateBody,
} from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { chatGroups, chatMessages } from '../../db/schema/index.ts';
import { readBalance } from '../billing/balance.ts';
import type { ChatModel, ModelCatalog } from './catalog.ts';
import { balanceError, spendable } from './credits.ts';
import type { PastMessage } from './prompt.ts';
import { prepareTurn, type PreparedTurn } from './turns.ts';
import { groupView, messageView, titleOf, type GroupRow } from './views.ts';

const HISTORY_MAX = 1000;
const GROUPS_MAX = 300;
const CREATES_PER_MINUTE = 300;

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

/** Groups, messages and the preparation of turns. Every call on a group goes through `requireGroup`. */
export class ChatService {
  constructor(
    private ctx: AppContext,
    private catalog: ModelCatalog,
  ) {}

  /** The caller's live group, else 404 — the same answer whether it is gone or someone else's. */
  async requireGroup(caller: AuthUser, id: number): Promise<GroupRow> {
    const [g] = await this.ctx.db
      .select()
      .from(chatGroups)
      .where(and(eq(chatGroups.id, id), eq(chatGroups.userId, caller.id), isNull(chatGroups.deletedAt)))
      .limit(1);
    if (!g) throw notFound('对话不存在或已删除');
    return g;
  }

  /** `tokenHash` binds the turn to the token that prepared it (see TurnRunner.open). */
  async create(caller: AuthUser, body: ChatCreateBody, tokenHash: string): Promise<ChatCreateReply> {
    // Extension points: template chat (temp_id + variable) and expert chat (identity_id) come later.
    if (body.temp_id !== undefined || body.variable !== undefined) throw field('temp_id', '模板对话暂未开放，敬请期待');
    if (body.identity_id !== undefined) throw field('identity_id', '专家对话暂未开放，敬请期待');
    await limitOrThrow(this.ctx.kv, `chat-create:${caller.id}`, CREATES_PER_MINUTE, 60, '发送过于频繁，请稍后再试');

    const group = body.uuid ? await this.requireGroup(caller, body.uuid) : null;
    const model = body.feature
      ? await this.catalog.find(body.feature)
      : ((group && (await this.catalog.find(group.model))) ?? (await this.catalog.find()));
    if (!model) throw field('feature', body.feature ? '该模型不存在或已停用，请重新选择' : '暂无可用模型');

    let input = body.input;
    let images = body.images;
    let retryOf: number | null = null;
    if (body.retry) {
      const [last] = await this.ctx.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.groupId, group!.id), eq(chatMessages.role, 'user')))
        .orderBy(desc(chatMessages.id))
        .limit(1);
      if (!last) throw field('retry', '没有可以重试的消息');
      ({ text: input, images } = last);
      retryOf = last.id;
      if (images.length && !model.vision) throw field('images', '当前模型不支持图片，请选择识图模型');
    } else {
      if (Array.from(input).length > model.inputExt) {
        throw field('input', `当前模型最大文字限制为${model.inputExt}字，请精简内容或选择更大文本模型`);
      }
      if (images.length) await this.checkImages(caller, model, group, images);
    }

    const balance = await readBalance(this.ctx.db, caller.id, this.ctx.clock.now());
    if (spendable(balance, model) < model.cost) throw balanceError(model);

    let groupId: number;
    if (group) {
      groupId = group.id;
      if (group.model !== model.code) await this.ctx.db.update(chatGroups).set({ model: model.code }).where(eq(chatGroups.id, group.id));
    } else {
      const now = new Date(this.ctx.clock.now());
      const [row] = await this.ctx.db
        .insert(chatGroups)
        .values({ userId: caller.id, type: 1, model: model.code, title: titleOf(input), createdAt: now, updatedAt: now })
        .returning({ id: chatGroups.id });
      groupId = row!.id;
    }
    const secret = await prepareTurn(this.ctx.kv, {
      userId: caller.id,
      tokenHash,
      groupId,
      newGroup: !group,
      model: model.code,
      input,
      images,
      retryOf,
      usingContext: body.usingContext,
      temperature: body.temperature === undefined ? undefined : Math.min(body.temperature, model.temperatureMax),
      systemMessage: body.systemMessage,
    });
    return { uuid: groupId, secret };
  }

  /** Only the caller's own uploads, only for vision models, at most 5 per conversation. */
  private async checkImages(caller: AuthUser, model: ChatModel, group: GroupRow | null, images: string[]) {
    if (!model.vision) throw field('images', '当前模型不支持图片，请选择识图模型');
    const mine = `chat/${caller.id}/`;
    for (const url of images) {
      if (!this.ctx.storage.keyOf(url)?.startsWith(mine)) throw field('images', '图片无效，请重新上传');
    }
    let before = 0;
    if (group) {
      const [row] = await this.ctx.db
        .select({ n: sql<number>`coalesce(sum(jsonb_array_length(${chatMessages.images})), 0)::int` })
        .from(chatMessages)
        .where(and(eq(chatMessages.groupId, group.id), eq(chatMessages.role, 'user')));
      before = Number(row?.n ?? 0);
    }
    if (before + images.length > IMAGES_PER_CONVERSATION) throw field('images', `每个对话最多上传${IMAGES_PER_CONVERSATION}张图片`);
  }

  /** Earlier messages of a turn's group (before `beforeId` when given), oldest first. */
  async pastMessages(turn: PreparedTurn, limit: number, beforeId: number | null): Promise<PastMessage[]> {
    const conds = [eq(chatMessages.groupId, turn.groupId), eq(chatMessages.userId, turn.userId)];
    if (beforeId !== null) conds.push(lt(chatMessages.id, beforeId));
    const rows = await this.ctx.db
      .select({ role: chatMessages.role, text: chatMessages.text, images: chatMessages.images, status: chatMessages.status })
      .from(chatMessages)
      .where(and(...conds))
      .orderBy(desc(chatMessages.id))
      .limit(limit);
    return rows.reverse().map((r) => ({ ...r, role: r.role === 'user' ? 'user' : 'assistant' }));
  }

  /** Drops the group made for a turn that never ran (its balance could not pay), so no empty group lingers. */
  async discardGroup(turn: PreparedTurn) {
    await this.ctx.db
      .update(chatGroups)
      .set({ deletedAt: new Date(this.ctx.clock.now()) })
      .where(and(eq(chatGroups.id, turn.groupId), eq(chatGroups.userId, turn.userId)));
  }

  async histories(caller: AuthUser, types: number[]): Promise<ChatGroup[]> {
    const rows = await this.ctx.db
      .select()
      .from(chatGroups)
      .where(and(eq(chatGroups.userId, caller.id), inArray(chatGroups.type, types), isNull(chatGroups.deletedAt)))
      .orderBy(desc(chatGroups.isSticky), desc(chatGroups.updatedAt), desc(chatGroups.id))
      .limit(GROUPS_MAX);
    return rows.map(groupView);
  }

  async history(caller: AuthUser, uuid: number): Promise<ChatMessage[]> {
    const group = await this.requireGroup(caller, uuid);
    const rows = await this.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.groupId, group.id))
      .orderBy(desc(chatMessages.id))
      .limit(HISTORY_MAX);
    return rows.reverse().map(messageView);
  }

  async deleteGroup(caller: AuthUser, uuid: number) {
    const group = await this.requireGroup(caller, uuid);
    await this.ctx.db.update(chatGroups).set({ deletedAt: new Date(this.ctx.clock.now()) }).where(eq(chatGroups.id, group.id));
  }

  async updateGroup(caller: AuthUser, body: GroupUpdateBody): Promise<ChatGroup> {
    const group = await this.requireGroup(caller, body.uuid);
    const [row] = await this.ctx.db
      .update(chatGroups)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.isSticky !== undefined ? { isSticky: body.isSticky } : {}),
      })
      .where(eq(chatGroups.id, group.id))
      .returning();
    return groupView(row!);
  }

  async deleteAll(caller: AuthUser, types?: number[]) {
    const conds = [eq(chatGroups.userId, caller.id), isNull(chatGroups.deletedAt)];
    if (types) conds.push(inArray(chatGroups.type, types));
    const rows = await this.ctx.db
      .update(chatGroups)
      .set({ deletedAt: new Date(this.ctx.clock.now()) })
      .where(and(...conds))
      .returning({ id: chatGroups.id });
    return rows.length;
  }

  async deleteMessage(caller: AuthUser, id: number) {
    const [m] = await this.ctx.db
      .select({ groupId: chatMessages.groupId })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, id), eq(chatMessages.userId, caller.id)))
      .limit(1);
    if (!m) throw notFound('消息不存在或已删除');
    await this.requireGroup(caller, m.groupId);
    await this.ctx.db.delete(chatMessages).where(eq(chatMessages.id, id));
  }

  async clearGroup(caller: AuthUser, groupId: number) {
    const group = await this.requireGroup(caller, groupId);
    const rows = await this.ctx.db.delete(chatMessages).where(eq(chatMessages.groupId, group.id)).returning({ id: chatMessages.id });
    return rows.length;
  }
}

