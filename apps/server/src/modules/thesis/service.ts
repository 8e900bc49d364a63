import { and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { Code, thesisCost, type ThesisDetail, type ThesisOrderIndexReply, type ThesisOrderItem, type ThesisOutlineInput, type ThesisSummary } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { officeCommand } from '../../core/office.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { orders, packages, theses, thesisSections, users, type ThesisOutlineChapter } from '../../db/schema/index.ts';
import { packageKindOf, type Payer } from '../billing/public.ts';
import { documentSourceText } from '../document/public.ts';
import { buildMarkdown } from './export.ts';
import { normaliseOutline, outlineChars, REFERENCE_CHARS, type Brief } from './outline.ts';
import { ThesisFiles } from './render.ts';

export type ThesisRow = typeof theses.$inferSelect;
type SectionRow = typeof thesisSections.$inferSelect;

export const THESIS_KIND = 'thesis';
const THESES_PER_USER = 200;
const CREATES_PER_HOUR = 30;

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });
const busy = () => new AppError(Code.CONFLICT, '正在写作中，请等待完成或先停止写作', 409);
const yuan = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');
const charsOfPackage = (extra: unknown) => Number((extra as { chars?: unknown } | null)?.chars) || 0;

export const briefOf = (t: ThesisRow): Brief => ({
  title: t.title,
  kind: t.kind,
  discipline: t.discipline,
  length: t.length,
  language: t.language,
  requirements: t.requirements,
  reference: t.referenceText ? { title: t.referenceTitle, text: t.referenceText } : null,
});

/** The thesis packages on sale, created once (kept apart from the membership packages by extra.kind). */
export async function ensureThesisPackages(db: Db) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(727416)`);
    const [any] = await tx.select({ id: packages.id }).from(packages).where(sql`${packages.extra}->>'kind' = ${THESIS_KIND}`).limit(1);
    if (any) return;
    const row = (name: string, introduction: string, price: number, priceY: number, chars: number, sort: number) => ({
      name,
      introduction,
      description: '含大纲生成与编辑、逐节写作、分节重写、Word 与 Markdown 导出',
      price,
      priceY,
      days: 0,
      level: 0,
      sort: 100 + sort,
      extra: { kind: THESIS_KIND, chars },
    });
    await tx.insert(packages).values([row('论文写作 · 1 万字', '一篇不超过 10,000 字的论文或文章', 990, 1990, 10000, 0), row('论文写作 · 3 万字', '一篇不超过 30,000 字的论文', 2990, 4990, 30000, 1)]);
  });
}

/** Theses, outlines, sections, exports and thesis orders: every read or change checks the caller owns it. */
export class ThesisService {
  private files: ThesisFiles;

  constructor(private ctx: AppContext) {
    this.files = new ThesisFiles(ctx.log);
  }

  /** A new thesis; `document` (a parsed document's token) is its reference material, its text copied now. */
  async create(user: AuthUser, b: Omit<Brief, 'reference'>, document?: string): Promise<number> {
    const reference = document ? await documentSourceText(this.ctx, user, document, REFERENCE_CHARS) : null;
    await limitOrThrow(this.ctx.kv, `thesis-create:${user.id}`, CREATES_PER_HOUR, 3600, '新建过于频繁，请稍后再试');
    const n = await forUser(this.ctx.db, user.id).theses.count();
    if (n >= THESES_PER_USER) throw field('title', `最多保存 ${THESES_PER_USER} 篇，请先删除不需要的`);
    const now = new Date(this.ctx.clock.now());
    const [row] = await this.ctx.db
      .insert(theses)
      .values({ userId: user.id, ...b, referenceTitle: reference?.title ?? '', referenceText: reference?.text ?? '', createdAt: now, updatedAt: now })
      .returning({ id: theses.id });
    return row!.id;
  }

  /** The caller's thesis; 404 for anyone else's (it does not exist for them). */
  async require(userId: number, id: number, db: Db = this.ctx.db): Promise<ThesisRow> {
    const row = await forUser(db, userId).theses.get(id);
    if (!row) throw notFound('论文不存在或已删除');
    return row;
  }

  async list(userId: number): Promise<ThesisSummary[]> {
    const rows = await this.ctx.db
      .select({
        t: theses,
        written: sql<number>`coalesce((select sum(char_length(s.text)) from thesis_sections s where s.thesis_id = ${theses.id}), 0)::int`,
      })
      .from(theses)
      .where(forUser(this.ctx.db, userId).theses.scope())
      .orderBy(desc(theses.updatedAt), desc(theses.id))
      .limit(THESES_PER_USER);
    return rows.map(({ t, written }) => this.summary(t, written));
  }

  private summary(t: ThesisRow, written: number): ThesisSummary {
    return { id: t.id, title: t.title, kind: t.kind, discipline: t.discipline, length: t.length, language: t.language, status: t.status, written, updated_at: t.updatedAt.toISOString() };
  }

  async sections(thesisId: number, db: Db = this.ctx.db): Promise<Map<string, SectionRow>> {
    const rows = await db.select().from(thesisSections).where(eq(thesisSections.thesisId, thesisId));
    return new Map(rows.map((r) => [r.key, r]));
  }

  async detail(userId: number, id: number, writingKey: string | null = null): Promise<ThesisDetail> {
    const t = await this.require(userId, id);
    const secs = await this.sections(t.id);
    let written = 0;
    const outline = t.outline
      ? t.outline.map((c) => ({
          key: c.key,
          title: c.title,
          sections: c.sections.map((s) => {
            const row = secs.get(s.key);
            written += row?.text.length ?? 0;
            return { key: s.key, title: s.title, chars: s.chars, status: row?.status ?? 'pending', text: row?.text ?? '' };
          }),
        }))
      : null;
    return {
      ...this.summary(t, written),
      requirements: t.requirements,
      reference_title: t.referenceTitle,
      outline,
      abstract: t.abstract,
      keywords: t.keywords,
      abstract_en: t.abstractEn,
      keywords_en: t.keywordsEn,
      order_sn: t.orderNo,
      charged: t.charged,
      estimate: t.orderNo ? 0 : thesisCost(outlineChars(t.outline)),
      error: t.error,
      job_id: t.jobId,
      writing_key: t.status === 'writing' ? writingKey : null,
      offline: t.offline === 1,
      pdf: officeCommand() !== null,
    };
  }

  async remove(userId: number, id: number) {
    const t = await this.require(userId, id);
    if (t.status === 'writing') throw busy();
    await forUser(this.ctx.db, userId).theses.delete(t.id, { where: sql`${theses.status} <> 'writing'` });
  }

  /** Saves an outline (generated or edited); sections that left it lose their text. Refused while writing. */
  async saveOutline(userId: number, id: number, input: ThesisOutlineInput | ThesisOutlineChapter[], db: Db = this.ctx.db): Promise<ThesisRow> {
    const outline = normaliseOutline(input);
    const total = outlineChars(outline);
    if (total > 30000) throw field('outline', `各节字数合计 ${total}，不能超过 30000`);
    const row = await forUser(db, userId).theses.update(id, { outline, length: total, updatedAt: new Date(this.ctx.clock.now()) }, { where: sql`${theses.status} <> 'writing'` });
    if (!row) {
      await this.require(userId, id, db);
      throw busy();
    }
    const keys = outline.flatMap((c) => c.sections.map((s) => s.key));
    await db.delete(thesisSections).where(and(eq(thesisSections.thesisId, id), keys.length ? notInArray(thesisSections.key, keys) : sql`true`));
    // Done when every section of the new outline is written, else ready to write (what is missing).
    const [done] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(thesisSections)
      .where(and(eq(thesisSections.thesisId, id), eq(thesisSections.status, 'done')));
    const status = (done?.n ?? 0) === keys.length ? 'done' : 'outlined';
    if (status !== row.status) {
      const [updated] = await db.update(theses).set({ status, error: null }).where(eq(theses.id, id)).returning();
      return updated ?? row;
    }
    return row;
  }

  /** The file of a thesis (docx, PDF or Markdown) with its name; the .docx and PDF with the contents' page numbers filled in. */
  async exportFile(user: AuthUser, id: number, format: 'docx' | 'md' | 'pdf'): Promise<{ body: Buffer | string; name: string; type: string }> {
    const t = await this.require(user.id, id);
    if (!t.outline) throw field('id', '请先生成大纲');
    const secs = await this.sections(t.id);
    const [u] = await this.ctx.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, user.id)).limit(1);
    const data = {
      title: t.title,
      kind: t.kind,
      discipline: t.discipline,
      language: t.language,
      abstract: t.abstract,
      keywords: t.keywords,
      abstractEn: t.abstractEn,
      keywordsEn: t.keywordsEn,
      referenceTitle: t.referenceTitle,
      outline: t.outline,
      texts: new Map([...secs].map(([k, r]) => [k, r.text])),
      author: u?.nickname || '',
      date: new Date(this.ctx.clock.now() + 8 * 3600_000).toISOString().slice(0, 10),
    };
    const base = t.title.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim().slice(0, 60) || 'thesis';
    if (format === 'md') return { body: buildMarkdown(data), name: `${base}.md`, type: 'text/markdown; charset=utf-8' };
    if (format === 'pdf') return { body: await this.files.pdf(t.id, data), name: `${base}.pdf`, type: 'application/pdf' };
    return { body: await this.files.docx(t.id, data), name: `${base}.docx`, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }

  // ---- thesis orders ----

  /**
   * The caller's thesis orders with their state, and the thesis packages on sale. A guest (by
   * X-Client-Code) sees this device's orders that no account has yet, to bind after login.
   */
  async orderIndex(payer: Payer): Promise<ThesisOrderIndexReply> {
    const pkgs = await this.ctx.db.select().from(packages).where(and(sql`${packages.extra}->>'kind' = ${THESIS_KIND}`, eq(packages.status, 1))).orderBy(packages.sort, packages.id);
    const packageList = pkgs.map((p) => ({ id: p.id, name: p.name, introduction: p.introduction, price: yuan(p.price), price_y: yuan(p.priceY), chars: charsOfPackage(p.extra) }));
    // This device's paid orders that no account has yet are listed too (to bind them after login).
    const device = payer.clientCode ? and(eq(orders.clientCode, payer.clientCode), isNull(orders.userId)) : undefined;
    const byUser = payer.userId !== null ? forUser(this.ctx.db, payer.userId).orders.scope() : null;
    const who = byUser ? (device ? or(byUser, and(device, eq(orders.status, 1))) : byUser) : (device ?? null);
    if (!who) return { list: [], packages: packageList };
    const rows = await this.ctx.db
      .select({ o: orders, p: packages, thesisId: theses.id })
      .from(orders)
      .innerJoin(packages, eq(packages.id, orders.packageId))
      .leftJoin(theses, eq(theses.orderNo, orders.orderNo))
      .where(and(who, sql`${packages.extra}->>'kind' = ${THESIS_KIND}`))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(100);
    const now = this.ctx.clock.now();
    const list: ThesisOrderItem[] = rows.map(({ o, p, thesisId }) => ({
      order_sn: o.orderNo,
      package_id: p.id,
      package_name: p.name,
      chars: charsOfPackage(p.extra),
      amount: yuan(o.amount),
      state:
        o.status === 1
          ? o.userId === null
            ? 'unbound'
            : thesisId !== null
              ? 'used'
              : 'available'
          : o.status === 0 && o.expiresAt.getTime() > now
            ? 'unpaid'
            : 'expired',
      thesis_id: thesisId,
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt ? o.paidAt.toISOString() : null,
    }));
    return { list, packages: packageList };
  }

  /**
   * Binds a guest's paid thesis order to the caller, exactly once: ONE conditional UPDATE (still
   * unbound, paid, placed on this device, a thesis package) claims it; a second bind, by anyone,
   * finds nothing to claim.
   */
  async bindOrder(userId: number, payer: Payer, orderNo: string) {
    await limitOrThrow(this.ctx.kv, `thesis-order-bind:${userId}`, 20, 600);
    const now = new Date(this.ctx.clock.now());
    const isThesis = sql`${orders.packageId} in (select id from packages where extra->>'kind' = ${THESIS_KIND})`;
    const [claimed] = payer.clientCode
      ? await this.ctx.db
          .update(orders)
          .set({ userId, boundAt: now })
          .where(and(eq(orders.orderNo, orderNo), isNull(orders.userId), eq(orders.status, 1), eq(orders.clientCode, payer.clientCode), isThesis))
          .returning()
      : [];
    const [row] = await this.ctx.db.select({ o: orders, p: packages }).from(orders).innerJoin(packages, eq(packages.id, orders.packageId)).where(eq(orders.orderNo, orderNo)).limit(1);
    if (claimed && row) return { order_sn: claimed.orderNo, package_name: row.p.name, chars: charsOfPackage(row.p.extra) };
    const mine = !!row && (row.o.userId === userId || (payer.clientCode !== null && row.o.clientCode === payer.clientCode));
    if (!row || !mine || packageKindOf(row.p) !== THESIS_KIND) throw notFound('订单不存在');
    if (row.o.userId !== null) throw new AppError(Code.CONFLICT, '该订单已绑定账号，不能重复绑定', 409);
    throw field('order_sn', '订单尚未支付，暂不能绑定');
  }

  /**
   * Takes the caller's available thesis order for a thesis, inside the caller's transaction: the
   * unique order_no of theses makes one order pay for one thesis only.
   */
  async useOrder(tx: Db, userId: number, thesis: ThesisRow, orderNo: string, chars: number) {
    const [row] = await tx
      .select({ o: orders, p: packages })
      .from(orders)
      .innerJoin(packages, eq(packages.id, orders.packageId))
      .where(forUser(tx, userId).orders.scope(eq(orders.orderNo, orderNo)))
      .limit(1);
    if (!row || packageKindOf(row.p) !== THESIS_KIND) throw notFound('订单不存在');
    if (row.o.status !== 1) throw field('order_sn', '订单尚未支付');
    if (chars > charsOfPackage(row.p.extra)) throw field('order_sn', `该订单最多支持 ${charsOfPackage(row.p.extra)} 字，请缩短大纲`);
    const [taken] = await tx.select({ id: theses.id }).from(theses).where(eq(theses.orderNo, orderNo)).limit(1);
    if (taken && taken.id !== thesis.id) throw new AppError(Code.CONFLICT, '该订单已用于另一篇论文', 409);
  }

  /** Keys of outline sections, in order, with their place. */
  static places(outline: ThesisOutlineChapter[]) {
    return outline.flatMap((c, ci) => c.sections.map((s, si) => ({ ci, si, key: s.key })));
  }

  async setSections(tx: Db, thesisId: number, keys: string[], status: string) {
    if (!keys.length) return;
    const now = new Date(this.ctx.clock.now());
    await tx
      .insert(thesisSections)
      .values(keys.map((key) => ({ thesisId, key, status, updatedAt: now })))
      .onConflictDoUpdate({ target: [thesisSections.thesisId, thesisSections.key], set: { status, updatedAt: now } });
  }

  async keysWithStatus(thesisId: number, statuses: string[]) {
    const rows = await this.ctx.db.select({ key: thesisSections.key }).from(thesisSections).where(and(eq(thesisSections.thesisId, thesisId), inArray(thesisSections.status, statuses)));
    return rows.map((r) => r.key);
  }
}
