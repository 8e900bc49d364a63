import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, type ThesisOutlineEvent } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import type { ChatModel, Models } from '../models/public.ts';
import { prepareTurn, type Outcome, type OwnedTurn, type TurnAdapter, type TurnEngine } from '../turns/public.ts';
import { offlineStream } from './offline-stream.ts';
import { OFFLINE_OUTLINE_NOTE, offlineOutline, outlinePrompt, outlineText, parseOutline } from './outline.ts';
import { briefOf, type ThesisService } from './service.ts';

const TURN_PREFIX = 'thesis:outline:';
/** Outlines are free; this many per user per hour keeps them from being a free chat. */
const OUTLINES_PER_HOUR = 20;

interface OutlineTurn extends OwnedTurn {
  thesisId: number;
  model: string;
}
interface OutlineRef extends Record<string, unknown> {
  thesisId: number;
  userId: number;
  offline: boolean;
}
type OutlineClosing = Extract<ThesisOutlineEvent, { type: 'done' | 'error' }>;

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

/** The outline of a thesis: one streamed reply on the turn engine, parsed and saved when it completes. */
export class OutlineTurns {
  private adapter: TurnAdapter<OutlineTurn, OutlineRef, OutlineClosing>;

  constructor(
    private ctx: AppContext,
    private service: ThesisService,
    private models: Models,
    private engine: TurnEngine,
  ) {
    this.adapter = engine.register({
      kind: 'thesis.outline',
      begin: async (_tx, turn) => ({ thesisId: turn.thesisId, userId: turn.userId, offline: await this.isOffline(turn.model) }),
      produce: (turn, ref, emit, signal) => this.produce(turn, ref, emit, signal),
      finish: (tx, ref, outcome) => this.finish(tx, ref, outcome),
      failure: (turn, code, message) => ({ type: 'error', id: turn.thesisId, code, message }),
    });
  }

  async model(): Promise<ChatModel> {
    const model = await this.models.catalog.find();
    if (!model) throw new AppError(Code.BAD_REQUEST, '暂无可用模型', 400);
    return model;
  }

  async isOffline(code: string) {
    const model = await this.models.catalog.find(code);
    return !model || (await this.models.catalog.keys(model.id)).configured === 0;
  }

  async prepare(user: AuthUser, id: number): Promise<{ secret: string }> {
    const t = await this.service.require(user.id, id);
    if (t.status === 'writing') throw new AppError(Code.CONFLICT, '正在写作中，请等待完成或先停止写作', 409);
    await limitOrThrow(this.ctx.kv, `thesis-outline:${user.id}`, OUTLINES_PER_HOUR, 3600, '生成大纲过于频繁，请稍后再试');
    const model = await this.model();
    return { secret: await prepareTurn<OutlineTurn>(this.ctx.kv, { userId: user.id, thesisId: t.id, model: model.code }, TURN_PREFIX) };
  }

  async open(req: FastifyRequest, body: { id: number; secret: string }, reply: FastifyReply) {
    await this.engine.open(this.adapter, req, body.secret, reply, {
      prefix: TURN_PREFIX,
      expired: '大纲请求已过期，请重新生成',
      price: async (turn) => {
        if (turn.thesisId !== body.id) throw field('id', '论文与请求不符，请重新生成');
        await this.service.require(turn.userId, turn.thesisId);
        return { pool: 'model3', cost: 0, label: '论文大纲' };
      },
    });
  }

  /** POST /api/thesis/outline/stop: the engine stops the turn (on any instance). */
  async stop(user: AuthUser, secret: string) {
    if (!(await this.engine.live.stop(secret, user.id))) throw new AppError(Code.NOT_FOUND, '没有进行中的大纲', 404);
  }

  private async produce(turn: OutlineTurn, ref: OutlineRef, emit: (t: string) => Promise<void> | undefined, signal: AbortSignal) {
    const t = await this.service.require(turn.userId, turn.thesisId);
    const brief = briefOf(t);
    if (ref.offline) {
      const text = `${OFFLINE_OUTLINE_NOTE}\n${outlineText(offlineOutline(brief), brief.language)}`;
      for await (const piece of offlineStream(text, this.ctx.config.env.LLM_OFFLINE_DELAY_MS, signal)) await emit(piece);
      return { usage: null };
    }
    const model = await this.model();
    const usage = await this.models.router.relay(model, { messages: outlinePrompt(brief), temperature: 0.5, maxTokens: 2000, signal }, emit);
    return { usage };
  }

  private async finish(tx: Db, ref: OutlineRef, o: Outcome): Promise<OutlineClosing> {
    if (o.status === 'error') return { type: 'error', id: ref.thesisId, code: o.errorCode ?? Code.CHAT_UPSTREAM, message: o.errorText ?? '模型服务出错，请稍后再试' };
    if (o.status === 'stopped') return { type: 'error', id: ref.thesisId, code: Code.BAD_REQUEST, message: '已停止生成大纲' };
    const t = await this.service.require(ref.userId, ref.thesisId, tx).catch(() => null);
    if (!t) return { type: 'error', id: ref.thesisId, code: Code.NOT_FOUND, message: '论文不存在或已删除' };
    const outline = parseOutline(o.text, t.length);
    if (!outline.length) return { type: 'error', id: ref.thesisId, code: Code.CHAT_UPSTREAM, message: '没能从回复中读出大纲，请重新生成' };
    try {
      const saved = await this.service.saveOutline(ref.userId, ref.thesisId, outline, tx);
      if (ref.offline) await tx.execute(sqlOffline(ref.thesisId));
      return {
        type: 'done',
        id: ref.thesisId,
        charged: 0,
        outline: (saved.outline ?? []).map((c) => ({ ...c, sections: c.sections.map((s) => ({ ...s, status: 'pending', text: '' })) })),
      };
    } catch (e) {
      if (e instanceof AppError) return { type: 'error', id: ref.thesisId, code: e.code, message: e.message };
      throw e;
    }
  }
}

const sqlOffline = (id: number) => sql`update theses set offline = 1 where id = ${id}`;
