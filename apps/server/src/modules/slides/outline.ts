import { setImmediate as tick, setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, DEFAULT_SLIDE_THEME, parseOutline, type DeckOutlineEvent, type DeckOutlineValidateBody } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { slideDecks } from '../../db/schema/index.ts';
import { LlmError, type LlmChunk, type LlmUsage } from '../../providers/llm/types.ts';
import type { ChatModel, Models } from '../models/public.ts';
import { prepareTurn, usageView, type Outcome, type OwnedTurn, type TurnAdapter, type TurnEngine } from '../turns/public.ts';
import { OFFLINE_NOTICE, offlineOutline } from './offline.ts';
import { sectionsFor } from './plan.ts';
import { documentSourceText } from '../document/public.ts';
import { outlinePrompt, SOURCE_CHARS } from './prompt.ts';
import { DECKS_PER_USER, type SlidesService } from './service.ts';

const TURN_PREFIX = 'ppt:outline:';
/** Outlines are free (the slides cost quota): bounded per user instead. */
const OUTLINES_PER_HOUR = 30;

interface OutlineTurn extends OwnedTurn {
  deckId: number;
}

interface OutlineRef extends Record<string, unknown> {
  deckId: number;
  userId: number;
}

type OutlineClosing = Extract<DeckOutlineEvent, { type: 'done' | 'error' }>;

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

/** Streams `text` at a typing pace, like the offline chat model. */
async function* streamText(text: string, delayMs: number, signal: AbortSignal): AsyncGenerator<LlmChunk> {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += 6) {
    if (signal.aborted) throw new LlmError('aborted', 'aborted by the caller');
    yield { type: 'delta', text: chars.slice(i, i + 6).join('') };
    await (delayMs > 0 ? sleep(delayMs).catch(() => {}) : tick());
  }
  yield { type: 'usage', usage: { promptTokens: 0, completionTokens: Math.ceil(chars.length / 1.5) } };
}

/** The model decks are written with (the first chat model), and whether it runs offline (no key). */
export async function deckModel(models: Models): Promise<{ model: ChatModel; offline: boolean }> {
  const model = await models.catalog.find();
  if (!model) throw new AppError(Code.BAD_REQUEST, '暂无可用模型', 400);
  const { configured } = await models.catalog.keys(model.id);
  return { model, offline: configured === 0 };
}

/** New deck → its outline, streamed: a turn on the paid-turn engine (free; the slides are what costs quota). */
export class OutlineTurns {
  private adapter: TurnAdapter<OutlineTurn, OutlineRef, OutlineClosing>;

  constructor(
    private ctx: AppContext,
    private service: SlidesService,
    private models: Models,
    private engine: TurnEngine,
  ) {
    this.adapter = engine.register({
      kind: 'slides.outline',
      begin: (_tx, turn) => Promise.resolve({ deckId: turn.deckId, userId: turn.userId }),
      produce: (_turn, ref, emit, signal) => this.produce(ref, emit, signal),
      finish: (tx, ref, outcome) => this.finish(tx, ref, outcome),
      failure: (turn, code, message) => ({ type: 'error', code, message, deckId: turn.deckId }),
    });
  }

  /** Checks the request, writes the deck (status outlining) and returns the one-use secret of its outline stream. */
  async validate(user: AuthUser, body: DeckOutlineValidateBody): Promise<{ secret: string; deckId: number }> {
    await limitOrThrow(this.ctx.kv, `ppt-outline:${user.id}`, OUTLINES_PER_HOUR, 3600, '生成大纲过于频繁，请稍后再试');
    if ((await this.service.count(user.id)) >= DECKS_PER_USER) throw field('topic', `最多保存 ${DECKS_PER_USER} 份 PPT，请先删除不需要的`);
    const { model, offline } = await deckModel(this.models);
    const pasted = body.text?.trim() ?? '';
    // A document's text joins what was pasted, within what the prompt carries.
    const doc = body.document ? await documentSourceText(this.ctx, user, body.document, Math.max(2000, SOURCE_CHARS - Array.from(pasted).length)) : null;
    const now = new Date(this.ctx.clock.now());
    const [deck] = await this.ctx.db
      .insert(slideDecks)
      .values({
        userId: user.id,
        title: body.topic,
        topic: body.topic,
        sourceText: [pasted, doc?.text ?? ''].filter(Boolean).join('\n\n'),
        sourceTitle: doc?.title ?? '',
        audience: body.audience?.trim() ?? '',
        language: body.language,
        pages: body.pages,
        theme: body.theme ?? DEFAULT_SLIDE_THEME,
        status: 'outlining',
        model: model.code,
        offline,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: slideDecks.id });
    const secret = await prepareTurn<OutlineTurn>(this.ctx.kv, { userId: user.id, deckId: deck!.id }, TURN_PREFIX);
    return { secret, deckId: deck!.id };
  }

  /** GET /api/aippt/outline/stream: secret problems are JSON replies; once claimed, everything is SSE. */
  async open(req: FastifyRequest, secret: string, reply: FastifyReply) {
    await this.engine.open(this.adapter, req, secret, reply, { prefix: TURN_PREFIX, expired: '大纲请求已过期，请重新生成', price: () => ({ pool: 'ppt', cost: 0, label: 'PPT 大纲' }) });
  }

  /** POST /api/aippt/outline/stop: the engine stops the turn (on any instance); the outline so far is saved. */
  async stop(user: AuthUser, secret: string) {
    if (!(await this.engine.live.stop(secret, user.id))) throw new AppError(Code.NOT_FOUND, '没有进行中的大纲', 404);
  }

  private async produce(ref: OutlineRef, emit: (text: string) => Promise<void> | undefined, signal: AbortSignal) {
    const deck = await this.service.require({ id: ref.userId }, ref.deckId);
    const { model, offline } = await deckModel(this.models);
    const sections = sectionsFor(deck.pages);
    const english = deck.language === 'en';
    const upstream = offline
      ? streamText(
          offlineOutline({ topic: deck.topic, audience: deck.audience, sourceText: deck.sourceText, sections, english }),
          this.ctx.config.env.LLM_OFFLINE_DELAY_MS,
          signal,
        )
      : this.models.router.stream(model, { messages: outlinePrompt(deck, sections), maxTokens: 1500, temperature: 0.6, signal });
    let usage: LlmUsage | null = null;
    for await (const chunk of upstream) {
      if (chunk.type === 'delta') {
        const wait = emit(chunk.text);
        if (wait) await wait;
      } else if (chunk.type === 'usage') usage = chunk.usage;
      if (signal.aborted) break;
    }
    return { usage };
  }

  private async finish(tx: Db, ref: OutlineRef, o: Outcome): Promise<OutlineClosing> {
    const parsed = parseOutline(o.text);
    const ok = o.status !== 'error' && parsed.sections.length > 0;
    const [row] = await tx
      .update(slideDecks)
      .set({
        outline: parsed.sections,
        ...(parsed.title ? { title: parsed.title } : {}),
        status: ok ? 'outline' : 'failed',
        errorText: ok ? null : (o.errorText ?? '没有生成大纲，请重试或手动添加章节'),
        updatedAt: new Date(this.ctx.clock.now()),
      })
      .where(and(eq(slideDecks.id, ref.deckId), eq(slideDecks.status, 'outlining')))
      .returning();
    if (!ok) {
      return { type: 'error', code: o.errorCode ?? Code.CHAT_UPSTREAM, message: o.errorText ?? '没有生成大纲，请重试或手动添加章节', deckId: ref.deckId };
    }
    return {
      type: 'done',
      deckId: ref.deckId,
      status: o.status === 'stopped' ? 'stopped' : 'complete',
      title: row?.title ?? parsed.title,
      outline: parsed.sections,
      usage: usageView(o.usage),
      charged: o.charged,
    };
  }
}

export { OFFLINE_NOTICE };
