import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  Code,
  IMAGES_PER_CONVERSATION,
  type ChatCreateBody,
  type ChatCreateReply,
  type ChatBranchBody,
  type ChatGroup,
  type ChatHistoryReply,
  type ChatToolsReply,
  type GroupUpdateBody,
} from '@app/shared';
import { checkTemplateValues, fillTemplatePrompt } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { batchTaker } from '../../core/batch.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { chatGroups, chatMessages } from '../../db/schema/index.ts';
import { requireAccess } from '../../core/access.ts';
import { requireApp, type AppRow } from '../apps/public.ts';
import type { ChatModel, ModelCatalog } from '../models/public.ts';
import { prepareTurn, requireBalance } from '../turns/public.ts';
import type { PastMessage } from './prompt.ts';
import { NO_WEB_SEARCH, type ChatWebSearch } from './search.ts';
import { maxToolCost, type ToolsService } from '../tools/public.ts';
import { deleteSubtree, endOfBranch, messageOf, pathTo } from './tree.ts';
import { CHAT_TURN_PREFIX, type PreparedTurn } from './turns.ts';
import { groupView, messageView, titleOf, type GroupRow } from './views.ts';

const HISTORY_MAX = 1000;
const GROUPS_MAX = 300;
const CREATES_PER_MINUTE = 300;

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

/** Groups, messages and the preparation of turns. Every call on a group goes through `requireGroup`. */
export class ChatService {
  /** Ids for new groups, the creates of one turn of the event loop served by one query. */
  private reserveGroupId = batchTaker(async (n) => {
    const reserved = await this.ctx.db.execute(sql`select nextval(pg_get_serial_sequence('chat_groups', 'id'))::int as id from generate_series(1, ${n}::int)`);
    return (reserved as { rows: { id: number }[] }).rows.map((r) => r.id);
  });

  constructor(
    private ctx: AppContext,
    private catalog: ModelCatalog,
    /** Who may search and what it costs (none: search is off, as for readers of conversations such as share links). */
    private webSearch: Pick<ChatWebSearch, 'refusal' | 'cost'> = NO_WEB_SEARCH,
    /** MCP tools a turn may use (none: a turn naming tools is refused). */
    private tools: ToolsService | null = null,
  ) {}

  /** The caller's live group (core/access decides), else 404 — the same answer whether it is gone or someone else's. */
  async requireGroup(caller: AuthUser, id: number, permission: 'chatGroup.read' | 'chatGroup.update' | 'chatGroup.delete' = 'chatGroup.read'): Promise<GroupRow> {
    await requireAccess(this.ctx.db, caller, permission, [id]);
    const [g] = await this.ctx.db
      .select()
      .from(chatGroups)
      .where(and(eq(chatGroups.id, id), isNull(chatGroups.deletedAt)))
      .limit(1);
    if (!g) throw notFound('对话不存在或已删除');
    return g;
  }

  /**
   * A template turn (temp_id + variable) fills the template's prompt with the checked values and starts a
   * type 3 group; an expert turn (identity_id) starts a type 2 group whose every turn carries the
   * expert's system prompt.
   */
  async create(caller: AuthUser, body: ChatCreateBody): Promise<ChatCreateReply> {
    if (body.temp_id !== undefined && body.identity_id !== undefined) throw field('identity_id', '模板对话和专家对话不能同时指定');
    if (body.variable !== undefined && body.temp_id === undefined) throw field('temp_id', '请指定模板');
    if (body.retry && body.temp_id !== undefined) throw field('temp_id', '重试时无需指定模板');
    await limitOrThrow(this.ctx.kv, `chat-create:${caller.id}`, CREATES_PER_MINUTE, 60, '发送过于频繁，请稍后再试');

    const group = body.uuid ? await this.requireGroup(caller, body.uuid) : null;
    const { template, expert } = await this.appsOf(caller, body, group);
    const model = body.feature
      ? await this.catalog.find(body.feature)
      : ((group && (await this.catalog.find(group.model))) ?? (await this.catalog.find()));
    if (!model) throw field('feature', body.feature ? '该模型不存在或已停用，请重新选择' : '暂无可用模型');

    let input = body.input;
    let images = body.images;
    let retryOf: number | null = null;
    let title = '';
    let variable: Record<string, string> | null = null;
    let parentId: number | null = null;
    if (body.retry) {
      const question = await this.questionToRetry(group!, body.messageId);
      const [last] = await this.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, question)).limit(1);
      if (!last) throw field('retry', '没有可以重试的消息');
      ({ text: input, images } = last);
      retryOf = last.id;
      if (images.length && !model.vision) throw field('images', '当前模型不支持图片，请选择识图模型');
    } else if (template) {
      // SPEC §5 on the server too: required fields, limit_min, select values, lengths.
      const { values, issues } = checkTemplateValues(template.variables, body.variable);
      if (issues.length) {
        const first = issues[0]!;
        throw new AppError(Code.BAD_REQUEST, first.message, 400, {
          field: `variable.${first.key}`,
          issues: issues.map((i) => ({ field: `variable.${i.key}`, message: i.message, kind: i.kind, ...(i.min !== undefined ? { min: i.min } : {}) })),
        });
      }
      input = fillTemplatePrompt(template.prompt, values);
      variable = values;
      if (images.length) await this.checkImages(caller, model, group, images);
      const firstValue = Object.values(values).find((v) => v.trim());
      title = titleOf(firstValue ? `${template.title}：${firstValue}` : template.title);
    } else {
      if (Array.from(input).length > model.inputExt) {
        throw field('input', `当前模型最大文字限制为${model.inputExt}字，请精简内容或选择更大文本模型`);
      }
      if (images.length) await this.checkImages(caller, model, group, images);
    }

    if (group && !body.retry) parentId = await this.parentOf(group, body.parentId);

    if (body.search) {
      const refused = this.webSearch.refusal(model.code);
      if (refused) throw field('search', refused === 'off' ? '联网搜索未开启' : '当前模型不支持联网搜索，请换一个模型');
    }
    const picked = body.tools?.length ? await this.pickTools(model, body.tools) : null;
    const cost = model.cost + (body.search ? this.webSearch.cost : 0) + (picked ? picked.most : 0);
    await requireBalance(this.ctx, caller.id, { pool: model.pool, cost }, { batched: true });

    let groupId: number;
    if (group) {
      groupId = group.id;
      if (group.model !== model.code) await this.ctx.db.update(chatGroups).set({ model: model.code }).where(eq(chatGroups.id, group.id));
    } else {
      // Only the id is taken now; the row is written when the turn runs (see materializeGroup).
      groupId = await this.reserveGroupId();
    }
    const app = template ?? expert;
    const newGroup = group
      ? undefined
      : { type: template ? 3 : expert ? 2 : 1, title: title || titleOf(input), appId: app?.id ?? null, templateId: template?.id ?? null, identityId: expert?.id ?? null, variable };
    const secret = await prepareTurn(this.ctx.kv, {
      userId: caller.id,
      groupId,
      newGroup: !group,
      ...(newGroup ? { group: newGroup } : {}),
      model: model.code,
      input,
      images,
      retryOf,
      parentId,
      usingContext: body.usingContext,
      temperature: body.temperature === undefined ? undefined : Math.min(body.temperature, model.temperatureMax),
      systemMessage: body.systemMessage,
      ...(body.search ? { search: true } : {}),
      ...(expert ? { appPrompt: expert.prompt } : {}),
      ...(picked ? { tools: picked.names } : {}),
    } satisfies PreparedTurn, CHAT_TURN_PREFIX);
    return { uuid: groupId, secret };
  }

  /** The tools a user may pick on a model (none when the model may not use tools, or it is unknown). */
  async toolOptions(feature: string | undefined): Promise<ChatToolsReply> {
    const maxRounds = this.tools?.opts.maxRounds ?? 0;
    const model = await this.catalog.find(feature);
    if (!model || !this.tools || !(await this.tools.mayUseTools(model.id))) return { list: [], maxRounds };
    const list = (await this.tools.enabledTools(model.code)).map((t) => ({ name: t.fn, server: t.server, tool: t.name, title: t.title || t.name, description: t.description, price: t.price }));
    return { list, maxRounds };
  }

  /**
   * The tools picked for a turn: each must be one an administrator turned on, and the model one
   * allowed to use tools. `most`: what the turn's calls may cost at most (held on top of the model).
   */
  private async pickTools(model: ChatModel, requested: string[]): Promise<{ names: string[]; most: number }> {
    if (!this.tools || !(await this.tools.mayUseTools(model.id))) throw field('tools', '当前模型不支持使用工具，请换一个模型');
    const names = [...new Set(requested)];
    const enabled = await this.tools.enabledTools(model.code);
    const unknown = names.filter((n) => !enabled.some((t) => t.fn === n));
    if (unknown.length) throw field('tools', `工具不存在或未启用：${unknown.join('、')}`);
    return { names, most: maxToolCost(enabled.filter((t) => names.includes(t.fn)), this.tools.opts.maxRounds) };
  }

  /**
   * The template or expert of a turn: named by temp_id / identity_id (which must match the group
   * when one is given), or, for an expert group, the group's expert — so every turn of it keeps
   * the expert's system prompt. Each goes through the apps' one access check (404 otherwise).
   */
  private async appsOf(caller: AuthUser, body: ChatCreateBody, group: GroupRow | null): Promise<{ template: AppRow | null; expert: AppRow | null }> {
    let template: AppRow | null = null;
    let expert: AppRow | null = null;
    if (body.temp_id !== undefined) {
      template = await requireApp(this.ctx.db, caller.id, body.temp_id, 'template');
      if (group && (group.type !== 3 || group.templateId !== template.id)) throw field('temp_id', '该对话不属于这个模板，请新建对话');
    }
    if (body.identity_id !== undefined) {
      expert = await requireApp(this.ctx.db, caller.id, body.identity_id, 'expert');
      if (group && (group.type !== 2 || group.identityId !== expert.id)) throw field('identity_id', '该对话不属于这个专家，请新建对话');
    } else if (group?.type === 2 && group.identityId !== null) {
      expert = await requireApp(this.ctx.db, caller.id, group.identityId, 'expert');
    }
    return { template, expert };
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

  /**
   * The parent of a new question: the one named (0: none, a first message — an edited first
   * question), else the end of the branch on screen. One of another conversation is refused.
   */
  private async parentOf(group: GroupRow, requested: number | undefined): Promise<number | null> {
    if (requested === undefined) return endOfBranch(this.ctx.db, group);
    if (requested === 0) return null;
    if (!(await messageOf(this.ctx.db, group.id, requested))) throw field('parentId', '要接续的消息不存在或不属于这个对话');
    return requested;
  }

  /** The question a retry answers again: the one named, else the last question on the branch on screen. */
  private async questionToRetry(group: GroupRow, requested: number | undefined): Promise<number> {
    if (requested !== undefined) {
      const m = await messageOf(this.ctx.db, group.id, requested);
      if (!m) throw field('messageId', '要重试的消息不存在或不属于这个对话');
      if (m.role !== 'user') throw field('messageId', '请指定要重新回答的问题');
      return m.id;
    }
    const end = await endOfBranch(this.ctx.db, group);
    let m = end === null ? null : await messageOf(this.ctx.db, group.id, end);
    if (m && m.role !== 'user') m = m.parentId === null ? null : await messageOf(this.ctx.db, group.id, m.parentId);
    if (!m || m.role !== 'user') throw field('retry', '没有可以重试的消息');
    return m.id;
  }

  /** The path above a turn's question (`questionId`, not included), oldest first: never a message of another branch. */
  async pastMessages(turn: PreparedTurn, limit: number, questionId: number): Promise<PastMessage[]> {
    const path = await pathTo(this.ctx.db, turn.groupId, turn.userId, questionId, limit + 1);
    return path.slice(0, -1);
  }

  async histories(caller: AuthUser, types: number[]): Promise<ChatGroup[]> {
    const rows = await forUser(this.ctx.db, caller.id).chatGroups.list({
      where: inArray(chatGroups.type, types),
      orderBy: [desc(chatGroups.isSticky), desc(chatGroups.updatedAt), desc(chatGroups.id)],
      limit: GROUPS_MAX,
    });
    return rows.map(groupView);
  }

  /** Every message of the group (all branches, one query) and the branch on screen. */
  async history(caller: AuthUser, uuid: number): Promise<ChatHistoryReply> {
    const group = await this.requireGroup(caller, uuid);
    const rows = await this.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.groupId, group.id))
      .orderBy(desc(chatMessages.id))
      .limit(HISTORY_MAX);
    return { list: rows.reverse().map(messageView), activeId: group.activeLeafId };
  }

  /** Shows another branch: `messageId` (a message of this group) is remembered as the one on screen. */
  async switchBranch(caller: AuthUser, body: ChatBranchBody) {
    const group = await this.requireGroup(caller, body.uuid, 'chatGroup.update');
    const [row] = await this.ctx.db
      .update(chatGroups)
      .set({ activeLeafId: body.messageId })
      .where(and(eq(chatGroups.id, group.id), sql`exists (select 1 from chat_messages m where m.id = ${body.messageId} and m.group_id = ${group.id})`))
      .returning({ id: chatGroups.id });
    if (!row) throw field('messageId', '消息不存在或不属于这个对话');
    return { activeId: body.messageId };
  }

  async deleteGroup(caller: AuthUser, uuid: number) {
    const group = await this.requireGroup(caller, uuid, 'chatGroup.delete');
    await this.ctx.db.update(chatGroups).set({ deletedAt: new Date(this.ctx.clock.now()) }).where(eq(chatGroups.id, group.id));
  }

  async updateGroup(caller: AuthUser, body: GroupUpdateBody): Promise<ChatGroup> {
    const group = await this.requireGroup(caller, body.uuid, 'chatGroup.update');
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
    const rows = await this.ctx.db
      .update(chatGroups)
      .set({ deletedAt: new Date(this.ctx.clock.now()) })
      .where(forUser(this.ctx.db, caller.id).chatGroups.scope(types ? inArray(chatGroups.type, types) : undefined))
      .returning({ id: chatGroups.id });
    return rows.length;
  }

  /** Deletes the message and everything that follows it on every branch; returns how many went. */
  async deleteMessage(caller: AuthUser, id: number) {
    await requireAccess(this.ctx.db, caller, 'chatMessage.delete', [id]);
    return this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [m] = await tx.select({ groupId: chatMessages.groupId, parentId: chatMessages.parentId }).from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
      if (!m) throw notFound('消息不存在或已删除');
      return deleteSubtree(tx, m.groupId, id, m.parentId);
    });
  }

  /**
   * 清空当前对话: deletes every message of the group (all branches); the group stays. Refused while
   * one of its replies is being generated (its turn still holds credit), checked in the same
   * statement as the delete; returns how many messages went.
   */
  async clearGroup(caller: AuthUser, groupId: number) {
    const group = await this.requireGroup(caller, groupId, 'chatGroup.update');
    const r = await this.ctx.db.execute(sql`
      with busy as (
        select 1 from turns
        where status = 'running' and user_id = ${caller.id}::int and kind = 'chat' and ref->>'groupId' = ${String(group.id)}::text
        limit 1
      ), gone as (
        delete from chat_messages where group_id = ${group.id}::int and not exists (select 1 from busy) returning 1
      )
      select (select count(*) from gone)::int as count, exists (select 1 from busy) as busy`);
    const [row] = (r as { rows: { count: number; busy: boolean }[] }).rows;
    if (row?.busy) throw new AppError(Code.CONFLICT, '回复生成中，请等它结束或先停止再清空', 409);
    return row?.count ?? 0;
  }
}

