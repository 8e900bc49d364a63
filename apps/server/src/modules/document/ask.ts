import type { ServerResponse } from 'node:http';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, type DocumentAskBody, type DocumentAskValidateBody, type DocumentCitation, type DocumentStreamEvent } from '@app/shared';
import { bearerToken, requireUser, type AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound, unauthorized } from '../../core/errors.ts';
import { sha256 } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { documentMessages, documents } from '../../db/schema/index.ts';
import { LlmError, type LlmChunk, type LlmUsage } from '../../providers/llm/types.ts';
import { readBalance } from '../billing/balance.ts';
import { reserve, type Hold } from '../billing/holds.ts';
import type { ChatModel, ModelCatalog } from '../chat/catalog.ts';
import { balanceError, spendable } from '../chat/credits.ts';
import type { LlmRouter } from '../chat/llm-router.ts';
import { SseWriter } from '../chat/sse-writer.ts';
import { describeFailure } from '../chat/stream.ts';
import type { StopReason, StreamRegistry } from '../chat/stream-registry.ts';
import { claimTurn, prepareTurn, type OwnedTurn } from '../chat/turns.ts';
import { DEFAULT_LANGUAGE, findAction, findLanguage, type DocumentAction } from './actions.ts';
import { offlineDocumentAnswer, streamText } from './offline-answer.ts';
import { buildDocumentPrompt, citedNumbers } from './prompt.ts';
import { recordAnswer } from './record.ts';
import { citationOf, leading, spread, type IndexedChunk, type SearchIndexes } from './search-index.ts';
import type { DocumentService } from './service.ts';
import type { DocumentRow } from './views.ts';

/** What a document's context may hold, in characters (about 8k tokens of Chinese). */
const CONTEXT_CHARS = 12_000;
const SEARCH_TOP = 8;
const HISTORY_MESSAGES = 4;
const ASKS_PER_MINUTE = 60;
const TURN_PREFIX = 'doc:turn:';
const liveKey = (token: string) => `doc:live:${token}`;

interface DocumentTurn extends OwnedTurn {
  documentId: number;
  token: string;
  model: string;
  action: string;
  language: string;
  question: string;
}

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

/** Asking a document: validate (the prepare) and the streamed answer, with credits as in chat. */
export class DocumentAsk {
  constructor(
    private ctx: AppContext,
    private service: DocumentService,
    private indexes: SearchIndexes,
    private catalog: ModelCatalog,
    private router: LlmRouter,
    private registry: StreamRegistry,
  ) {}

  private async model(): Promise<ChatModel> {
    const wanted = this.ctx.config.env.DOCUMENT_MODEL;
    const model = (wanted && (await this.catalog.find(wanted))) || (await this.catalog.find());
    if (!model) throw new AppError(Code.BAD_REQUEST, '暂无可用模型', 400);
    return model;
  }

  /** Checks the document, the action, the language and the balance; returns the one-use secret of the answer. */
  async validate(caller: AuthUser, body: DocumentAskValidateBody, tokenHash: string): Promise<{ secret: string }> {
    const doc = await this.service.requireDocument(caller, body.token);
    if (doc.status === 3) throw field('token', '文档解析失败！请删除后重新上传');
    if (doc.status !== 2) throw field('token', '文档还在解析中，请稍后再试');
    const action = findAction(body.action);
    if (!action) throw field('action', '操作无效，请重新选择');
    const language = body.language ? findLanguage(body.language) : findLanguage(DEFAULT_LANGUAGE);
    if (!language) throw field('language', '暂不支持该输出语言');
    const question = body.question.trim();
    if (action.needsQuestion && !question) throw field('question', '请输入问题');
    await limitOrThrow(this.ctx.kv, `doc-ask:${caller.id}`, ASKS_PER_MINUTE, 60, '提问过于频繁，请稍后再试');
    const model = await this.model();
    const balance = await readBalance(this.ctx.db, caller.id, this.ctx.clock.now());
    if (spendable(balance, model) < model.cost) throw balanceError(model);
    const secret = await prepareTurn<DocumentTurn>(
      this.ctx.kv,
      { userId: caller.id, tokenHash, documentId: doc.id, token: doc.token, model: model.code, action: action.value, language: language.value, question },
      TURN_PREFIX,
    );
    return { secret };
  }

  /** POST /api/document/ask: token or secret problems are JSON replies; once the turn is claimed, everything is SSE. */
  async open(req: FastifyRequest, body: DocumentAskBody, reply: FastifyReply) {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const hash = sha256(token);
    const turn = await claimTurn<DocumentTurn>(
      this.ctx.kv,
      body.secret,
      async (t) => t.tokenHash === hash || (await requireUser(this.ctx, req)).id === t.userId,
      TURN_PREFIX,
    );
    if (!turn) {
      await requireUser(this.ctx, req);
      throw notFound('提问已过期或不存在，请重新发送');
    }
    if (turn.token !== body.token) throw field('token', '文档与提问不符，请重新发送');
    const [doc] = await this.ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, turn.documentId), eq(documents.userId, turn.userId), isNull(documents.deletedAt)))
      .limit(1);
    if (!doc) throw notFound('文档不存在或已删除');
    const model = await this.catalog.find(turn.model);
    if (!model) throw new AppError(Code.BAD_REQUEST, '该模型已停用，请重新选择', 400);
    reply.hijack();
    await this.registry.track(this.run(turn, doc, model, body.secret, reply.raw));
  }

  /** Stops the caller's live answer, named by its secret or by the document. */
  async stop(caller: AuthUser, by: { secret?: string; token?: string }): Promise<boolean> {
    let secret = by.secret;
    if (!secret && by.token) {
      const doc = await this.service.requireDocument(caller, by.token);
      secret = (await this.ctx.kv.get(liveKey(doc.token))) ?? undefined;
    }
    return secret ? this.registry.stop(secret, caller.id) : false;
  }

  private async run(turn: DocumentTurn, doc: DocumentRow, model: ChatModel, secret: string, res: ServerResponse) {
    const controller = new AbortController();
    const sse = new SseWriter(res, () => controller.abort('disconnect' satisfies StopReason));
    const startedAt = this.ctx.clock.now();
    const action = findAction(turn.action)!;
    const hold = await this.admit(turn, model, sse);
    if (!hold) return sse.end();
    let closing: DocumentStreamEvent;
    try {
      await this.registry.add(secret, turn.userId, { controller, ping: () => sse.ping() });
      await this.ctx.kv.set(liveKey(turn.token), secret, 3 * 3600);
      const outcome = await this.relay(turn, doc, model, action, controller, sse);
      closing = await this.save(turn, model, startedAt, outcome, controller);
    } finally {
      await hold.release().catch((e) => this.ctx.log.error({ err: e }, 'document: releasing the hold failed'));
      await this.registry.remove(secret).catch((e) => this.ctx.log.error({ err: e }, 'document: unregistering the stream failed'));
      await this.ctx.kv.del(liveKey(turn.token)).catch(() => {});
    }
    await sse.send(closing);
    sse.end();
  }

  private async admit(turn: DocumentTurn, model: ChatModel, sse: SseWriter): Promise<Hold | null> {
    let hold: Hold | null;
    try {
      hold = await reserve(this.ctx.kv, this.ctx.db, turn.userId, model.pool, model.cost, this.ctx.clock.now());
    } catch (e) {
      this.ctx.log.error({ err: e }, 'document: balance check failed');
      await sse.send({ type: 'error', code: Code.SERVER_ERROR, message: '服务器开小差了，请稍后再试', token: turn.token, messageId: null });
      return null;
    }
    if (!hold) {
      const err = balanceError(model);
      await sse.send({ type: 'error', code: err.code, message: err.message, token: turn.token, messageId: null });
    }
    return hold;
  }

  /** The passages the answer is built on: the best matches of the question, or the document itself. */
  private async passages(doc: DocumentRow, action: DocumentAction, question: string): Promise<{ picked: IndexedChunk[]; complete: boolean }> {
    if (action.reads === 'search' || (question && action.value === 'points')) {
      return { picked: await this.indexes.search(doc.id, question || action.label, SEARCH_TOP), complete: false };
    }
    const { chunks } = await this.indexes.get(doc.id);
    return action.value === 'translate' ? leading(chunks, CONTEXT_CHARS) : spread(chunks, CONTEXT_CHARS);
  }

  private async history(turn: DocumentTurn) {
    const rows = await this.ctx.db
      .select({ role: documentMessages.role, text: documentMessages.text, status: documentMessages.status })
      .from(documentMessages)
      .where(and(eq(documentMessages.documentId, turn.documentId), eq(documentMessages.action, 'qa')))
      .orderBy(desc(documentMessages.id))
      .limit(HISTORY_MESSAGES);
    return rows
      .reverse()
      .filter((r) => r.status !== 'error' && r.text.trim())
      .map((r) => ({ role: (r.role === 'user' ? 'user' : 'assistant') as 'user' | 'assistant', text: r.text }));
  }

  private async relay(turn: DocumentTurn, doc: DocumentRow, model: ChatModel, action: DocumentAction, controller: AbortController, sse: SseWriter) {
    const parts: string[] = [];
    let usage: LlmUsage | null = null;
    let failure: LlmError | null = null;
    let passages: IndexedChunk[] = [];
    try {
      const { picked, complete } = await this.passages(doc, action, turn.question);
      passages = picked;
      const { configured } = await this.catalog.keys(model.id);
      let upstream: AsyncIterable<LlmChunk>;
      if (configured === 0) {
        const text = offlineDocumentAnswer(action, turn.language, turn.question, passages);
        upstream = streamText(text, this.ctx.config.env.LLM_OFFLINE_DELAY_MS, controller.signal);
      } else {
        const history = action.value === 'qa' ? await this.history(turn) : [];
        const messages = buildDocumentPrompt({ title: doc.title, action, language: turn.language, question: turn.question, passages, complete, history });
        upstream = this.router.stream(model, { messages, maxTokens: model.maxTokens, signal: controller.signal });
      }
      for await (const chunk of upstream) {
        if (chunk.type === 'delta') {
          parts.push(chunk.text);
          const wait = sse.delta(chunk.text);
          if (wait) await wait;
        } else {
          usage = chunk.usage;
        }
        if (controller.signal.aborted) break;
      }
    } catch (e) {
      if (e instanceof LlmError) failure = e;
      else {
        this.ctx.log.error({ err: e }, 'document: answer failed');
        failure = new LlmError('upstream', (e as Error)?.message ?? String(e));
      }
    }
    const text = parts.join('');
    return { text, usage, failure, citations: citationsOf(text, passages, action) };
  }

  private async save(
    turn: DocumentTurn,
    model: ChatModel,
    startedAt: number,
    { text, usage, failure, citations }: Awaited<ReturnType<DocumentAsk['relay']>>,
    controller: AbortController,
  ): Promise<DocumentStreamEvent> {
    const status = controller.signal.aborted ? 'stopped' : failure ? 'error' : 'complete';
    const problem = status === 'error' ? describeFailure(failure!) : null;
    if (problem) this.ctx.log.warn({ model: model.code, kind: failure!.kind, detail: failure!.message }, 'document: upstream failed');
    let saved: Awaited<ReturnType<typeof recordAnswer>>;
    try {
      saved = await recordAnswer(this.ctx, {
        userId: turn.userId,
        documentId: turn.documentId,
        model,
        action: turn.action,
        language: turn.language,
        question: turn.question,
        startedAt,
        text,
        status,
        errorText: problem?.message ?? null,
        citations,
        usage,
        charge: status !== 'error' && text.length > 0,
      });
    } catch (e) {
      this.ctx.log.error({ err: e }, 'document: saving the answer failed');
      return { type: 'error', code: Code.SERVER_ERROR, message: '保存回复失败，请稍后再试', token: turn.token, messageId: null };
    }
    if (problem) return { type: 'error', code: problem.code, message: problem.message, token: turn.token, messageId: saved.messageId };
    return {
      type: 'done',
      token: turn.token,
      messageId: saved.messageId,
      userMessageId: saved.userMessageId,
      status: status === 'stopped' ? 'stopped' : 'complete',
      usage: usage ? { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens } : null,
      charged: saved.charged,
      citations,
    };
  }
}

/** The passages the answer cites by number; for a question answered without marks, the passages it was given. */
function citationsOf(text: string, passages: IndexedChunk[], action: DocumentAction): DocumentCitation[] {
  const cited = citedNumbers(text, passages.length);
  if (cited.length) return cited.map((n) => citationOf(n, passages[n - 1]!));
  return action.reads === 'search' && text ? passages.slice(0, 3).map((c, i) => citationOf(i + 1, c)) : [];
}
