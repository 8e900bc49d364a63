import { desc, eq } from 'drizzle-orm';
import {
  Code,
  findSlideTheme,
  type DeckOutlineBody,
  type DeckSlide,
  type DeckSlideBody,
  type DeckStatus,
  type DeckSummary,
  type DeckView,
} from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { slideDecks } from '../../db/schema/index.ts';
import { officeCommand } from './pdf.ts';
import { maxSectionsFor, planDeck } from './plan.ts';
import { splitPages } from './pptx.ts';

export type DeckRow = typeof slideDecks.$inferSelect;

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });
const conflict = (message: string) => new AppError(Code.BAD_REQUEST, message, 409);
/**
 * An outline whose stream was never opened (the page closed between the two calls) is not being
 * written after this long: it counts as failed, so the user can write the outline by hand.
 */
export const OUTLINE_STALE_MS = 10 * 60_000;
const statusOf = (d: DeckRow, nowMs: number): DeckStatus =>
  d.status === 'outlining' && nowMs - d.updatedAt.getTime() > OUTLINE_STALE_MS ? 'failed' : (d.status as DeckStatus);

/** The most decks one user keeps (older ones must be deleted first). */
export const DECKS_PER_USER = 200;

export function deckSummary(d: DeckRow, nowMs = Date.now()): DeckSummary {
  return {
    id: d.id,
    title: d.title,
    topic: d.topic,
    pages: d.pages,
    theme: d.theme,
    status: statusOf(d, nowMs),
    slideCount: d.slides.filter(Boolean).length,
    offline: d.offline,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export function deckView(d: DeckRow, nowMs = Date.now()): DeckView {
  const planned = d.status === 'outlining' || d.status === 'outline' ? 0 : d.slides.length;
  const summary = deckSummary(d, nowMs);
  const slides = d.status === 'generating' ? [] : d.slides.filter((x): x is DeckSlide => x !== null);
  return {
    ...summary,
    audience: d.audience,
    language: d.language,
    outline: d.outline,
    // A deck is delivered whole: while its job runs (and the quota can still be refunded) the
    // view shows the progress (slideCount, planned), not the slides written so far.
    slides,
    planned,
    error: summary.status === 'failed' && d.status === 'outlining' ? '大纲生成中断，请手动添加章节或重新开始' : d.errorText,
    charged: d.charged,
    sourceTitle: d.sourceTitle,
    // LibreOffice is looked up once per process: the PDF download shows only where it works.
    pdf: officeCommand() !== null,
    exportPages: splitPages(slides, d.language === 'en'),
  };
}

/** Decks: the user's own only (another user's deck is "not found"), their outline, theme and slide edits. */
export class SlidesService {
  constructor(private ctx: AppContext) {}

  async list(user: AuthUser): Promise<DeckSummary[]> {
    const rows = await forUser(this.ctx.db, user.id).slideDecks.list({ orderBy: [desc(slideDecks.updatedAt), desc(slideDecks.id)], limit: DECKS_PER_USER });
    const now = this.ctx.clock.now();
    return rows.map((r) => deckSummary(r, now));
  }

  async count(userId: number): Promise<number> {
    return forUser(this.ctx.db, userId).slideDecks.count();
  }

  async require(user: AuthUser | { id: number }, id: number, db: Db = this.ctx.db): Promise<DeckRow> {
    const row = await forUser(db, user.id).slideDecks.get(id);
    if (!row) throw notFound('PPT 不存在或已删除');
    return row;
  }

  async view(user: AuthUser, id: number): Promise<DeckView> {
    return deckView(await this.require(user, id), this.ctx.clock.now());
  }

  /** The edited outline: only before generation (or after a failed or stopped one). */
  async saveOutline(user: AuthUser, body: DeckOutlineBody): Promise<DeckView> {
    const pages = body.pages;
    const outline = body.outline.map((s) => ({ title: s.title, points: s.points.filter((p) => p.length > 0) }));
    return this.update(user, body.id, ['outline', 'failed'], '正在生成中，不能修改大纲', (d) => {
      const p = pages ?? d.pages;
      if (outline.length > maxSectionsFor(p)) throw field('outline', `${p} 页最多容纳 ${maxSectionsFor(p)} 个章节，请删减章节或增加页数`);
      return { title: body.title, outline, pages: p, status: 'outline' };
    });
  }

  async setTheme(user: AuthUser, id: number, theme: string): Promise<DeckView> {
    if (!findSlideTheme(theme)) throw field('theme', '主题不存在，请重新选择');
    return this.update(user, id, null, '', () => ({ theme }));
  }

  /** One slide's text; its layout and section stay. Not while the job writes the slides. */
  async editSlide(user: AuthUser, body: DeckSlideBody): Promise<DeckView> {
    return this.update(user, body.id, ['done', 'failed'], '幻灯片还在生成中，请稍后再改', (d) => {
      const slides = d.slides.filter((x): x is DeckSlide => x !== null);
      const old = slides[body.index];
      if (!old) throw field('index', '页码无效');
      // The picture is the server's: an edit keeps it (and cannot point the export at another address).
      slides[body.index] = { ...old, ...body.slide, kind: old.kind, section: old.section, image: old.image };
      return { slides };
    });
  }

  async delete(user: AuthUser, id: number): Promise<DeckRow> {
    const deck = await this.require(user, id);
    await forUser(this.ctx.db, user.id).slideDecks.update(id, { deletedAt: new Date(this.ctx.clock.now()) }, { withDeleted: true });
    return deck;
  }

  /** The slots the generation will fill, checked before any credit is held. */
  planFor(deck: DeckRow) {
    if (!deck.outline.length) throw field('outline', '大纲为空，请先添加章节');
    if (deck.outline.length > maxSectionsFor(deck.pages)) throw field('outline', `${deck.pages} 页最多容纳 ${maxSectionsFor(deck.pages)} 个章节，请删减章节或增加页数`);
    return planDeck(deck.outline, deck.pages);
  }

  /**
   * A locked read-modify-write of the caller's deck: `allowed` lists the statuses the change may
   * happen in (null: any but outlining), so an edit cannot race the job or another edit.
   */
  private async update(
    user: AuthUser,
    id: number,
    allowed: DeckStatus[] | null,
    refused: string,
    change: (d: DeckRow) => Partial<Pick<DeckRow, 'title' | 'outline' | 'pages' | 'theme' | 'slides' | 'status'>>,
  ): Promise<DeckView> {
    return this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const d = await forUser(tx, user.id).slideDecks.get(id, { lock: true });
      if (!d) throw notFound('PPT 不存在或已删除');
      const status = statusOf(d, this.ctx.clock.now());
      if (status === 'outlining') throw conflict('大纲还在生成中，请稍候');
      if (allowed && !allowed.includes(status)) throw conflict(refused);
      const set = change(d);
      const [row] = await tx
        .update(slideDecks)
        .set({ ...set, updatedAt: new Date(this.ctx.clock.now()) })
        .where(eq(slideDecks.id, d.id))
        .returning();
      return deckView(row!, this.ctx.clock.now());
    });
  }
}
