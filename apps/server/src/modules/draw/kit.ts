import { Code, DRAW_REFERENCE_MAX_BYTES, type DrawImageView, type DrawKind } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { pixelsMessage } from '../../core/image-type.ts';
import { randomToken } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import type { drawImages } from '../../db/schema/index.ts';
import { checkImage, downloadImage, drawableImage, hostsOf, makeThumbnail } from '../../providers/image/files.ts';
import { MidjourneyProxy } from '../../providers/image/midjourney.ts';
import { OfflineImages, OfflineMidjourney } from '../../providers/image/offline.ts';
import { OpenAiImages } from '../../providers/image/openai.ts';
import type { ImageProvider, MidjourneyProvider } from '../../providers/image/types.ts';
import { drawContentOf, type DrawContent } from './content.ts';

/** Draw credits per image (basic, dalle3 / ai3) and per Midjourney task; describe's is DRAW_COST_MJ_DESCRIBE. */
export const COSTS = { basic: 1, dalle3: 2, mj: 2, mj_upscale: 1, mj_zoom: 2, mj_pan: 2, mj_blend: 2 } as const;

const DRAWS_PER_MINUTE = 20;

export interface DrawProviders {
  images?: ImageProvider;
  mj?: MidjourneyProvider;
}

export type ImageRow = typeof drawImages.$inferSelect;
export type StoredImage = Awaited<ReturnType<DrawKit['storeImage']>>;

export const field = (name: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: name, issues: [{ field: name, message }] });

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

/**
 * What images, Midjourney tasks and the gallery share: the providers the operator configured, the
 * admin's content, the checks every prompt and picture passes, and the stored files.
 */
export class DrawKit {
  readonly images: ImageProvider;
  readonly mj: MidjourneyProvider;
  /** The types and examples the admin edits (cached; shared with the console). */
  readonly content: DrawContent;
  private banned: string[];
  /** The drawing services the operator configured may serve their images from any address; other image URLs must be public. */
  readonly imageHosts: string[];

  constructor(
    readonly ctx: AppContext,
    providers: DrawProviders = {},
  ) {
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
  }

  get costs() {
    return { ...COSTS, mj_describe: this.ctx.config.env.DRAW_COST_MJ_DESCRIBE };
  }

  /** The moderation word list (DRAW_BANNED_WORDS): a prompt containing one is refused before anything is spent. */
  moderate(...texts: (string | undefined)[]) {
    const all = texts.filter(Boolean).join('\n').toLowerCase();
    const hit = this.banned.find((w) => all.includes(w));
    if (hit) throw field('prompt', `描述中包含违禁词「${hit}」，请修改后再试`);
  }

  /** At most DRAWS_PER_MINUTE drawings and Midjourney tasks a minute per user. */
  limitDraws(userId: number) {
    return limitOrThrow(this.ctx.kv, `draw:${userId}`, DRAWS_PER_MINUTE, 60, '绘画过于频繁，请稍后再试');
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

  async dropStored(stored: { key: string; thumbKey: string }[]) {
    for (const s of stored) {
      await this.ctx.storage.delete(s.key).catch(() => {});
      await this.ctx.storage.delete(s.thumbKey).catch(() => {});
    }
  }
}
