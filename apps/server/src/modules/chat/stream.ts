import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, type ChatStreamEvent } from '@app/shared';
import { bearerToken, requireUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound, unauthorized } from '../../core/errors.ts';
import { sha256 } from '../../core/ids.ts';
import { LlmError, type LlmUsage } from '../../providers/llm/types.ts';
import { reserve, type Hold } from '../billing/holds.ts';
import type { ChatModel, ModelCatalog } from './catalog.ts';
import type { LlmRouter } from './llm-router.ts';
import { buildPrompt, type PastMessage } from './prompt.ts';
import { balanceError } from './credits.ts';
import { recordTurn } from './record.ts';
import type { ChatService } from './service.ts';
import { SseWriter } from './sse-writer.ts';
import type { StopReason, StreamRegistry } from './stream-registry.ts';
import { claimTurn, type PreparedTurn } from './turns.ts';

/** What the user is told when the upstream fails; the details go to the log. */
export function describeFailure(e: LlmError): { code: number; message: string } {
  switch (e.kind) {
    case 'auth':
      return { code: Code.CHAT_UNAVAILABLE, message: '模型服务暂不可用（密钥无效或已停用），请联系管理员' };
    case 'quota':
      return { code: Code.CHAT_UNAVAILABLE, message: '模型服务额度已用尽，请联系管理员' };
    case 'refused':
      return { code: Code.CHAT_UNAVAILABLE, message: '无法连接模型服务，请稍后再试' };
    case 'rate_limit':
      return { code: Code.CHAT_RATE_LIMITED, message: '模型服务繁忙，请稍后再试' };
    case 'timeout':
      return { code: Code.CHAT_TIMEOUT, message: '模型服务响应超时，请稍后再试' };
    case 'cut':
      return { code: Code.CHAT_UPSTREAM, message: '回复意外中断，请重试' };
    case 'bad_request':
      return { code: Code.CHAT_UPSTREAM, message: '模型服务拒绝了本次请求，请调整内容后重试' };
    default:
      return { code: Code.CHAT_UPSTREAM, message: '模型服务出错，请稍后再试' };
  }
}

/** GET /api/chat/stream: runs a prepared turn and relays the reply as SSE. */
export class TurnRunner {
  constructor(
    private ctx: AppContext,
    private service: ChatService,
    private catalog: ModelCatalog,
    private router: LlmRouter,
    private registry: StreamRegistry,
  ) {}

  /**
   * Problems with the token or the secret are plain JSON replies; once the turn is claimed,
   * everything is SSE. The token that prepared the turn opens it without a database lookup;
   * any other token must belong to the same user.
   */
  async open(req: FastifyRequest, secret: string, reply: FastifyReply) {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const hash = sha256(token);
    const turn = await claimTurn(this.ctx.kv, secret, async (t) => t.tokenHash === hash || (await requireUser(this.ctx, req)).id === t.userId);
    if (!turn) {
      await requireUser(this.ctx, req); // a bad token says so (403000) rather than "not found"
      throw notFound('对话已过期或不存在，请重新发送');
    }
    const model = await this.catalog.find(turn.model);
    if (!model) throw new AppError(Code.BAD_REQUEST, '该模型已停用，请重新选择', 400);
    reply.hijack();
    await this.registry.track(this.run(turn, model, secret, reply.raw));
  }

  private async run(turn: PreparedTurn, model: ChatModel, secret: string, res: ServerResponse) {
    const controller = new AbortController();
    const sse = new SseWriter(res, () => controller.abort('disconnect' satisfies StopReason));
    const startedAt = this.ctx.clock.now();
    // The balance check (with a hold for turns in flight) and the history read go together.
    const history = turn.usingContext && !turn.newGroup ? this.service.pastMessages(turn, model.maxRounds * 2 + 4, turn.retryOf) : Promise.resolve([]);
    history.catch(() => {});
    const hold = await this.admit(turn, model, sse);
    if (!hold) return sse.end();
    try {
      await this.service.materializeGroup(turn);
    } catch (e) {
      this.ctx.log.error({ err: e }, 'chat: creating the group failed');
      await hold.release().catch(() => {});
      await sse.send({ type: 'error', code: Code.SERVER_ERROR, message: '服务器开小差了，请稍后再试', uuid: turn.groupId, messageId: null });
      return sse.end();
    }
    let closing: ChatStreamEvent;
    try {
      const outcome = await this.relay(turn, model, secret, history, controller, sse);
      closing = await this.save(turn, model, startedAt, outcome, controller);
    } finally {
      // Before the last event: a next turn opened right after it must not see this one's hold.
      await hold.release().catch((e) => this.ctx.log.error({ err: e }, 'chat: releasing the hold failed'));
      await this.registry.remove(secret).catch((e) => this.ctx.log.error({ err: e }, 'chat: unregistering the stream failed'));
    }
    await sse.send(closing);
    sse.end();
  }

  /** Holds the turn's cost, or tells the client why not (408xxx when the balance cannot pay). */
  private async admit(turn: PreparedTurn, model: ChatModel, sse: SseWriter): Promise<Hold | null> {
    let hold: Hold | null;
    try {
      hold = await reserve(this.ctx.kv, this.ctx.db, turn.userId, model.pool, model.cost, this.ctx.clock.now());
    } catch (e) {
      this.ctx.log.error({ err: e }, 'chat: balance check failed');
      await sse.send({ type: 'error', code: Code.SERVER_ERROR, message: '服务器开小差了，请稍后再试', uuid: turn.groupId, messageId: null });
      return null;
    }
    if (!hold) {
      const err = balanceError(model);
      await sse.send({ type: 'error', code: err.code, message: err.message, uuid: turn.groupId, messageId: null });
    }
    return hold;
  }

  /** Streams the upstream's answer to the client (stoppable meanwhile); what arrived and how it ended. */
  private async relay(turn: PreparedTurn, model: ChatModel, secret: string, history: Promise<PastMessage[]>, controller: AbortController, sse: SseWriter) {
    const parts: string[] = [];
    let usage: LlmUsage | null = null;
    let failure: LlmError | null = null;
    try {
      await this.registry.add(secret, turn.userId, { controller, ping: () => sse.ping() });
      const messages = await buildPrompt({
        model,
        systemMessage: turn.systemMessage,
        appPrompt: turn.appPrompt,
        history: await history,
        question: { text: turn.input, images: turn.images },
        loadImage: (url) => this.loadImage(url),
      });
      // Pushed, not pulled: each delta goes from the upstream's read to the client's (batched) write
      // without a promise in between; the writer's promise, while the client is slow, holds the upstream.
      usage = await this.router.relay(model, { messages, temperature: turn.temperature, maxTokens: model.maxTokens, signal: controller.signal }, (text) => {
        parts.push(text);
        return sse.delta(text);
      });
    } catch (e) {
      if (e instanceof LlmError) failure = e;
      else {
        this.ctx.log.error({ err: e }, 'chat: turn failed');
        failure = new LlmError('upstream', (e as Error)?.message ?? String(e));
      }
    }
    return { text: parts.join(''), usage, failure };
  }

  /** Saves the turn (charging a produced reply); returns the closing `done` or `error` event. */
  private async save(
    turn: PreparedTurn,
    model: ChatModel,
    startedAt: number,
    { text, usage, failure }: Awaited<ReturnType<TurnRunner['relay']>>,
    controller: AbortController,
  ): Promise<ChatStreamEvent> {
    const status = controller.signal.aborted ? 'stopped' : failure ? 'error' : 'complete';
    const problem = status === 'error' ? describeFailure(failure!) : null;
    if (problem) this.ctx.log.warn({ model: model.code, kind: failure!.kind, detail: failure!.message, chars: text.length }, 'chat: upstream failed');
    let saved: Awaited<ReturnType<typeof recordTurn>>;
    try {
      saved = await recordTurn(this.ctx, {
        turn,
        model,
        startedAt,
        text,
        status,
        errorText: problem?.message ?? null,
        usage,
        // A reply was produced: complete, or stopped with some text. A failure is never charged.
        charge: status !== 'error' && text.length > 0,
      });
    } catch (e) {
      this.ctx.log.error({ err: e }, 'chat: saving the turn failed');
      return { type: 'error', code: Code.SERVER_ERROR, message: '保存回复失败，请稍后再试', uuid: turn.groupId, messageId: null };
    }
    if (problem) return { type: 'error', code: problem.code, message: problem.message, uuid: turn.groupId, messageId: saved.messageId };
    return {
      type: 'done',
      uuid: turn.groupId,
      messageId: saved.messageId,
      userMessageId: saved.userMessageId,
      status: status === 'stopped' ? 'stopped' : 'complete',
      usage: usage
        ? { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens }
        : null,
      charged: saved.charged,
    };
  }

  /** Our uploads go upstream as data: URLs, so the upstream needs no access to this server. */
  private async loadImage(url: string): Promise<string | null> {
    const key = this.ctx.storage.keyOf(url);
    const file = key ? await this.ctx.storage.get(key) : null;
    return file ? `data:${file.contentType};base64,${file.body.toString('base64')}` : null;
  }
}
