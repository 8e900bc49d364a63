import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import {
  Code,
  type DrawBasicBody,
  type DrawDalleBody,
  type DrawExample,
  type DrawHistoriesReply,
  type DrawImageTypesReply,
  type DrawImageView,
  type DrawKind,
  type DrawMarketReply,
  type MjActionBody,
  type MjBlendBody,
  type MjDescribeBody,
  type MjDimensions,
  DRAW_REFERENCE_MAX_BYTES,
  type MjListReply,
  type MjStatus,
  type MjSubmitBody,
  type MjTaskView,
} from '@app/shared';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { randomToken } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { drawImages, drawTasks } from '../../db/schema/index.ts';
import { pixelsMessage } from '../../core/image-type.ts';
import { CanvasError } from '../../providers/image/canvas.ts';
import { checkImage, downloadImage, drawableImage, hostsOf, makeThumbnail } from '../../providers/image/files.ts';
import { MidjourneyProxy } from '../../providers/image/midjourney.ts';
import { OfflineImages, OfflineMidjourney } from '../../providers/image/offline.ts';
import { OpenAiImages } from '../../providers/image/openai.ts';
import { DrawProviderError, type ImageProvider, type MidjourneyProvider, type MjRemoteTask } from '../../providers/image/types.ts';
import { readBalance } from '../billing/public.ts';
import { balanceError, spendable, type Models } from '../models/service.ts';
import { streamJob, type EndedJob, type JobRun, type Jobs, type JobStep, type TurnEngine } from '../turns/service.ts';
import { DRAW_FIXED_OPTIONS, offlineRewrite, REWRITE_SYSTEM } from './catalog.ts';
import { drawContentOf, type DrawContent } from './content.ts';
import { paintExamplePictures, watchExamplePictures } from './example-pictures.ts';

/** Draw credits per image (basic, dalle3 / ai3) and per Midjourney task; describe's is DRAW_COST_MJ_DESCRIBE. */
export const COSTS = { basic: 1, dalle3: 2, mj: 2, mj_upscale: 1, mj_zoom: 2, mj_pan: 2, mj_blend: 2 } as const;

type MjKind = 'upscale' | 'variation' | 'reroll' | 'zoom' | 'pan';

/**
 * The Midjourney buttons we offer, by customId: each kind with its name, its price and how it goes
 * to the proxy. `change`: novicezk's /mj/submit/change (our own customIds); `action`: trueai's
 * /mj/submit/action; `modal`: /mj/submit/action, then the task waits in MODAL for a prompt
 * (/mj/submit/modal). Variation, pan and reroll may also wait in MODAL when the account is in remix
 * mode; they are given the task's prompt. Anything else the proxy shows is hidden: Vary (Region)
 * (MJ::Inpaint, needs a mask we cannot draw yet), Animate (MJ::JOB::animate_*, a video), the
 * bookmark (MJ::BOOKMARK, answers with the parent's own id: nothing new to pay for).
 */
export const MJ_BUTTONS: { pattern: RegExp; kind: MjKind; label: string; cost: 'mj' | 'mj_upscale' | 'mj_zoom' | 'mj_pan'; flow: 'change' | 'action' | 'modal' }[] = [
  { pattern: /^change::UPSCALE::[1-4]$/, kind: 'upscale', label: '放大', cost: 'mj_upscale', flow: 'change' },
  { pattern: /^change::VARIATION::[1-4]$/, kind: 'variation', label: '变换', cost: 'mj', flow: 'change' },
  { pattern: /^change::REROLL::0$/, kind: 'reroll', label: '重绘', cost: 'mj', flow: 'change' },
  { pattern: /^MJ::JOB::upsample::[1-4]::/, kind: 'upscale', label: '放大', cost: 'mj_upscale', flow: 'action' },
  // Upscale (Subtle / Creative / 2x / 4x) of an upscaled image: an upscale, priced as one.
  { pattern: /^MJ::JOB::upsample_v[\w.]+_(2x|4x)(_subtle|_creative)?::/, kind: 'upscale', label: '高清放大', cost: 'mj_upscale', flow: 'action' },
  { pattern: /^MJ::JOB::(low_|high_)?variation::[1-4]::/, kind: 'variation', label: '变换', cost: 'mj', flow: 'action' },
  { pattern: /^MJ::JOB::reroll::0::/, kind: 'reroll', label: '重绘', cost: 'mj', flow: 'action' },
  { pattern: /^MJ::Outpaint::\d+::/, kind: 'zoom', label: '缩小', cost: 'mj_zoom', flow: 'action' },
  { pattern: /^MJ::CustomZoom::/, kind: 'zoom', label: '自定义缩放', cost: 'mj_zoom', flow: 'modal' },
  { pattern: /^MJ::JOB::pan_(left|right|up|down)::/, kind: 'pan', label: '平移', cost: 'mj_pan', flow: 'action' },
];

/** A button we offer (see MJ_BUTTONS), or null for one we hide. */
export function mjButtonOf(customId: string) {
  return MJ_BUTTONS.find((b) => b.pattern.test(customId)) ?? null;
}

/** A Midjourney button's kind by its customId; null: not offered. */
export function actionOf(customId: string): MjKind | null {
  return mjButtonOf(customId)?.kind ?? null;
}

/** How long a batch of task polls waits for others before one list-by-condition call (ms). */
const FETCH_BATCH_MS = 30;
/** Unfinished Midjourney tasks one user may have at once. */
const USER_OPEN_TASKS = 4;
const DRAWS_PER_MINUTE = 20;
const REWRITES_PER_MINUTE = 10;
const REWRITES_PER_DAY = 100;

type ImageRow = typeof drawImages.$inferSelect;
type TaskRow = typeof drawTasks.$inferSelect;
type StoredImage = Awaited<ReturnType<DrawService['storeImage']>>;
/** A Midjourney job's state: its task, and once stored, the image and the grid's buttons. */
interface MjState extends Record<string, unknown> {
  taskId: number;
  stored?: StoredImage;
  buttons?: { custom_id: string; label: string }[];
  /** describe: the prompts, once read. */
  prompts?: string[];
  /** A Custom Zoom's prompt was given to the proxy's modal (once). */
  modal?: boolean;
  /** The proxy handed back a picture one of the user's own tasks already delivered (novicezk's repeated U): free. */
  again?: boolean;
}
const MJ_JOB = 'draw.mj';

export interface DrawProviders {
  images?: ImageProvider;
  mj?: MidjourneyProvider;
}

const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

export const imageView = (r: ImageRow): DrawImageView => ({
  id: r.id,
  kind: r.kind as DrawKind,
  type: r.type,
  prompt: r.prompt,
  prompt_en: r.promptEn,
  url: r.url,
  thumb_url: r.thumbUrl,
  width: r.width,
  height: r.height,
  public: r.public,
  offline: r.offline,
  created_at: r.createdAt.toISOString(),
});

/** Drawing: images (basic, DALL·E, smart), Midjourney tasks, the owner's history and the public gallery. */
export class DrawService {
  readonly images: ImageProvider;
  readonly mj: MidjourneyProvider;
  private banned: string[];
  /** The drawing services the operator configured may serve their images from any address; other image URLs must be public. */
  private imageHosts: string[];
  /** The types and examples the admin edits (cached; shared with the console). */
  readonly content: DrawContent;
  private jobs: Jobs;

  constructor(
    private ctx: AppContext,
    private models: Models,
    private engine: TurnEngine,
    providers: DrawProviders = {},
  ) {
    this.jobs = engine.jobs;
    const env = ctx.config.env;
    this.content = drawContentOf(ctx);
    this.images =
      providers.images ??
      (env.DRAW_OPENAI_BASE_URL && env.DRAW_OPENAI_API_KEY
        ? new OpenAiImages({ baseUrl: env.DRAW_OPENAI_BASE_URL, apiKey: env.DRAW_OPENAI_API_KEY, model: env.DRAW_IMAGE_MODEL })
        : new OfflineImages());
    this.mj =
      providers.mj ??
      (env.MJ_PROXY_URL ? new MidjourneyProxy({ baseUrl: env.MJ_PROXY_URL, secret: env.MJ_API_SECRET }) : new OfflineMidjourney(() => ctx.clock.now(), env.MJ_OFFLINE_DURATION_MS));
    this.imageHosts = hostsOf(env.DRAW_OPENAI_BASE_URL, env.MJ_PROXY_URL);
    this.banned = (env.DRAW_BANNED_WORDS ?? '')
      .split(/[,，\n]/)
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    this.jobs.register<MjState>({
      kind: MJ_JOB,
      concurrency: 8,
      timeoutMs: ctx.config.env.DRAW_TASK_TIMEOUT_MS,
      retries: 5,
      step: (run) => this.step(run),
      onEnd: (tx, job) => this.onEnd(tx, job),
    });
  }

  get costs() {
    return { ...COSTS, mj_describe: this.ctx.config.env.DRAW_COST_MJ_DESCRIBE };
  }

  async imageTypes(): Promise<DrawImageTypesReply> {
    return {
      types: await this.content.types(),
      ...DRAW_FIXED_OPTIONS,
      costs: this.costs,
      offline: { image: this.images.name === 'offline', mj: this.mj.name === 'offline' },
      edits: this.images.edits,
    };
  }

  /**
   * Reference pictures as sent (data URLs): each must be a png / jpeg / webp by its bytes (not by
   * the type it claims) of at most DRAW_REFERENCE_MAX_BYTES and of a pixel size we may decode (read
   * from its header: nothing decodes it before this); else a 400 on `name`.
   */
  checkReferences(name: string, list: string[]): Buffer[] {
    return list.map((url, i) => {
      const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
      const info = drawableImage(bytes);
      const where = list.length > 1 ? `第 ${i + 1} 张图片` : '图片';
      if (info === 'type' || info === 'broken') throw field(name, `${where}不是有效的 png、jpg 或 webp 图片`);
      if (bytes.length > DRAW_REFERENCE_MAX_BYTES) throw field(name, `${where}不能超过 1MB`);
      if (info === 'pixels') throw field(name, pixelsMessage(where));
      if (!url.startsWith(`data:${info.mime};`)) throw field(name, `${where}的格式与内容不符`);
      return bytes;
    });
  }

  async examples(): Promise<{ list: DrawExample[] }> {
    return { list: await this.content.examples() };
  }

  /** Pictures for the examples that have none, by the offline painter (run once the server listens). */
  paintExamples() {
    return paintExamplePictures(this.ctx, this.content);
  }

  /** paintExamples now and after every change of the examples (run once the server listens); returns the unsubscribe. */
  watchExamples(onError: (err: unknown) => void) {
    return watchExamplePictures(this.ctx, this.content, onError);
  }

  /** The moderation word list (DRAW_BANNED_WORDS): a prompt containing one is refused before anything is spent. */
  moderate(...texts: (string | undefined)[]) {
    const all = texts.filter(Boolean).join('\n').toLowerCase();
    const hit = this.banned.find((w) => all.includes(w));
    if (hit) throw field('prompt', `描述中包含违禁词「${hit}」，请修改后再试`);
  }

  private async requireBalance(userId: number, cost: number) {
    const balance = await readBalance(this.ctx.db, userId, this.ctx.clock.now());
    if (spendable(balance, 'draw') < cost) throw balanceError('draw');
  }

  // ---------- images ----------

  /** Downloads (when a URL), checks and stores one provider image with its thumbnail; returns what the row needs. */
  async storeImage(userId: number, image: { bytes?: Buffer; url?: string }) {
    const bytes = image.bytes ?? (await downloadImage(image.url!, 60_000, undefined, this.imageHosts));
    const info = checkImage(bytes);
    const thumb = await makeThumbnail(bytes, info);
    const d = new Date(this.ctx.clock.now());
    const base = `draw/${userId}/${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}/${randomToken(16)}`;
    const full = await this.ctx.storage.put(`${base}.${info.ext}`, bytes, info.mime);
    try {
      const small = await this.ctx.storage.put(`${base}-t.webp`, thumb.bytes, 'image/webp');
      return { key: full.key, url: full.url, thumbKey: small.key, thumbUrl: small.url, width: info.width, height: info.height };
    } catch (e) {
      await this.ctx.storage.delete(full.key).catch(() => {});
      throw e;
    }
  }

  private async dropStored(stored: { key: string; thumbKey: string }[]) {
    for (const s of stored) {
      await this.ctx.storage.delete(s.key).catch(() => {});
      await this.ctx.storage.delete(s.thumbKey).catch(() => {});
    }
  }

  async basic(user: AuthUser, body: DrawBasicBody) {
    return this.draw(user, { kind: 'basic', prompt: body.prompt, type: body.type, size: body.size, n: body.n, quality: 'standard', style: 'vivid' });
  }

  async dalle3(user: AuthUser, body: DrawDalleBody) {
    let references: Buffer[] | undefined;
    if (body.image) {
      if (!this.images.edits || !this.images.edit) throw field('image', '当前绘画模型不支持参考图');
      references = this.checkReferences('image', [body.image]);
    }
    return this.draw(user, {
      references,
      kind: body.mode,
      prompt: body.mode === 'ai3' && body.source_text ? body.source_text : body.prompt,
      promptEn: body.mode === 'ai3' ? body.prompt : null,
      type: 'general',
      size: body.size,
      n: body.n,
      quality: body.quality,
      style: body.style,
    });
  }

  /**
   * One synchronous drawing, on the engine's hold: every image is held before any is made (a
   * balance that pays for five lets five drawings through, whatever arrives at once), then drawn
   * and stored, then charged per image delivered and saved in one transaction. A failure charges
   * nothing and gives the hold back; the files of a drawing that could not be saved are dropped.
   */
  private async draw(
    user: AuthUser,
    d: {
      kind: DrawKind;
      prompt: string;
      promptEn?: string | null;
      type: string;
      size: DrawBasicBody['size'];
      n: number;
      quality: 'standard' | 'hd';
      style: 'vivid' | 'natural';
      references?: Buffer[];
    },
  ) {
    this.moderate(d.prompt, d.promptEn ?? undefined);
    const hint = await this.content.hint(d.type);
    if (hint === null) throw field('type', '该图片类型已停用，请选择其他类型');
    const unit = d.kind === 'basic' ? COSTS.basic : COSTS.dalle3;
    await limitOrThrow(this.ctx.kv, `draw:${user.id}`, DRAWS_PER_MINUTE, 60, '绘画过于频繁，请稍后再试');
    const drawn = d.promptEn ?? d.prompt;
    const promptForModel = this.images.name === 'offline' ? drawn : `${drawn}${hint}`;
    const offline = this.images.name === 'offline';
    const stored: StoredImage[] = [];
    const label = d.kind === 'basic' ? '基础绘画' : d.kind === 'ai3' ? '智能绘画' : 'DALL·E 绘画';
    try {
      const rows = await this.engine.holdWhile(
        user.id,
        { pool: 'draw', cost: unit * d.n, label },
        async () => {
          let images;
          try {
            const req = { prompt: promptForModel, size: d.size, quality: d.quality, style: d.style, n: d.n, type: d.type };
            images = d.references?.length && this.images.edit ? await this.images.edit({ ...req, images: d.references }) : await this.images.generate(req);
          } catch (e) {
            // The offline painter lays the references into the picture: one it cannot decode is the picture's fault.
            if (e instanceof CanvasError && d.references?.length) throw field('image', '参考图无法解码，请换一张图片');
            throw e;
          }
          for (const img of images.slice(0, d.n)) stored.push(await this.storeImage(user.id, img));
          return stored;
        },
        {
          charge: (images) => unit * images.length,
          finish: (tx, images) => {
            const now = new Date(this.ctx.clock.now());
            return tx
              .insert(drawImages)
              .values(images.map((s) => ({ ...s, userId: user.id, kind: d.kind, type: d.type, prompt: d.prompt, promptEn: d.promptEn ?? null, offline, createdAt: now })))
              .returning();
          },
        },
      );
      return { list: rows.map(imageView), charged: unit * rows.length };
    } catch (e) {
      await this.dropStored(stored);
      throw this.userError(e);
    }
  }

  private userError(e: unknown): AppError {
    if (e instanceof AppError) return e;
    if (e instanceof DrawProviderError) return new AppError(e.kind === 'policy' || e.kind === 'invalid' ? Code.BAD_REQUEST : Code.SERVER_ERROR, e.message, e.kind === 'policy' || e.kind === 'invalid' ? 400 : 502);
    this.ctx.log.error({ err: e }, 'draw: drawing failed');
    return new AppError(Code.SERVER_ERROR, '绘画失败，请稍后再试，未扣除积分', 502);
  }

  /**
   * Smart drawing: a chat model turns plain Chinese into an English image prompt (offline: a labelled
   * template). Free on purpose (it is one step of a paid smart drawing, and a few hundred tokens), so
   * that it cannot serve as a free chat model it is bounded instead: only for a balance that pays for
   * a smart drawing, at most REWRITES_PER_MINUTE a minute and REWRITES_PER_DAY a day per user.
   */
  async rewrite(user: AuthUser, text: string): Promise<{ prompt: string; offline: boolean }> {
    this.moderate(text);
    await this.requireBalance(user.id, COSTS.dalle3);
    await limitOrThrow(this.ctx.kv, `draw-rewrite:${user.id}`, REWRITES_PER_MINUTE, 60, '改写过于频繁，请稍后再试');
    await limitOrThrow(this.ctx.kv, `draw-rewrite-day:${user.id}`, REWRITES_PER_DAY, 86_400, '今日改写次数已用完，请明天再试');
    const model = await this.models.catalog.find();
    const keys = model ? await this.models.catalog.keys(model.id) : { configured: 0 };
    if (!model || keys.configured === 0) return { prompt: offlineRewrite(text), offline: true };
    let out = '';
    try {
      for await (const chunk of this.models.router.stream(model, {
        messages: [
          { role: 'system', content: REWRITE_SYSTEM },
          { role: 'user', content: text },
        ],
        temperature: 0.7,
        maxTokens: 400,
      })) {
        if (chunk.type === 'delta') out += chunk.text;
        if (out.length > 2000) break;
      }
    } catch {
      throw new AppError(Code.SERVER_ERROR, '提示词改写失败，请稍后再试', 502);
    }
    const prompt = out.replaceAll('\u0000', '').replace(/^["'\s]+|["'\s]+$/g, '').slice(0, 1000);
    if (!prompt) throw new AppError(Code.SERVER_ERROR, '提示词改写失败，请稍后再试', 502);
    return { prompt, offline: false };
  }

  async histories(user: AuthUser, q: { page: number; size: number; kind?: DrawKind }): Promise<DrawHistoriesReply> {
    const where = and(eq(drawImages.userId, user.id), isNull(drawImages.deletedAt), q.kind ? eq(drawImages.kind, q.kind) : undefined);
    const [rows, [total]] = await Promise.all([
      this.ctx.db.select().from(drawImages).where(where).orderBy(desc(drawImages.id)).limit(q.size).offset((q.page - 1) * q.size),
      this.ctx.db.select({ n: count() }).from(drawImages).where(where),
    ]);
    return { list: rows.map(imageView), meta: { page: q.page, size: q.size, total: Number(total?.n ?? 0) } };
  }

  private async ownImage(user: AuthUser, id: number): Promise<ImageRow> {
    const [row] = await this.ctx.db
      .select()
      .from(drawImages)
      .where(and(eq(drawImages.id, id), eq(drawImages.userId, user.id), isNull(drawImages.deletedAt)))
      .limit(1);
    if (!row) throw notFound('作品不存在或已删除');
    return row;
  }

  async publish(user: AuthUser, id: number, pub: boolean): Promise<DrawImageView> {
    await this.ownImage(user, id);
    const [row] = await this.ctx.db
      .update(drawImages)
      .set({ public: pub, publishedAt: pub ? new Date(this.ctx.clock.now()) : null })
      .where(and(eq(drawImages.id, id), eq(drawImages.userId, user.id)))
      .returning();
    return imageView(row!);
  }

  async remove(user: AuthUser, id: number) {
    const row = await this.ownImage(user, id);
    await this.ctx.db.update(drawImages).set({ deletedAt: new Date(this.ctx.clock.now()), public: false }).where(eq(drawImages.id, row.id));
    await this.dropStored([row]);
  }

  /** The gallery: public images not hidden by an administrator, newest first, by keyset (id < cursor) so any page costs the same. */
  async market(q: { cursor?: number; size: number; type?: string }): Promise<DrawMarketReply> {
    const rows = await this.ctx.db
      .select({
        id: drawImages.id,
        kind: drawImages.kind,
        type: drawImages.type,
        prompt: drawImages.prompt,
        url: drawImages.url,
        thumbUrl: drawImages.thumbUrl,
        width: drawImages.width,
        height: drawImages.height,
        offline: drawImages.offline,
      })
      .from(drawImages)
      .where(and(eq(drawImages.public, true), isNull(drawImages.deletedAt), isNull(drawImages.hiddenAt), q.type ? eq(drawImages.type, q.type) : undefined, q.cursor ? lt(drawImages.id, q.cursor) : undefined))
      .orderBy(desc(drawImages.id))
      .limit(q.size + 1);
    const page = rows.slice(0, q.size);
    return {
      list: page.map((r) => ({ id: r.id, kind: r.kind as DrawKind, type: r.type, prompt: r.prompt, url: r.url, thumb_url: r.thumbUrl, width: r.width, height: r.height, offline: r.offline })),
      next_cursor: rows.length > q.size ? page[page.length - 1]!.id : null,
    };
  }

  // ---------- Midjourney tasks ----------

  private taskView(t: TaskRow, image: ImageRow | null): MjTaskView {
    return {
      id: t.id,
      action: t.action,
      prompts: t.status === 'success' ? t.prompts : [],
      prompt: t.prompt,
      status: t.status as MjStatus,
      progress: t.progress,
      error: t.error,
      image: image ? imageView(image) : null,
      // Rows stored before the allow-list may still hold a button we no longer offer.
      buttons: t.status === 'success' ? t.buttons.filter((b) => mjButtonOf(b.custom_id)) : [],
      cost: t.cost,
      charged: t.charged,
      offline: t.provider === 'offline',
      created_at: t.createdAt.toISOString(),
    };
  }

  private async viewOf(t: TaskRow): Promise<MjTaskView> {
    const image = t.imageId ? ((await this.ctx.db.select().from(drawImages).where(eq(drawImages.id, t.imageId)).limit(1))[0] ?? null) : null;
    return this.taskView(t, image);
  }

  /** At most USER_OPEN_TASKS unfinished tasks per user (the job's hold makes sure each is paid for). */
  private async admitTask(userId: number) {
    const [open] = await this.ctx.db
      .select({ n: count() })
      .from(drawTasks)
      .where(and(eq(drawTasks.userId, userId), inArray(drawTasks.status, ['queued', 'running'])));
    if (Number(open?.n ?? 0) >= USER_OPEN_TASKS) throw new AppError(Code.RATE_LIMITED, `最多同时进行 ${USER_OPEN_TASKS} 个专业绘画任务，请等待完成`, 429);
  }

  async submit(user: AuthUser, body: MjSubmitBody): Promise<MjTaskView> {
    this.moderate(body.prompt);
    this.checkReferences('images', body.images);
    await limitOrThrow(this.ctx.kv, `draw:${user.id}`, DRAWS_PER_MINUTE, 60, '绘画过于频繁，请稍后再试');
    await this.admitTask(user.id);
    return this.createTask(user.id, { action: 'imagine', prompt: body.prompt, input: { images: body.images }, cost: COSTS.mj, parentId: null });
  }

  /** 混图: 2–5 pictures blended into one grid; charged like imagine, through the same job and hold. */
  async blend(user: AuthUser, body: MjBlendBody): Promise<MjTaskView> {
    this.checkReferences('images', body.images);
    await limitOrThrow(this.ctx.kv, `draw:${user.id}`, DRAWS_PER_MINUTE, 60, '绘画过于频繁，请稍后再试');
    await this.admitTask(user.id);
    const label = { PORTRAIT: '竖图', SQUARE: '方图', LANDSCAPE: '横图' }[body.dimensions];
    return this.createTask(user.id, {
      action: 'blend',
      prompt: `混图：${body.images.length} 张图片（${label}）`,
      input: { images: body.images, dimensions: body.dimensions },
      cost: COSTS.mj_blend,
      parentId: null,
    });
  }

  /** 识图: one picture read into four prompts (no image is made); its own cost. */
  async describe(user: AuthUser, body: MjDescribeBody): Promise<MjTaskView> {
    this.checkReferences('image', [body.image]);
    await limitOrThrow(this.ctx.kv, `draw:${user.id}`, DRAWS_PER_MINUTE, 60, '绘画过于频繁，请稍后再试');
    await this.admitTask(user.id);
    return this.createTask(user.id, { action: 'describe', prompt: '识图：从图片生成提示词', input: { image: body.image }, cost: this.costs.mj_describe, parentId: null });
  }

  async action(user: AuthUser, body: MjActionBody): Promise<MjTaskView> {
    const [parent] = await this.ctx.db
      .select()
      .from(drawTasks)
      .where(and(eq(drawTasks.id, body.task_id), eq(drawTasks.userId, user.id)))
      .limit(1);
    if (!parent) throw notFound('任务不存在');
    if (parent.status !== 'success' || !parent.remoteId) throw field('task_id', '任务尚未完成，不能操作');
    const button = parent.buttons.find((b) => b.custom_id === body.custom_id);
    if (!button) throw field('custom_id', '该任务没有这个按钮');
    const spec = mjButtonOf(body.custom_id);
    if (!spec) throw field('custom_id', '暂不支持该操作');
    const action = spec.kind;
    const cost = COSTS[spec.cost];
    await limitOrThrow(this.ctx.kv, `draw:${user.id}`, DRAWS_PER_MINUTE, 60, '绘画过于频繁，请稍后再试');
    await this.admitTask(user.id);
    return this.createTask(user.id, {
      action,
      prompt: parent.prompt,
      input: { parentRemoteId: parent.remoteId, customId: body.custom_id, label: button.label },
      cost,
      parentId: parent.id,
    });
  }

  /** The task row and its job in one transaction, after the job took the hold (an empty pool refuses with 408003). */
  private async createTask(userId: number, t: { action: string; prompt: string; input: Record<string, unknown>; cost: number; parentId: number | null }) {
    const now = new Date(this.ctx.clock.now());
    let taskId = 0;
    await this.jobs.submit<MjState>({
      userId,
      kind: MJ_JOB,
      state: { taskId: 0 },
      price: { pool: 'draw', cost: t.cost, label: '专业绘画' },
      begin: async (tx, jobId) => {
        const [row] = await tx
          .insert(drawTasks)
          .values({ userId, provider: this.mj.name, action: t.action, prompt: t.prompt, input: t.input, parentId: t.parentId, cost: t.cost, status: 'queued', jobId, createdAt: now, updatedAt: now })
          .returning({ id: drawTasks.id });
        taskId = row!.id;
        return { taskId };
      },
    });
    const [row] = await this.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, taskId));
    return this.viewOf(row!);
  }

  private notifyHook(taskId: number) {
    if (this.mj.name === 'offline') return undefined;
    return `${this.ctx.config.publicUrl.replace(/\/+$/, '')}/midjourney/notify?task=${taskId}&sig=${this.sign(taskId)}`;
  }

  private sign(taskId: number) {
    const secret = this.ctx.config.env.MJ_API_SECRET ?? this.ctx.config.env.UPLOAD_SIGNING_SECRET ?? 'mj-notify';
    return createHmac('sha256', `mj-notify:${secret}`).update(String(taskId)).digest('hex').slice(0, 32);
  }

  private async setTask(id: number, values: Partial<typeof drawTasks.$inferInsert>) {
    await this.ctx.db
      .update(drawTasks)
      .set({ ...values, updatedAt: new Date(this.ctx.clock.now()) })
      .where(and(eq(drawTasks.id, id), inArray(drawTasks.status, ['queued', 'running'])));
  }

  /**
   * One step of a Midjourney job: hand the task to the proxy when fewer than MJ_CONCURRENCY are
   * there (else wait in the table), then follow it (a poll per step; the notify hook wakes the
   * job at once), then store its image and end `done` (the hold is charged, the image row is
   * written in the same transaction by onEnd). Safe to run again: a stored image is in the state.
   */
  private async step(run: JobRun<MjState>): Promise<JobStep<MjState>> {
    const s = run.state;
    const [task] = await this.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, s.taskId));
    if (!task) return { state: s, next: 'failed', error: '任务不存在' };
    if (s.stored || s.prompts) return { state: s, next: 'done', charge: s.again ? 0 : task.cost };
    const poll = this.mj.name === 'offline' ? 1000 : 3000;
    if (!task.remoteId) {
      const [busy] = await this.ctx.db
        .select({ n: count() })
        .from(drawTasks)
        .where(and(eq(drawTasks.status, 'running'), eq(drawTasks.provider, this.mj.name)));
      if (Number(busy?.n ?? 0) >= this.ctx.config.env.MJ_CONCURRENCY) return { state: s, next: 'wait', delayMs: 2000 };
      const input = task.input as { images?: string[]; image?: string; dimensions?: MjDimensions; parentRemoteId?: string; customId?: string };
      const notifyHook = this.notifyHook(task.id);
      let remoteId: string;
      try {
        remoteId = input.parentRemoteId
          ? await this.mj.action({ taskId: input.parentRemoteId, customId: input.customId!, notifyHook })
          : task.action === 'blend'
            ? await this.mj.blend({ base64Array: input.images ?? [], dimensions: input.dimensions ?? 'SQUARE', notifyHook })
            : task.action === 'describe'
              ? await this.mj.describe({ base64: input.image ?? '', notifyHook })
              : await this.mj.imagine({ prompt: task.prompt, base64Array: input.images ?? [], notifyHook });
      } catch (e) {
        if (e instanceof DrawProviderError && e.kind !== 'upstream') return { state: s, next: 'failed', error: e.message };
        throw e;
      }
      // The offline blend draws its pictures into the result, so it keeps them until the end (onEnd clears them).
      const keep = this.mj.name === 'offline' && task.action === 'blend';
      await this.setTask(task.id, { status: 'running', remoteId, progress: 0, input: keep ? { images: input.images } : {} });
      run.publish({ type: 'progress', status: 'running', progress: 0 });
      return { state: s, next: 'wait', delayMs: poll };
    }
    const remote = await this.fetchRemote(task.remoteId);
    // novicezk keeps tasks in memory: after its restart it answers an empty 200 (trueai: 204). Waiting cannot bring it back.
    if (!remote) return { state: s, next: 'failed', error: '绘画服务找不到该任务（可能已重启或过期），未扣除积分' };
    if (remote.status === 'FAILURE' || remote.status === 'CANCEL') {
      return { state: s, next: 'failed', error: remote.failReason ? `绘画失败：${remote.failReason.slice(0, 200)}，未扣除积分` : '绘画失败，未扣除积分' };
    }
    if (remote.status === 'MODAL') {
      // trueai answered code 21 and the task waits for a prompt: Custom Zoom gets the task's prompt
      // with --zoom 2; a variation, pan or reroll in remix mode gets the prompt as it was. Once.
      const remix = task.action === 'variation' || task.action === 'pan' || task.action === 'reroll';
      if ((task.action !== 'zoom' && !remix) || s.modal || !this.mj.modal) return { state: s, next: 'failed', error: '该操作需要在 Midjourney 中补充输入，暂不支持，未扣除积分' };
      const base = task.prompt.replace(/\s--zoom\s+[\d.]+/g, '');
      let next: string;
      try {
        next = await this.mj.modal({ taskId: task.remoteId, prompt: remix ? task.prompt : `${base} --zoom 2`, notifyHook: this.notifyHook(task.id) });
      } catch (e) {
        if (e instanceof DrawProviderError && e.kind !== 'upstream') return { state: s, next: 'failed', error: e.message };
        throw e;
      }
      if (next !== task.remoteId) await this.setTask(task.id, { remoteId: next });
      return { state: { ...s, modal: true }, next: 'wait', delayMs: poll };
    }
    if (remote.status !== 'SUCCESS') {
      if (remote.progress !== task.progress) {
        await this.setTask(task.id, { progress: remote.progress });
        run.publish({ type: 'progress', status: 'running', progress: remote.progress });
      }
      return { state: s, next: 'wait', delayMs: poll };
    }
    if (task.action === 'describe') {
      const prompts = (remote.prompts ?? []).filter(Boolean).slice(0, 4);
      if (!prompts.length) return { state: s, next: 'failed', error: '未能从图片中读出提示词，未扣除积分' };
      return { state: { ...s, prompts }, next: 'done', charge: task.cost };
    }
    let stored: StoredImage;
    try {
      const refs = ((task.input as { images?: string[] }).images ?? []).map((u) => Buffer.from(u.slice(u.indexOf(',') + 1), 'base64'));
      const bytes = this.mj.render
        ? await this.mj.render(task.remoteId, refs.length ? refs : undefined)
        : remote.imageUrl
          ? await downloadImage(remote.imageUrl, 60_000, run.signal, this.imageHosts)
          : null;
      if (!bytes) return { state: s, next: 'failed', error: '绘画服务没有返回图片，未扣除积分' };
      stored = await this.storeImage(task.userId, { bytes });
    } catch (e) {
      if (e instanceof DrawProviderError && e.kind !== 'upstream') return { state: s, next: 'failed', error: `${e.message}，未扣除积分` };
      // The offline painter lays a blend's pictures into the result: one it cannot decode fails the task, not the server.
      if (e instanceof CanvasError && e.kind !== 'timeout') return { state: s, next: 'failed', error: '图片无法解码，未扣除积分' };
      throw e;
    }
    const buttons = remote.buttons.filter((b) => mjButtonOf(b.customId)).map((b) => ({ custom_id: b.customId, label: b.label }));
    // novicezk answers a repeated U with code 21 and the upscale it already made: this user has it, so it is not paid twice.
    const [again] = await this.ctx.db
      .select({ id: drawTasks.id })
      .from(drawTasks)
      .where(and(eq(drawTasks.userId, task.userId), eq(drawTasks.remoteId, task.remoteId), eq(drawTasks.status, 'success'), ne(drawTasks.id, task.id)))
      .limit(1);
    return { state: { ...s, stored, buttons, ...(again ? { again: true } : {}) }, next: 'done', charge: again ? 0 : task.cost };
  }

  /** In the job's settling transaction: the image row and the task's end, with what was charged. */
  private async onEnd(tx: Db, job: EndedJob<MjState>) {
    const now = new Date(this.ctx.clock.now());
    const [task] = await tx.select().from(drawTasks).where(eq(drawTasks.id, job.state.taskId));
    if (!task) return;
    if (job.status === 'done' && job.state.prompts) {
      await tx
        .update(drawTasks)
        .set({ status: 'success', progress: 100, prompts: job.state.prompts, charged: job.charged, input: {}, updatedAt: now })
        .where(eq(drawTasks.id, task.id));
      return;
    }
    if (job.status === 'done' && job.state.stored) {
      const [image] = await tx
        .insert(drawImages)
        .values({ ...job.state.stored, userId: task.userId, kind: 'mj', type: 'general', prompt: task.prompt, offline: task.provider === 'offline', createdAt: now })
        .returning({ id: drawImages.id });
      await tx
        .update(drawTasks)
        .set({ status: 'success', progress: 100, imageId: image!.id, buttons: job.state.buttons ?? [], charged: job.charged, input: {}, updatedAt: now })
        .where(eq(drawTasks.id, task.id));
      return;
    }
    const error = job.status === 'cancelled' ? '任务已取消，未扣除积分' : (job.error ?? '绘画失败，未扣除积分');
    await tx.update(drawTasks).set({ status: 'failed', error, charged: job.charged, input: {}, updatedAt: now }).where(eq(drawTasks.id, task.id));
  }

  private pending: Map<string, { resolve(t: MjRemoteTask | null): void; reject(e: unknown): void }[]> | null = null;

  /**
   * A task's state at the proxy. Polls that arrive within FETCH_BATCH_MS of each other (many
   * tasks resumed at once after a restart, or many in flight) go as one list-by-condition call;
   * a single one, a provider without it, or a task the list left out is fetched by itself.
   */
  private fetchRemote(id: string): Promise<MjRemoteTask | null> {
    if (!this.mj.list) return this.mj.fetch(id);
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        const batch = new Map<string, { resolve(t: MjRemoteTask | null): void; reject(e: unknown): void }[]>();
        this.pending = batch;
        setTimeout(() => {
          this.pending = null;
          void this.flush(batch);
        }, FETCH_BATCH_MS);
      }
      const waiting = this.pending.get(id) ?? [];
      waiting.push({ resolve, reject });
      this.pending.set(id, waiting);
    });
  }

  private async flush(batch: Map<string, { resolve(t: MjRemoteTask | null): void; reject(e: unknown): void }[]>) {
    const ids = [...batch.keys()];
    let found = new Map<string, MjRemoteTask>();
    if (ids.length > 1) {
      try {
        found = new Map((await this.mj.list!(ids)).map((t) => [t.id, t]));
      } catch (e) {
        this.ctx.log.warn({ err: e, tasks: ids.length }, 'draw: list-by-condition failed, fetching one by one');
      }
    }
    await Promise.all(
      ids.map(async (id) => {
        const waiting = batch.get(id)!;
        try {
          const t = found.get(id) ?? (await this.mj.fetch(id));
          for (const w of waiting) w.resolve(t);
        } catch (e) {
          for (const w of waiting) w.reject(e);
        }
      }),
    );
  }

  async task(user: AuthUser, id: number): Promise<MjTaskView> {
    const [row] = await this.ctx.db
      .select()
      .from(drawTasks)
      .where(and(eq(drawTasks.id, id), eq(drawTasks.userId, user.id)))
      .limit(1);
    if (!row) throw notFound('任务不存在');
    return this.viewOf(row);
  }

  /** The task's progress pushed to the page (SSE): its view, then each progress event, then the job's end. */
  async stream(user: AuthUser, id: number, reply: FastifyReply) {
    const [row] = await this.ctx.db
      .select()
      .from(drawTasks)
      .where(and(eq(drawTasks.id, id), eq(drawTasks.userId, user.id)))
      .limit(1);
    if (!row || !row.jobId) throw notFound('任务不存在');
    await streamJob(this.jobs, reply, row.jobId, user.id, async () => {
      const [now] = await this.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, id));
      return { task: await this.viewOf(now!) };
    }, (err) => this.ctx.log.warn({ err, task: id }, 'draw: task stream failed'));
  }

  async list(user: AuthUser, q: { page: number; size: number }): Promise<MjListReply> {
    const where = eq(drawTasks.userId, user.id);
    const [rows, [total]] = await Promise.all([
      this.ctx.db.select().from(drawTasks).where(where).orderBy(desc(drawTasks.id)).limit(q.size).offset((q.page - 1) * q.size),
      this.ctx.db.select({ n: count() }).from(drawTasks).where(where),
    ]);
    const ids = rows.map((r) => r.imageId).filter((x): x is number => !!x);
    const images = ids.length ? await this.ctx.db.select().from(drawImages).where(inArray(drawImages.id, ids)) : [];
    const byId = new Map(images.map((i) => [i.id, i]));
    return { list: rows.map((r) => this.taskView(r, r.imageId ? (byId.get(r.imageId) ?? null) : null)), meta: { page: q.page, size: q.size, total: Number(total?.n ?? 0) } };
  }

  /** The notify hook: a valid signature wakes the task's job (the task is fetched from the proxy, never taken from the body); repeats are harmless. */
  async notify(query: { task?: string; sig?: string }): Promise<boolean> {
    const id = Number(query.task);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647 || !query.sig) return false;
    const want = Buffer.from(this.sign(id));
    const got = Buffer.from(query.sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
    const [row] = await this.ctx.db.select({ jobId: drawTasks.jobId }).from(drawTasks).where(eq(drawTasks.id, id)).limit(1);
    if (row?.jobId) await this.jobs.wake(row.jobId);
    return true;
  }
}
