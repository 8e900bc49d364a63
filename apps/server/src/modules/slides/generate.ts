import { and, eq } from 'drizzle-orm';
import { Code, type DeckSlide } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { slideDecks } from '../../db/schema/index.ts';
import type { Models } from '../models/public.ts';
import type { EndedJob, JobRun, JobStep, Jobs } from '../turns/public.ts';
import { drawIllustration, illustrationsOn } from './illustrate.ts';
import { offlineSectionSlides, OFFLINE_TAG } from './offline.ts';
import { deckModel } from './outline.ts';
import type { Slot } from './plan.ts';
import { readSectionSlides, sectionPrompt } from './prompt.ts';
import { deckView, OUTLINE_STALE_MS, type DeckRow, type SlidesService } from './service.ts';

export const DECK_JOB = 'slides.deck';
/** What a deck costs: one generation from the ppt pool, held while the job runs. */
export const DECK_PRICE = { pool: 'ppt' as const, cost: 1, label: 'AI PPT 生成' };

/** What the job keeps between steps (saved after each): the plan and the next section to write. */
export interface DeckJobState extends Record<string, unknown> {
  deckId: number;
  slots: Slot[];
  /** -1: the cover, contents and end slides; 0…: the outline section written next. */
  next: number;
}

const conflict = (message: string) => new AppError(Code.BAD_REQUEST, message, 409);
const SECTION_TOKENS = 2500;

/** The cover, contents and end slides: written from the outline, no model needed. */
export function frameSlides(deck: Pick<DeckRow, 'title' | 'topic' | 'audience' | 'outline' | 'offline' | 'language'>, slots: Slot[]): (DeckSlide | null)[] {
  const en = deck.language === 'en';
  const tag = deck.offline ? (en ? ` · ${OFFLINE_TAG}` : ` · ${OFFLINE_TAG}`) : '';
  return slots.map((s): DeckSlide | null => {
    if (s.kind === 'cover') {
      return {
        kind: 'cover',
        section: -1,
        title: deck.title,
        subtitle: `${deck.audience ? (en ? `For ${deck.audience}` : `面向${deck.audience}`) : en ? 'AI slides' : 'AI 生成演示文稿'}${tag}`,
        notes: en ? `Open with why "${deck.topic}" matters to this audience.` : `开场：用一两句话说明「${deck.topic}」为什么值得今天的听众关注。`,
      };
    }
    if (s.kind === 'contents') {
      return {
        kind: 'contents',
        section: -1,
        title: en ? 'Contents' : '目录',
        bullets: deck.outline.slice(0, 8).map((x) => x.title),
        notes: en ? 'Give the audience the map of the talk.' : `本次分享分为 ${deck.outline.length} 个部分，先给听众一张全局地图。`,
      };
    }
    if (s.kind === 'end') {
      return {
        kind: 'end',
        section: -1,
        title: en ? 'Thank you' : '谢谢观看',
        subtitle: en ? 'Questions and discussion' : '欢迎提问与交流',
        notes: en ? 'Sum up in one sentence, then invite questions.' : '用一句话总结全篇要点，然后邀请听众提问。',
      };
    }
    return null;
  });
}

/**
 * Writing a deck's slides: a durable job (one step per outline section, the slides saved as they
 * come, the quota held until it ends), so closing the page does not stop it and reopening shows
 * where it is. Each step rewrites the same slots, so a step run again after a crash is harmless.
 *
 * A deck is one unit, charged once when done. Until then nothing of it is delivered (the view
 * shows progress only, the export refuses it), so a job that is stopped, fails or times out
 * charges nothing and its slides are dropped.
 */
export class DeckWriter {
  constructor(
    private ctx: AppContext,
    private service: SlidesService,
    private models: Models,
    private jobs: Jobs,
  ) {
    jobs.register<DeckJobState>({
      kind: DECK_JOB,
      concurrency: 2,
      timeoutMs: 20 * 60_000,
      retries: 2,
      step: (run) => this.step(run),
      onEnd: (tx, job) => this.end(tx, job),
    });
  }

  /** Submits the job (holds one generation of the ppt quota; 508001 when there is none). */
  async start(user: AuthUser, id: number) {
    const deck = await this.service.require(user, id);
    if (deck.status === 'outlining' && this.ctx.clock.now() - deck.updatedAt.getTime() <= OUTLINE_STALE_MS) throw conflict('大纲还在生成中，请稍候');
    if (deck.status === 'generating') throw conflict('正在生成中，请勿重复提交');
    if (deck.status === 'done') throw conflict('这份 PPT 已生成；可以直接修改文字或换主题');
    const slots = this.service.planFor(deck);
    const jobId = await this.jobs.submit<DeckJobState>({
      userId: user.id,
      kind: DECK_JOB,
      state: { deckId: deck.id, slots, next: -1 },
      price: DECK_PRICE,
      begin: async (tx, jobId) => {
        // The deck flips to generating in the submitting transaction, once: a second submit finds it taken.
        const taken = await tx
          .update(slideDecks)
          .set({ status: 'generating', jobId, slides: slots.map(() => null), errorText: null, charged: 0, updatedAt: new Date(this.ctx.clock.now()) })
          .where(forUser(tx, user.id).slideDecks.scopeWithDeleted(eq(slideDecks.id, deck.id), eq(slideDecks.status, deck.status)))
          .returning({ id: slideDecks.id });
        if (!taken.length) throw conflict('正在生成中，请勿重复提交');
      },
    });
    return { id: deck.id, status: 'generating' as const, jobId };
  }

  async cancel(user: AuthUser, id: number) {
    const deck = await this.service.require(user, id);
    if (deck.status !== 'generating' || !deck.jobId) throw conflict('没有进行中的生成');
    await this.jobs.cancel(deck.jobId, user.id);
    return deckView(await this.service.require(user, id), this.ctx.clock.now());
  }

  /** Stops a deck's job (a deleted deck); the quota is released by the job's end. */
  async cancelJob(jobId: number, userId: number) {
    await this.jobs.cancel(jobId, userId);
  }

  private async step(run: JobRun<DeckJobState>): Promise<JobStep<DeckJobState>> {
    const s = run.state;
    const deck = await this.service.require({ id: run.userId }, s.deckId).catch(() => null);
    if (!deck || deck.jobId !== run.id) return { state: s, next: 'failed', error: 'PPT 已删除' };
    const sections = deck.outline.length;
    let written: (DeckSlide | null)[];
    if (s.next < 0) {
      written = frameSlides(deck, s.slots);
    } else {
      const mine = s.slots.map((slot, i) => ({ slot, i })).filter((x) => x.slot.section === s.next);
      const slides = await this.writeSection(deck, s.next, mine.map((x) => x.slot), run.signal);
      written = s.slots.map(() => null);
      mine.forEach((x, k) => (written[x.i] = slides[k] ?? null));
      if (illustrationsOn(this.ctx)) {
        for (const x of mine) {
          const slide = written[x.i];
          if (slide?.kind !== 'section') continue;
          const url = await drawIllustration(this.ctx, deck, s.next, slide.title);
          if (url) written[x.i] = { ...slide, image: url };
        }
      }
    }
    const count = await this.save(deck.id, run.id, written);
    const next = s.next + 1;
    run.publish({ type: 'progress', written: count, planned: s.slots.length });
    if (next >= sections) return { state: { ...s, next }, next: 'done' };
    return { state: { ...s, next }, next: 'continue' };
  }

  private async writeSection(deck: DeckRow, index: number, slots: Slot[], signal: AbortSignal): Promise<DeckSlide[]> {
    const section = deck.outline[index]!;
    const { model, offline } = await deckModel(this.models);
    if (offline || deck.offline) return offlineSectionSlides(deck.topic, section, index, slots, deck.language === 'en');
    const parts: string[] = [];
    for await (const chunk of this.models.router.stream(model, { messages: sectionPrompt(deck, index, slots), maxTokens: SECTION_TOKENS, temperature: 0.5, signal })) {
      if (chunk.type === 'delta') parts.push(chunk.text);
    }
    return readSectionSlides(parts.join(''), section, index, slots, deck.language === 'en');
  }

  /** Merges the written slots into the deck (the row locked: an edit or another step waits). */
  private async save(deckId: number, jobId: number, written: (DeckSlide | null)[]): Promise<number> {
    return this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [d] = await tx.select().from(slideDecks).where(eq(slideDecks.id, deckId)).for('update');
      if (!d || d.jobId !== jobId || d.status !== 'generating') return 0;
      const slides = written.map((w, i) => w ?? d.slides[i] ?? null);
      await tx.update(slideDecks).set({ slides, updatedAt: new Date(this.ctx.clock.now()) }).where(eq(slideDecks.id, deckId));
      return slides.filter(Boolean).length;
    });
  }

  /** When the job ends: done keeps the slides; failed or cancelled goes back to the outline (the quota was released). */
  private async end(tx: Db, job: EndedJob<DeckJobState>) {
    const done = job.status === 'done';
    await tx
      .update(slideDecks)
      .set(
        done
          ? { status: 'done', charged: job.charged, errorText: null, updatedAt: new Date(this.ctx.clock.now()) }
          : {
              status: 'outline',
              slides: [],
              charged: 0,
              errorText: job.status === 'cancelled' ? '已停止生成，额度已退回' : `生成失败，额度已退回：${job.error ?? '请稍后重试'}`,
              updatedAt: new Date(this.ctx.clock.now()),
            },
      )
      .where(and(eq(slideDecks.id, job.state.deckId), eq(slideDecks.jobId, job.id)));
  }
}
