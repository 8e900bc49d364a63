import { Code, type DrawBasicBody, type DrawDalleBody, type DrawImageTypesReply } from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import { AppError } from '../../core/errors.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { DrawProviderError } from '../../providers/image/types.ts';
import type { Models } from '../models/public.ts';
import { requireBalance, type TurnEngine } from '../turns/public.ts';
import { DRAW_FIXED_OPTIONS, offlineRewrite, REWRITE_SYSTEM } from './catalog.ts';
import { imageWork, type DrawRequest } from './image-work.ts';
import { COSTS, field, imageView, type DrawKit } from './kit.ts';

const REWRITES_PER_MINUTE = 10;
const REWRITES_PER_DAY = 100;

/** Basic, DALL·E and smart drawing: one request makes the pictures, as paid work on the engine (image-work.ts); and the smart drawing's prompt rewrite. */
export class DrawImages {
  private work: ReturnType<typeof imageWork>;

  constructor(
    private kit: DrawKit,
    private models: Models,
    private engine: TurnEngine,
  ) {
    this.work = imageWork(kit);
  }

  private get ctx() {
    return this.kit.ctx;
  }

  private get images() {
    return this.kit.images;
  }

  async imageTypes(): Promise<DrawImageTypesReply> {
    return {
      types: await this.kit.content.types(),
      ...DRAW_FIXED_OPTIONS,
      costs: this.kit.costs,
      offline: { image: this.images.name === 'offline', mj: this.kit.mj.name === 'offline' },
      edits: this.images.edits,
    };
  }

  async basic(user: AuthUser, body: DrawBasicBody) {
    return this.draw(user, { kind: 'basic', prompt: body.prompt, type: body.type, size: body.size, n: body.n, quality: 'standard', style: 'vivid' });
  }

  async dalle3(user: AuthUser, body: DrawDalleBody) {
    let references: Buffer[] | undefined;
    if (body.image) {
      if (!this.images.edits || !this.images.edit) throw field('image', '当前绘画模型不支持参考图');
      references = this.kit.checkReferences('image', [body.image]);
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
   * One synchronous drawing, checked here and run as paid work on the engine (image-work.ts): held,
   * drawn and stored, charged per image delivered and saved. A failure charges nothing and gives
   * the hold back; the files of a drawing that could not be saved are dropped.
   */
  private async draw(user: AuthUser, d: Omit<DrawRequest, 'userId' | 'promptForModel' | 'offline' | 'unit' | 'stored'>) {
    this.kit.moderate(d.prompt, d.promptEn ?? undefined);
    const hint = await this.kit.content.hint(d.type);
    if (hint === null) throw field('type', '该图片类型已停用，请选择其他类型');
    const unit = d.kind === 'basic' ? COSTS.basic : COSTS.dalle3;
    await this.kit.limitDraws(user.id);
    const drawn = d.promptEn ?? d.prompt;
    const offline = this.images.name === 'offline';
    const request: DrawRequest = { ...d, userId: user.id, promptForModel: offline ? drawn : `${drawn}${hint}`, offline, unit, stored: [] };
    try {
      const rows = await this.engine.perform(this.work, user.id, request);
      return { list: rows.map(imageView), charged: unit * rows.length };
    } catch (e) {
      await this.kit.dropStored(request.stored);
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
    this.kit.moderate(text);
    await requireBalance(this.ctx, user.id, { pool: 'draw', cost: COSTS.dalle3 });
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
}
