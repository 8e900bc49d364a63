import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, type ChatStreamEvent } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { priceOf, type ChatModel, type Models } from '../models/public.ts';
import { usageView, type BeginCtes, type Outcome, type TurnAdapter, type TurnEngine, type TurnPrice } from '../turns/public.ts';
import { maxToolCost, type ToolEntry, type ToolsService } from '../tools/public.ts';
import { runToolTurn } from './tool-turn.ts';
import { buildPrompt } from './prompt.ts';
import type { ChatWebSearch, SearchOutcome } from './search.ts';
import type { ChatService } from './service.ts';
import { CHAT_TURN_PREFIX, type PreparedTurn } from './turns.ts';

/** What a chat turn keeps to save its reply, also when another instance settles it. */
interface ChatRef extends Record<string, unknown> {
  groupId: number;
  /** The question of this turn (the re-sent one for a retry); the reply is saved below it, beside any earlier replies. */
  userMessageId: number;
  retry: boolean;
  model: string;
}

type ChatClosing = Extract<ChatStreamEvent, { type: 'done' | 'error' }>;

/** GET /api/chat/stream: a prepared chat turn run on the paid-turn engine. */
export class TurnRunner {
  private adapter: TurnAdapter<PreparedTurn, ChatRef, ChatClosing>;
  /** The tools of a turn with tools, resolved once when it is opened (what its hold was sized on). */
  private toolsOf = new WeakMap<PreparedTurn, ToolEntry[]>();
  /** Its secret, which names it to the user's answer to a call waiting for confirmation. */
  private secretOf = new WeakMap<PreparedTurn, string>();

  constructor(
    private ctx: AppContext,
    private service: ChatService,
    private models: Models,
    private engine: TurnEngine,
    private webSearch: ChatWebSearch,
    private tools: ToolsService | null = null,
  ) {
    this.adapter = engine.register({
      kind: 'chat',
      beginCtes: (turn, startedAt) => this.beginCtes(turn, startedAt),
      produce: async (turn, ref, emit, signal, think, step) => {
        const model = await this.requireModel(turn.model);
        // The search runs beside the history read; a failed one continues without sources (and says so).
        const [history, searched] = await Promise.all([
          turn.usingContext && !turn.newGroup ? this.service.pastMessages(turn, model.maxRounds * 2 + 4, ref.userMessageId) : Promise.resolve([]),
          turn.search ? this.webSearch.run(turn.input, signal) : Promise.resolve(null),
        ]);
        const messages = await buildPrompt({
          model,
          systemMessage: turn.systemMessage,
          appPrompt: turn.appPrompt,
          searchContext: searched?.context,
          history,
          question: { text: turn.input, images: turn.images },
          loadImage: (url) => this.loadImage(url),
        });
        const offline = searched?.search.sources.length ? { kind: 'search' as const, sources: searched.search.sources } : undefined;
        const request = { messages, temperature: turn.temperature, maxTokens: model.maxTokens, signal, ...(offline ? { offline } : {}) };
        const allowed = this.toolsOf.get(turn);
        // A turn with tools: rounds of calls; the calls that succeeded are paid on top.
        const used =
          allowed?.length && this.tools
            ? await runToolTurn({ router: this.models.router, model, request, allowed, tools: this.tools, emit, think, step, secret: this.secretOf.get(turn)! })
            : { usage: await this.models.router.relay(model, request, emit, think), toolCost: 0 };
        // The thinking goes to the page apart from the answer; the history sent upstream never holds it (buildPrompt reads `text` only).
        // The search is paid only when it brought sources; the hold covered it either way.
        return { usage: used.usage, extra: searched, cost: model.cost + (searched?.search.cost ?? 0) + used.toolCost };
      },
      finishCtes: (ref, outcome, extra, charged) => this.finishCtes(ref, outcome, (extra as SearchOutcome | null | undefined) ?? null, charged),
      failure: (turn, code, message) => ({ type: 'error', code, message, uuid: turn.groupId, messageId: null }),
    });
  }

  /** Problems with the token or the secret are plain JSON replies; once the turn is claimed, everything is SSE. */
  async open(req: FastifyRequest, secret: string, reply: FastifyReply) {
    await this.engine.open(this.adapter, req, secret, reply, {
      prefix: CHAT_TURN_PREFIX,
      expired: '对话已过期或不存在，请重新发送',
      price: async (turn) => {
        const model = await this.requireModel(turn.model);
        const price: TurnPrice = priceOf(model);
        // A searched turn holds the search's price too; produce says what it really cost.
        if (turn.search) price.cost += this.webSearch.cost;
        // Tools picked: the most their calls may cost is held too (tools turned off since the prepare are left out).
        if (turn.tools?.length && this.tools) {
          const names = turn.tools;
          const allowed = (await this.tools.enabledTools(turn.model)).filter((t) => names.includes(t.fn));
          this.toolsOf.set(turn, allowed);
          this.secretOf.set(turn, secret);
          price.toolsHeld = maxToolCost(allowed, this.tools.opts.maxRounds);
          price.cost += price.toolsHeld;
        }
        return price;
      },
    });
  }

  private async requireModel(code: string): Promise<ChatModel> {
    const model = await this.models.catalog.find(code);
    if (!model) throw new AppError(Code.BAD_REQUEST, '该模型已停用，请重新选择', 400);
    return model;
  }

  /**
   * The group (a new one is written now) and the question, saved before the first token leaves, as
   * CTEs of the statement that takes the hold (a round trip per statement is what a burst of turns
   * waits on). A new group is written with the question as its leaf; an existing one is pointed at
   * it (the new question's branch is the one on screen from now on: a reload shows it while the
   * reply streams). A retry re-sends its question: only the group's branch changes.
   */
  private beginCtes(turn: PreparedTurn, startedAt: number): BeginCtes {
    const at = new Date(startedAt).toISOString();
    const ref = (userMessageId: SQL) =>
      sql`jsonb_build_object('groupId', ${turn.groupId}::int, 'userMessageId', ${userMessageId}, 'retry', ${turn.retryOf !== null}::boolean, 'model', ${turn.model}::text)`;
    if (turn.retryOf !== null) {
      return {
        ctes: sql`chat_leaf as (update chat_groups set active_leaf_id = ${turn.retryOf}::int where id = ${turn.groupId}::int)`,
        ref: ref(sql`${turn.retryOf}::int`),
      };
    }
    const g = turn.newGroup ? turn.group : undefined;
    const newGroup = g
      ? sql`chat_group as (
          insert into chat_groups (id, user_id, model, type, title, app_id, template_id, identity_id, variable, created_at, updated_at, active_leaf_id)
          select ${turn.groupId}::int, ${turn.userId}::int, ${turn.model}::text, ${g.type}::int, ${g.title}::text, ${g.appId}::int, ${g.templateId}::int,
            ${g.identityId}::int, ${g.variable === null ? null : JSON.stringify(g.variable)}::jsonb, ${at}::timestamptz, ${at}::timestamptz, q.id from chat_question q
          on conflict (id) do nothing),`
      : sql``;
    const ctes = sql`chat_question as (
        insert into chat_messages (group_id, parent_id, user_id, role, text, images, status, model, created_at)
        values (${turn.groupId}::int,
          -- A parent deleted since the prepare (a message deleted, the conversation cleared) makes it a first message.
          (select id from chat_messages where id = ${turn.parentId ?? null}::int and group_id = ${turn.groupId}::int),
          ${turn.userId}::int, 'user', ${turn.input}::text, ${JSON.stringify(turn.images)}::jsonb,
          'complete', ${turn.model}::text, ${at}::timestamptz)
        returning id),
      ${newGroup}
      chat_leaf as (update chat_groups set active_leaf_id = (select id from chat_question) where id = ${turn.groupId}::int)`;
    return { ctes, ref: ref(sql`(select id from chat_question)`) };
  }

  /**
   * The reply, below its question (a retry's beside the earlier replies, which stay as branches),
   * as CTEs of the settling statement. It becomes the end of the branch on screen unless another
   * branch was chosen meanwhile. A question deleted while its reply streamed leaves the reply saved
   * as a first message; a group deleted meanwhile leaves no row, and the statement fails.
   */
  private finishCtes(ref: ChatRef, o: Omit<Outcome, 'charged'>, found: SearchOutcome | null, charged: SQL) {
    // Stopped before anything was written (the search itself was cut short): nothing to cite, nothing to explain.
    const searched = found && !(o.status === 'stopped' && !o.text && !o.thinking) ? found.search : null;
    const now = new Date(this.ctx.clock.now()).toISOString();
    // The search's cost is shown as charged only when the reply was.
    const search = searched
      ? sql`case when ${charged} > 0 then ${JSON.stringify(searched)}::jsonb else ${JSON.stringify({ ...searched, cost: 0 })}::jsonb end`
      : sql`null::jsonb`;
    const ctes = sql`chat_saved as (
        insert into chat_messages (group_id, parent_id, user_id, role, text, thinking, thinking_ms, tools, status, error_text, model, prompt_tokens, completion_tokens, charged, search, created_at)
        select g.id, (select id from chat_messages where id = ${ref.userMessageId}::int), g.user_id, 'assistant', ${o.text}::text,
          ${o.thinking ?? ''}::text, ${o.thinkingMs ?? null}::int, ${o.tools?.length ? JSON.stringify(o.tools) : null}::jsonb, ${o.status}::text,
          ${o.errorText}::text, ${ref.model}::text, ${o.usage?.promptTokens ?? null}::int, ${o.usage?.completionTokens ?? null}::int, ${charged} > 0,
          ${search}, ${now}::timestamptz
        from chat_groups g where g.id = ${ref.groupId}::int
        returning id),
      chat_shown as (
        update chat_groups set updated_at = greatest(updated_at, ${now}::timestamptz),
          active_leaf_id = case when active_leaf_id = ${ref.userMessageId}::int or active_leaf_id is null then (select id from chat_saved) else active_leaf_id end
        where id = ${ref.groupId}::int and exists (select 1 from chat_saved))`;
    const closing = (result: unknown, paid: number): ChatClosing => {
      const messageId = Number((result as { messageId: number }).messageId);
      if (o.status === 'error') return { type: 'error', code: o.errorCode ?? Code.CHAT_UPSTREAM, message: o.errorText ?? '模型服务出错，请稍后再试', uuid: ref.groupId, messageId };
      return {
        type: 'done',
        uuid: ref.groupId,
        messageId,
        userMessageId: ref.userMessageId,
        status: o.status,
        usage: usageView(o.usage),
        charged: paid,
        ...(searched ? { search: { ...searched, cost: paid > 0 ? searched.cost : 0 } } : {}),
      };
    };
    return { ctes, result: sql`(select jsonb_build_object('messageId', id) from chat_saved)`, closing };
  }

  /** Our uploads go upstream as data: URLs, so the upstream needs no access to this server. */
  private async loadImage(url: string): Promise<string | null> {
    const key = this.ctx.storage.keyOf(url);
    const file = key ? await this.ctx.storage.get(key) : null;
    return file ? `data:${file.contentType};base64,${file.body.toString('base64')}` : null;
  }
}
