import { desc, sql } from 'drizzle-orm';
import { Code, MIND_TITLE_MAX, type MindCreateBody, type MindDetail, type MindImportBody, type MindSummary, type MindUpdateBody } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { forUser } from '../../db/repos/index.ts';
import { minds } from '../../db/schema/index.ts';
import { topicOf } from '../../providers/llm/offline-tools.ts';
import { documentSourceText } from '../document/public.ts';
import type { ChatModel, ModelCatalog } from '../models/public.ts';
import { prepareTurn, requireBalance, type OwnedTurn } from '../turns/public.ts';

export const MIND_TURN_PREFIX = 'mind:turn:';
const CREATES_PER_MINUTE = 60;
const HISTORY_MAX = 200;
const IMPORTS_PER_MINUTE = 20;
/** What an imported map's row says made it (no model wrote it). */
export const MIND_IMPORT_MODEL = 'import';
/** The most of a document a map is drawn from (an even spread of it when longer), in characters. */
export const MIND_DOCUMENT_CHARS = 12_000;

/** A prepared mind-map turn (kept under its secret until the stream opens it). */
export interface MindTurn extends OwnedTurn {
  mindId: number;
  /** True when the map exists already (regenerate). */
  existing: boolean;
  model: string;
  prompt: string;
  systemMessage?: string;
  temperature?: number;
  title: string;
  /** The document the map is drawn from: its text as read when the turn was prepared. */
  document?: { token: string; title: string; text: string };
}

type MindRow = typeof minds.$inferSelect;

export const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

/** The title of a map: its root heading, else the topic of its prompt. */
export function titleOfMap(markdown: string, prompt: string): string {
  const root = markdown.split('\n').find((l) => /^#\s+\S/.test(l.trim()));
  const t = root ? root.trim().replace(/^#\s+/, '').replace(/[`*_[\]<>]/g, '').trim() : '';
  const title = t || topicOf(prompt);
  return Array.from(title).slice(0, MIND_TITLE_MAX).join('');
}

const summaryOf = (r: MindRow): MindSummary => ({
  id: r.id,
  title: r.title,
  status: r.status as MindSummary['status'],
  model: r.model,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const detailOf = (r: MindRow): MindDetail => ({
  ...summaryOf(r),
  prompt: r.prompt,
  markdown: r.markdown,
  error: r.errorText,
  edited: r.edited,
  document: r.documentToken ? { token: r.documentToken, title: r.documentTitle } : null,
});

/** Mind maps: prepare a turn, the history, edits, deletes. Every read checks the caller owns the map. */
export class MindService {
  constructor(
    private ctx: AppContext,
    private catalog: ModelCatalog,
  ) {}

  async requireModel(code?: string | null): Promise<ChatModel> {
    const model = await this.catalog.find(code ?? null);
    if (!model) throw field('options.model', code ? '该模型已停用，请重新选择' : '暂无可用模型');
    return model;
  }

  private async requireMap(caller: AuthUser, id: number): Promise<MindRow> {
    const row = await forUser(this.ctx.db, caller.id).mindMaps.get(id);
    if (!row) throw notFound('思维导图不存在或已删除');
    return row;
  }

  /** Checks the prompt, the model, the balance (and the map to regenerate); returns the map's id and the turn's secret. */
  async prepare(caller: AuthUser, body: MindCreateBody): Promise<{ id: number; secret: string }> {
    const model = await this.requireModel(body.options.model);
    const prompt = body.prompt.trim();
    if (Array.from(prompt).length > model.inputExt) throw field('prompt', `当前模型最大文字限制为${model.inputExt}字，请精简内容或选择更大文本模型`);
    const existing = body.options.id !== undefined ? await this.requireMap(caller, body.options.id) : null;
    if (existing?.status === 'running') throw field('options.id', '这张导图正在生成中，请稍候');
    // The document's text (what the prompt leaves of the model's input), read now: a 404 or 409 before anything is held.
    const doc = body.document
      ? await documentSourceText(this.ctx, caller, body.document, Math.min(MIND_DOCUMENT_CHARS, Math.max(500, model.inputExt - Array.from(prompt).length)))
      : null;
    await limitOrThrow(this.ctx.kv, `mind-create:${caller.id}`, CREATES_PER_MINUTE, 60, '操作过于频繁，请稍后再试');
    await requireBalance(this.ctx, caller.id, model);
    let mindId: number;
    if (existing) mindId = existing.id;
    else {
      // Only the id is taken now; the row is written when the turn begins.
      const reserved = await this.ctx.db.execute(sql`select nextval(pg_get_serial_sequence('minds', 'id'))::int as id`);
      mindId = (reserved as { rows: { id: number }[] }).rows[0]!.id;
    }
    const temperature = body.options.temperature === undefined ? undefined : Math.min(body.options.temperature, model.temperatureMax);
    const secret = await prepareTurn<MindTurn>(
      this.ctx.kv,
      {
        userId: caller.id,
        mindId,
        existing: existing !== null,
        model: model.code,
        prompt,
        ...(body.systemMessage?.trim() ? { systemMessage: body.systemMessage.trim() } : {}),
        ...(temperature !== undefined ? { temperature } : {}),
        title: doc ? Array.from(doc.title).slice(0, MIND_TITLE_MAX).join('') : titleOfMap('', prompt),
        ...(doc ? { document: { token: doc.token, title: doc.title, text: doc.text } } : {}),
      },
      MIND_TURN_PREFIX,
    );
    return { id: mindId, secret };
  }

  async histories(caller: AuthUser): Promise<MindSummary[]> {
    const rows = await forUser(this.ctx.db, caller.id).mindMaps.list({ orderBy: [desc(minds.updatedAt), desc(minds.id)], limit: HISTORY_MAX });
    return rows.map(summaryOf);
  }

  async detail(caller: AuthUser, id: number): Promise<MindDetail> {
    return detailOf(await this.requireMap(caller, id));
  }

  /** Saves the user's markdown as the map (not while a turn writes it). */
  async update(caller: AuthUser, body: MindUpdateBody): Promise<MindDetail> {
    const row = await this.requireMap(caller, body.id);
    if (row.status === 'running') throw field('id', '这张导图正在生成中，请稍候');
    const saved = await forUser(this.ctx.db, caller.id).mindMaps.update(
      row.id,
      { markdown: body.markdown, title: titleOfMap(body.markdown, row.prompt), edited: true, updatedAt: new Date(this.ctx.clock.now()) },
      { where: sql`${minds.status} <> 'running'` },
    );
    if (!saved) throw field('id', '这张导图正在生成中，请稍候');
    return detailOf(saved);
  }

  /** A map the user brought (as markdown): a new, complete map of theirs, to edit or regenerate like any other. */
  async importMap(caller: AuthUser, body: MindImportBody): Promise<MindDetail> {
    await limitOrThrow(this.ctx.kv, `mind-import:${caller.id}`, IMPORTS_PER_MINUTE, 60, '操作过于频繁，请稍后再试');
    const title = titleOfMap(body.markdown, body.markdown.trim().split('\n')[0]!.replace(/^[#\s*+-]+/, ''));
    const at = new Date(this.ctx.clock.now());
    const [row] = await this.ctx.db
      .insert(minds)
      .values({ userId: caller.id, title, prompt: title, markdown: body.markdown, model: MIND_IMPORT_MODEL, status: 'complete', edited: true, createdAt: at, updatedAt: at })
      .returning();
    return detailOf(row!);
  }

  async delete(caller: AuthUser, id: number) {
    const row = await this.requireMap(caller, id);
    if (row.status === 'running') throw field('id', '这张导图正在生成中，请先停止');
    await forUser(this.ctx.db, caller.id).mindMaps.delete(row.id);
  }
}
