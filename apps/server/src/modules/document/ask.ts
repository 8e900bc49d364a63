import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, type DocumentAskBody, type DocumentAskValidateBody, type DocumentCitation, type DocumentStreamEvent } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { documentMessages, documents } from '../../db/schema/index.ts';
import type { LlmChunk, LlmUsage } from '../../providers/llm/types.ts';
import { priceOf, type ChatModel, type Models } from '../models/public.ts';
import { prepareTurn, requireBalance, usageView, type Outcome, type OwnedTurn, type TurnAdapter, type TurnEngine } from '../turns/public.ts';
import { DEFAULT_LANGUAGE, documentActionsOf, findLanguage, type DocumentAction } from './actions.ts';
import { offlineDocumentAnswer, streamText } from './offline-answer.ts';
import { buildDocumentPrompt, citedNumbers } from './prompt.ts';
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

/** What a document answer keeps to be saved, also when another instance settles it. */
interface DocumentRef extends Record<string, unknown> {
  documentId: number;
  userId: number;
  token: string;
  userMessageId: number;
  action: string;
  language: string;
  model: string;
}

type DocumentClosing = Extract<DocumentStreamEvent, { type: 'done' | 'error' }>;

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

/** Asking a document: validate (the prepare) and the streamed answer, a turn on the paid-turn engine. */
export class DocumentAsk {
  private adapter: TurnAdapter<DocumentTurn, DocumentRef, DocumentClosing>;

  constructor(
    private ctx: AppContext,
    private service: DocumentService,
    private indexes: SearchIndexes,
    private models: Models,
    private engine: TurnEngine,
  ) {
    this.adapter = engine.register({
      kind: 'document',
      begin: (tx, turn, startedAt) => this.begin(tx, turn, startedAt),
      produce: (turn, ref, emit, signal) => this.produce(turn, ref, emit, signal),
      finish: (tx, ref, outcome, extra) => this.finish(tx, ref, outcome, (extra as DocumentCitation[] | undefined) ?? []),
      failure: (turn, code, message) => ({ type: 'error', code, message, token: turn.token, messageId: null }),
    });
  }

  private async model(): Promise<ChatModel> {
    const wanted = this.ctx.config.env.DOCUMENT_MODEL;
    const model = (wanted && (await this.models.catalog.find(wanted))) || (await this.models.catalog.find());
    if (!model) throw new AppError(Code.BAD_REQUEST, '暂无可用模型', 400);
    return model;
  }

  /** Checks the document, the action, the language and the balance; returns the one-use secret of the answer. */
  async validate(caller: AuthUser, body: DocumentAskValidateBody): Promise<{ secret: string }> {
    const doc = await this.service.requireDocument(caller, body.token);
    if (doc.status === 3) throw field('token', '文档解析失败！请删除后重新上传');
    if (doc.status !== 2) throw field('token', '文档还在解析中，请稍后再试');
    const action = await documentActionsOf(this.ctx).find(body.action);
    if (!action) throw field('action', '操作无效，请重新选择');
    const language = body.language ? findLanguage(body.language) : findLanguage(DEFAULT_LANGUAGE);
    if (!language) throw field('language', '暂不支持该输出语言');
    const question = body.question.trim();
    if (action.needsQuestion && !question) throw field('question', '请输入问题');
    await limitOrThrow(this.ctx.kv, `doc-ask:${caller.id}`, ASKS_PER_MINUTE, 60, '提问过于频繁，请稍后再试');
    const model = await this.model();
    await requireBalance(this.ctx, caller.id, model);
    const secret = await prepareTurn<DocumentTurn>(
      this.ctx.kv,
      { userId: caller.id, documentId: doc.id, token: doc.token, model: model.code, action: action.value, language: language.value, question },
      TURN_PREFIX,
    );
    return { secret };
  }

  /** POST /api/document/ask: token or secret problems are JSON replies; once the turn is claimed, everything is SSE. */
  async open(req: FastifyRequest, body: DocumentAskBody, reply: FastifyReply) {
    await this.engine.open(this.adapter, req, body.secret, reply, {
      prefix: TURN_PREFIX,
      expired: '提问已过期或不存在，请重新发送',
      price: async (turn) => {
        if (turn.token !== body.token) throw field('token', '文档与提问不符，请重新发送');
        await this.requireLiveDocument(turn);
        const model = await this.models.catalog.find(turn.model);
        if (!model) throw new AppError(Code.BAD_REQUEST, '该模型已停用，请重新选择', 400);
        await this.ctx.kv.set(liveKey(turn.token), body.secret, 3 * 3600);
        return { ...priceOf(model), label: `文档：${model.label}` };
      },
      after: (turn) => this.ctx.kv.del(liveKey(turn.token)).catch(() => {}),
    });
  }

  /** Stops the caller's live answer, named by its secret or by the document. */
  async stop(caller: AuthUser, by: { secret?: string; token?: string }): Promise<boolean> {
    let secret = by.secret;
    if (!secret && by.token) {
      const doc = await this.service.requireDocument(caller, by.token);
      secret = (await this.ctx.kv.get(liveKey(doc.token))) ?? undefined;
    }
    return secret ? this.engine.live.stop(secret, caller.id) : false;
  }

  private async requireLiveDocument(turn: DocumentTurn): Promise<DocumentRow> {
    const [doc] = await forUser(this.ctx.db, turn.userId).documents.list({ where: eq(documents.id, turn.documentId), limit: 1 });
    if (!doc) throw notFound('文档不存在或已删除');
    return doc;
  }

  private async begin(tx: Db, turn: DocumentTurn, startedAt: number): Promise<DocumentRef> {
    const [q] = await tx
      .insert(documentMessages)
      .values({
        documentId: turn.documentId,
        userId: turn.userId,
        role: 'user',
        text: turn.question,
        action: turn.action,
        language: turn.language,
        status: 'complete',
        model: turn.model,
        createdAt: new Date(startedAt),
      })
      .returning({ id: documentMessages.id });
    return { documentId: turn.documentId, userId: turn.userId, token: turn.token, userMessageId: q!.id, action: turn.action, language: turn.language, model: turn.model };
  }

  private async produce(turn: DocumentTurn, ref: DocumentRef, emit: (text: string) => Promise<void> | undefined, signal: AbortSignal) {
    const doc = await this.requireLiveDocument(turn);
    const action = await documentActionsOf(this.ctx).any(turn.action);
    if (!action) throw new AppError(Code.BAD_REQUEST, '操作无效，请重新选择', 400);
    const model = await this.models.catalog.find(turn.model);
    if (!model) throw new AppError(Code.BAD_REQUEST, '该模型已停用，请重新选择', 400);
    const { picked: passages, complete } = await this.passages(doc, action, turn.question);
    const { configured } = await this.models.catalog.keys(model.id);
    let upstream: AsyncIterable<LlmChunk>;
    if (configured === 0) {
      const text = offlineDocumentAnswer(action, turn.language, turn.question, passages);
      upstream = streamText(text, this.ctx.config.env.LLM_OFFLINE_DELAY_MS, signal);
    } else {
      const history = action.value === 'qa' ? await this.history(turn, ref.userMessageId) : [];
      const messages = buildDocumentPrompt({ title: doc.title, action, language: turn.language, question: turn.question, passages, complete, history });
      upstream = this.models.router.stream(model, { messages, maxTokens: model.maxTokens, signal });
    }
    const parts: string[] = [];
    let usage: LlmUsage | null = null;
    for await (const chunk of upstream) {
      if (chunk.type === 'delta') {
        parts.push(chunk.text);
        const wait = emit(chunk.text);
        if (wait) await wait;
      } else if (chunk.type === 'usage') {
        usage = chunk.usage;
      }
      if (signal.aborted) break;
    }
    return { usage, extra: citationsOf(parts.join(''), passages, action) };
  }

  private async finish(tx: Db, ref: DocumentRef, o: Outcome, citations: DocumentCitation[]): Promise<DocumentClosing> {
    const [saved] = await tx
      .insert(documentMessages)
      .values({
        documentId: ref.documentId,
        userId: ref.userId,
        role: 'assistant',
        text: o.text,
        action: ref.action,
        language: ref.language,
        status: o.status,
        errorText: o.errorText,
        citations,
        model: ref.model,
        promptTokens: o.usage?.promptTokens ?? null,
        completionTokens: o.usage?.completionTokens ?? null,
        charged: o.charged > 0,
        createdAt: new Date(this.ctx.clock.now()),
      })
      .returning({ id: documentMessages.id });
    const messageId = saved!.id;
    if (o.status === 'error') return { type: 'error', code: o.errorCode ?? Code.CHAT_UPSTREAM, message: o.errorText ?? '模型服务出错，请稍后再试', token: ref.token, messageId };
    return {
      type: 'done',
      token: ref.token,
      messageId,
      userMessageId: ref.userMessageId,
      status: o.status,
      usage: usageView(o.usage),
      charged: o.charged,
      citations,
    };
  }

  /** The passages the answer is built on: the best matches of the question, or the document itself. */
  private async passages(doc: DocumentRow, action: DocumentAction, question: string): Promise<{ picked: IndexedChunk[]; complete: boolean }> {
    if (action.reads === 'search' || (question && action.value === 'points')) {
      return { picked: await this.indexes.search(doc.id, question || action.label, SEARCH_TOP), complete: false };
    }
    const { chunks } = await this.indexes.get(doc.id);
    return action.value === 'translate' ? leading(chunks, CONTEXT_CHARS) : spread(chunks, CONTEXT_CHARS);
  }

  /** The last Q&A exchanges before this question. */
  private async history(turn: DocumentTurn, beforeId: number) {
    const rows = await this.ctx.db
      .select({ role: documentMessages.role, text: documentMessages.text, status: documentMessages.status })
      .from(documentMessages)
      .where(and(eq(documentMessages.documentId, turn.documentId), eq(documentMessages.action, 'qa'), lt(documentMessages.id, beforeId)))
      .orderBy(desc(documentMessages.id))
      .limit(HISTORY_MESSAGES);
    return rows
      .reverse()
      .filter((r) => r.status !== 'error' && r.text.trim())
      .map((r): { role: 'user' | 'assistant'; text: string } => ({ role: r.role === 'user' ? 'user' : 'assistant', text: r.text }));
  }
}

/** The passages the answer cites by number; for a question answered without marks, the passages it was given. */
function citationsOf(text: string, passages: IndexedChunk[], action: DocumentAction): DocumentCitation[] {
  const cited = citedNumbers(text, passages.length);
  if (cited.length) return cited.map((n) => citationOf(n, passages[n - 1]!));
  return action.reads === 'search' && text ? passages.slice(0, 3).map((c, i) => citationOf(i + 1, c)) : [];
}
