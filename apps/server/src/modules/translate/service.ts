import { desc, sql } from 'drizzle-orm';
import { Code, detectLanguage, TRANSLATE_AUTO, translateLanguage, type TranslateCreateBody, type TranslateItem } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { forUser } from '../../db/repos/index.ts';
import { translations } from '../../db/schema/index.ts';
import type { ChatModel, ModelCatalog } from '../models/public.ts';
import { prepareTurn, requireBalance, type OwnedTurn } from '../turns/public.ts';

export const TRANSLATE_TURN_PREFIX = 'translate:turn:';
const CREATES_PER_MINUTE = 60;
const HISTORY_MAX = 100;

export interface TranslateTurn extends OwnedTurn {
  /** The row's id, taken at prepare; the row is written when the turn begins. */
  translationId: number;
  model: string;
  text: string;
  /** The source language (as chosen, or detected). */
  from: string;
  to: string;
}

type TranslationRow = typeof translations.$inferSelect;

export const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

const itemOf = (r: TranslationRow): TranslateItem => ({
  id: r.id,
  from: r.fromLang,
  to: r.toLang,
  source: r.source,
  result: r.result,
  status: r.status as TranslateItem['status'],
  error: r.errorText,
  model: r.model,
  created_at: r.createdAt.toISOString(),
});

/** Translations: prepare a turn, the history, deletes. Every read checks the caller owns the row. */
export class TranslateService {
  constructor(
    private ctx: AppContext,
    private catalog: ModelCatalog,
  ) {}

  async requireModel(code?: string | null): Promise<ChatModel> {
    const model = await this.catalog.find(code ?? null);
    if (!model) throw field('model', code ? '该模型已停用，请重新选择' : '暂无可用模型');
    return model;
  }

  /** Checks the text (up to the model's input limit), the languages, the balance; returns the secret. */
  async prepare(caller: AuthUser, body: TranslateCreateBody): Promise<{ id: number; secret: string; from: string; to: string }> {
    const model = await this.requireModel(body.model);
    const text = body.text.trim();
    if (Array.from(text).length > model.inputExt) throw field('text', `当前模型最大文字限制为${model.inputExt}字，请精简内容或选择更大文本模型`);
    const from = body.from === TRANSLATE_AUTO ? (detectLanguage(text) ?? TRANSLATE_AUTO) : body.from;
    if (from === body.to) throw field('to', `原文已是${translateLanguage(from)?.label ?? '目标语言'}，请选择其他目标语言`);
    await limitOrThrow(this.ctx.kv, `translate-create:${caller.id}`, CREATES_PER_MINUTE, 60, '操作过于频繁，请稍后再试');
    await requireBalance(this.ctx, caller.id, model);
    const reserved = await this.ctx.db.execute(sql`select nextval(pg_get_serial_sequence('translations', 'id'))::int as id`);
    const translationId = (reserved as { rows: { id: number }[] }).rows[0]!.id;
    const secret = await prepareTurn<TranslateTurn>(this.ctx.kv, { userId: caller.id, translationId, model: model.code, text, from, to: body.to }, TRANSLATE_TURN_PREFIX);
    return { id: translationId, secret, from, to: body.to };
  }

  async histories(caller: AuthUser): Promise<TranslateItem[]> {
    const rows = await forUser(this.ctx.db, caller.id).translations.list({ orderBy: [desc(translations.id)], limit: HISTORY_MAX });
    return rows.map(itemOf);
  }

  async delete(caller: AuthUser, id: number) {
    const mine = forUser(this.ctx.db, caller.id).translations;
    const row = await mine.get(id);
    if (!row) throw notFound('翻译记录不存在或已删除');
    if (row.status === 'running') throw field('id', '正在翻译中，请先停止');
    await mine.delete(id);
  }
}
