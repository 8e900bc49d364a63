import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { Code, thesisCost } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { theses, thesisSections } from '../../db/schema/index.ts';
import type { Models } from '../models/public.ts';
import { streamJob, type JobRun, type JobStep, type TurnEngine } from '../turns/public.ts';
import { offlineStream } from './offline-stream.ts';
import { abstractPrompt, outlineChars, offlineAbstract, offlineSection, sectionPrompt, splitAbstract, wantsEnglishAbstract } from './outline.ts';
import { briefOf, ThesisService, type ThesisRow } from './service.ts';

export const WRITE_KIND = 'thesis.write';
const RETRIES = 3;
const SAVE_EVERY_MS = 1000;

/** A writing job: the sections (by key) it writes in order, and how far it got. */
type WriteState = {
  thesisId: number;
  keys: string[];
  index: number;
  /** The abstract and keywords are written first (a whole thesis; not a single rewrite). */
  abstract: boolean;
  /** Characters delivered so far: the abstract and keywords, finished sections, and the part of a stopped one. */
  written: number;
  /** Credits held (0 with a thesis order). */
  held: number;
  /** The section a stop cut short, with the text that streamed: kept (as 'stopped') by the transaction that charges for it. */
  stopped?: { key: string; text: string } | null;
  [k: string]: unknown;
};

/**
 * What a writing job charges when it ends, however it ends (finished, stopped, failed): every
 * character the user was shown is kept and paid for, as a stopped chat reply is, and nothing
 * else is kept. That is the abstract and keywords, the finished sections and the streamed part
 * of a section cut short by a stop, per started thousand characters, never more than held. A
 * stop before anything was written is free. Text of a section that failed is dropped, unpaid.
 */
const chargeOf = (s: WriteState) => Math.min(s.held, thesisCost(s.written));

const busy = () => new AppError(Code.CONFLICT, '正在写作中，请等待完成或先停止写作', 409);
const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });
const stopKey = (id: number) => `thesis:stop:${id}`;
/** A watcher that opened asks the step in flight (on any instance) for the section's whole text. */
const syncChannel = (id: number) => `thesis:sync:${id}`;

/** Writes a thesis's sections one after another as a durable job; streams the one in progress. */
export class ThesisWriter {
  constructor(
    private ctx: AppContext,
    private service: ThesisService,
    private models: Models,
    private engine: TurnEngine,
  ) {
    engine.jobs.register<WriteState>({
      kind: WRITE_KIND,
      concurrency: 4,
      timeoutMs: 2 * 3600_000,
      retries: RETRIES,
      step: (run) => this.step(run),
      onEnd: (tx, job) => this.onEnd(tx, job.state, job.status, job.error, job.charged),
      delivered: chargeOf,
    });
  }

  /** Starts writing every section not written yet; with `orderNo`, a thesis order pays instead of credits. */
  async write(userId: number, id: number, orderNo?: string): Promise<{ job_id: number; held: number }> {
    const t = await this.service.require(userId, id);
    if (!t.outline?.length) throw field('id', '请先生成大纲');
    if (t.status === 'writing') throw busy();
    const done = new Set(await this.service.keysWithStatus(t.id, ['done']));
    const places = ThesisService.places(t.outline).filter((p) => !done.has(p.key));
    if (!places.length) throw field('id', '所有小节都已写完，可单独重写某一节');
    const chars = places.reduce((n, p) => n + t.outline![p.ci]!.sections[p.si]!.chars, 0);
    const useOrder = orderNo || t.orderNo || undefined;
    const held = useOrder ? 0 : thesisCost(chars);
    return this.submit(t, { keys: places.map((p) => p.key), abstract: !t.abstract, held }, useOrder);
  }

  /** Writes one section again (credits for its length). */
  async rewrite(userId: number, id: number, key: string) {
    const t = await this.service.require(userId, id);
    if (t.status === 'writing') throw busy();
    const place = ThesisService.places(t.outline ?? []).find((p) => p.key === key);
    if (!place) throw field('key', '该小节不存在，请刷新后重试');
    const chars = t.outline![place.ci]!.sections[place.si]!.chars;
    return this.submit(t, { keys: [key], abstract: false, held: thesisCost(chars) }, undefined);
  }

  private async submit(t: ThesisRow, s: { keys: string[]; abstract: boolean; held: number }, orderNo: string | undefined) {
    await this.ctx.kv.del(stopKey(t.id));
    try {
      const jobId = await this.engine.jobs.submit<WriteState>({
        userId: t.userId,
        kind: WRITE_KIND,
        state: { thesisId: t.id, keys: s.keys, index: 0, abstract: s.abstract, written: 0, held: s.held },
        price: s.held > 0 ? { pool: 'model3', cost: s.held, label: `论文写作：${t.title.slice(0, 20)}` } : null,
        begin: async (tx, jobId) => {
          if (orderNo) await this.service.useOrder(tx, t.userId, t, orderNo, outlineChars(t.outline));
          const row = await forUser(tx, t.userId).theses.update(
            t.id,
            { status: 'writing', jobId, error: null, ...(orderNo ? { orderNo } : {}), updatedAt: new Date(this.ctx.clock.now()) },
            { where: sql`${theses.status} <> 'writing'` },
          );
          if (!row) throw busy();
          await this.service.setSections(tx, t.id, s.keys, 'pending');
        },
      });
      return { job_id: jobId, held: s.held };
    } catch (e) {
      // Two theses racing for one order: the unique order_no lets one through.
      if ((e as { code?: string })?.code === '23505' || /theses_order_uq/.test(String((e as Error)?.message))) throw new AppError(Code.CONFLICT, '该订单已用于另一篇论文', 409);
      throw e;
    }
  }

  async cancel(userId: number, id: number) {
    const t = await this.service.require(userId, id);
    if (t.status !== 'writing' || !t.jobId) throw new AppError(Code.NOT_FOUND, '没有进行中的写作', 404);
    // The step in flight stops at its next save and ends the job, keeping and charging what streamed (chargeOf).
    await this.ctx.kv.set(stopKey(t.id), '1', 3 * 3600);
    await this.engine.jobs.wake(t.jobId);
  }

  /** The writing progress of a thesis as SSE: its state now (the section in progress so far), then live events. */
  async watch(userId: number, id: number, reply: FastifyReply) {
    const t = await this.service.require(userId, id);
    const snapshot = async () => {
      const now = await this.service.require(userId, id);
      const writing = now.status === 'writing' ? [...(await this.service.sections(id)).values()].find((s) => s.status === 'writing') : undefined;
      return { status: now.status, key: writing?.key ?? null, text: writing?.text ?? '' };
    };
    if (!t.jobId) {
      reply.hijack();
      reply.raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
      reply.raw.write(`data: ${JSON.stringify({ type: 'job.snapshot', ...(await snapshot()) })}\n\n`);
      reply.raw.end(`data: ${JSON.stringify({ type: 'job.end', status: t.status, error: t.error, charged: t.charged })}\n\n`);
      return;
    }
    await streamJob(this.engine.jobs, reply, t.jobId, userId, snapshot, (err) => this.ctx.log.error({ err }, 'thesis: watch failed'));
    // Twice: a subscription on another instance may take a moment to be in place.
    const ask = () => void this.ctx.kv.publish(syncChannel(t.id), '1').catch(() => {});
    ask();
    setTimeout(ask, 500).unref();
  }

  private async step(run: JobRun<WriteState>): Promise<JobStep<WriteState>> {
    const s = run.state;
    const [t] = await this.ctx.db.select().from(theses).where(eq(theses.id, s.thesisId)).limit(1);
    if (!t || !t.outline) return { state: s, next: 'failed', error: '论文已删除' };
    const stopping = async () => (await this.ctx.kv.get(stopKey(t.id))) !== null;
    if (await stopping()) return { state: s, next: 'done', charge: chargeOf(s) };
    const brief = briefOf(t);
    const offline = await this.isOffline();
    try {
      if (s.abstract) {
        const english = wantsEnglishAbstract(brief);
        const a = offline ? offlineAbstract(brief) : splitAbstract(await this.generate(abstractPrompt(brief, t.outline), english ? 1600 : 800, run.signal, () => {}), english);
        await this.ctx.db
          .update(theses)
          .set({ abstract: a.abstract, keywords: a.keywords, abstractEn: a.abstractEn, keywordsEn: a.keywordsEn, ...(offline ? { offline: 1 } : {}) })
          .where(eq(theses.id, t.id));
        const chars = a.abstract.length + a.keywords.length + a.abstractEn.length + a.keywordsEn.length;
        return { state: { ...s, abstract: false, written: s.written + chars }, next: 'continue' };
      }
      const key = s.keys[s.index];
      if (!key) return { state: s, next: 'done', charge: chargeOf(s) };
      const place = ThesisService.places(t.outline).find((p) => p.key === key);
      if (!place) return { state: { ...s, index: s.index + 1 }, next: 'continue' };
      const chapter = t.outline[place.ci]!;
      const section = chapter.sections[place.si]!;
      await this.saveSection(t.id, key, '', 'writing');
      run.publish({ type: 'section', key });
      if (run.attempt > 0) run.publish({ type: 'retry', key, attempt: run.attempt });
      let text = '';
      let savedAt = Date.now();
      let stopped = false;
      const offSync = await this.ctx.kv.subscribe(syncChannel(t.id), () => run.publish({ type: 'sync', key, text }));
      const onPiece = async (piece: string) => {
        run.publish({ type: 'delta', key, text: piece, at: text.length });
        text += piece;
        if (Date.now() - savedAt >= SAVE_EVERY_MS) {
          savedAt = Date.now();
          await this.saveSection(t.id, key, text, 'writing');
          if (await stopping()) stopped = true;
        }
      };
      try {
        if (offline) {
          for await (const piece of offlineStream(offlineSection(brief, chapter.title, section.title, section.chars), this.ctx.config.env.LLM_OFFLINE_DELAY_MS, run.signal)) {
            await onPiece(piece);
            if (stopped) break;
          }
        } else {
          const before = place.si > 0 ? ((await this.service.sections(t.id)).get(chapter.sections[place.si - 1]!.key)?.text ?? '') : '';
          await this.generate(sectionPrompt(brief, t.outline, place.ci, place.si, before), Math.ceil(section.chars * 2), run.signal, onPiece, () => stopped);
        }
      } finally {
        await offSync().catch(() => {});
      }
      if (stopped) {
        // What streamed was shown: it is kept and charged (onEnd saves it in the settling transaction).
        const kept = text.trim();
        const state = { ...s, written: s.written + kept.length, stopped: kept ? { key, text: kept } : null };
        return { state, next: 'done', charge: chargeOf(state) };
      }
      await this.saveSection(t.id, key, text.trim(), 'done');
      run.publish({ type: 'section.done', key, chars: text.trim().length });
      return { state: { ...s, index: s.index + 1, written: s.written + text.trim().length }, next: 'continue' };
    } catch (e) {
      if (run.signal.aborted) throw e;
      // A cut upstream: the step is retried (the section from its start); after the last try the job ends, charging what was delivered.
      this.ctx.log.warn({ err: e, thesisId: t.id, attempt: run.attempt }, 'thesis: writing a section failed');
      if (run.attempt >= RETRIES) return { state: s, next: 'failed', error: '模型服务出错，写作已停止，已写完的小节保留', charge: chargeOf(s) };
      throw e;
    }
  }

  private async isOffline() {
    const model = await this.models.catalog.find();
    return !model || (await this.models.catalog.keys(model.id)).configured === 0;
  }

  private async generate(messages: Parameters<Models['router']['relay']>[1]['messages'], maxTokens: number, signal: AbortSignal, onPiece: (p: string) => Promise<void> | void, stop: () => boolean = () => false) {
    const model = await this.models.catalog.find();
    if (!model) throw new Error('no model');
    const inner = new AbortController();
    const abort = () => inner.abort();
    signal.addEventListener('abort', abort);
    let text = '';
    try {
      await this.models.router.relay(model, { messages, temperature: 0.7, maxTokens, signal: inner.signal }, async (piece) => {
        text += piece;
        await onPiece(piece);
        if (stop()) inner.abort();
      });
    } catch (e) {
      if (!stop()) throw e;
    } finally {
      signal.removeEventListener('abort', abort);
    }
    return text;
  }

  private async saveSection(thesisId: number, key: string, text: string, status: string) {
    const now = new Date(this.ctx.clock.now());
    const clean = text.replaceAll('\u0000', '');
    await this.ctx.db
      .insert(thesisSections)
      .values({ thesisId, key, text: clean, status, updatedAt: now })
      .onConflictDoUpdate({ target: [thesisSections.thesisId, thesisSections.key], set: { text: clean, status, updatedAt: now } });
  }

  /** In the transaction that charges the job: keeps what it charged for (a stopped section's text) and drops the unpaid rest. */
  private async onEnd(tx: Db, s: WriteState, status: string, error: string | null, charged: number) {
    const now = new Date(this.ctx.clock.now());
    const inProgress = and(eq(thesisSections.thesisId, s.thesisId), eq(thesisSections.status, 'writing'));
    if (status === 'done' && s.stopped) {
      await tx
        .update(thesisSections)
        .set({ text: s.stopped.text.replaceAll('\u0000', ''), status: 'stopped', updatedAt: now })
        .where(and(inProgress, eq(thesisSections.key, s.stopped.key)));
    }
    await tx
      .update(thesisSections)
      .set({ text: '', status: status === 'failed' ? 'failed' : 'pending', updatedAt: now })
      .where(inProgress);
    const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(thesisSections).where(and(eq(thesisSections.thesisId, s.thesisId), sql`${thesisSections.status} <> 'done'`));
    const finished = status === 'done' && (left?.n ?? 0) === 0;
    await tx
      .update(theses)
      .set({
        status: finished ? 'done' : status === 'failed' ? 'failed' : 'outlined',
        error: status === 'failed' ? (error ?? '写作失败') : null,
        charged: sql`${theses.charged} + ${charged}`,
        updatedAt: now,
      })
      .where(eq(theses.id, s.thesisId));
    await this.ctx.kv.del(stopKey(s.thesisId)).catch(() => {});
  }
}
