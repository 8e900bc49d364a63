import { inspectImage } from '../../core/image-type.ts';
import { DrawProviderError, SIZES, type ImageProvider, type ImageRequest, type ProviderImage } from './types.ts';

export interface OpenAiImagesOptions {
  baseUrl: string;
  apiKey: string;
  /** dall-e-3, gpt-image-1, or whatever a compatible gateway serves. */
  model: string;
  timeoutMs?: number;
}

interface ImagesReply {
  data?: { b64_json?: string; url?: string; revised_prompt?: string }[];
  error?: { code?: string; message?: string; type?: string };
}

/**
 * `POST {base}/images/generations` of the OpenAI images API. dall-e-3 draws one image per request
 * (n=1, quality standard|hd, style vivid|natural, b64_json); dall-e-2 takes n and a square size
 * only (no quality, no style); gpt-image-* and chatgpt-image-latest take n, quality
 * low|medium|high|auto and always answers base64. Relays may answer `url` only: both are taken.
 */
export class OpenAiImages implements ImageProvider {
  readonly name = 'openai';
  constructor(private o: OpenAiImagesOptions) {}

  private get isDalle() {
    return /^dall-e/i.test(this.o.model);
  }

  private get isDalle2() {
    return /^dall-e-2/i.test(this.o.model);
  }

  /** gpt-image-* and chatgpt-image-latest take reference pictures (image[] on /images/edits); dall-e does not. */
  get edits() {
    return /^(gpt-image|chatgpt-image)/i.test(this.o.model);
  }

  /** `POST {base}/images/edits` (multipart): model, prompt, image[] (each picture), n, size, quality. */
  async edit(req: ImageRequest & { images: Buffer[] }): Promise<ProviderImage[]> {
    if (!this.edits) throw new DrawProviderError('当前绘画模型不支持参考图', 'invalid');
    const [w, h] = SIZES.gpt[req.size];
    const form = new FormData();
    form.set('model', this.o.model);
    form.set('prompt', req.prompt);
    form.set('n', String(req.n));
    form.set('size', `${w}x${h}`);
    form.set('quality', req.quality === 'hd' ? 'high' : 'medium');
    for (const [i, img] of req.images.entries()) {
      const info = inspectImage(img);
      form.append('image[]', new Blob([new Uint8Array(img)], { type: info?.mime ?? 'image/png' }), `reference-${i + 1}.${info?.ext ?? 'png'}`);
    }
    return this.send('/images/edits', { body: form }, req.signal);
  }

  async generate(req: ImageRequest): Promise<ProviderImage[]> {
    // dall-e-3 draws one image per request; dall-e-2 takes n like gpt-image.
    if (this.isDalle && !this.isDalle2) {
      const out: ProviderImage[] = [];
      for (let i = 0; i < req.n; i++) out.push(...(await this.request(req, 1)));
      return out;
    }
    return this.request(req, req.n);
  }

  private body(req: ImageRequest, n: number) {
    // dall-e-2 takes only square sizes, and neither quality (standard only) nor style.
    if (this.isDalle2) return { model: this.o.model, prompt: req.prompt, n, size: '1024x1024', response_format: 'b64_json' };
    if (this.isDalle) {
      const [w, h] = SIZES.dalle[req.size];
      return { model: this.o.model, prompt: req.prompt, n, size: `${w}x${h}`, quality: req.quality, style: req.style, response_format: 'b64_json' };
    }
    const [w, h] = SIZES.gpt[req.size];
    return { model: this.o.model, prompt: req.prompt, n, size: `${w}x${h}`, quality: req.quality === 'hd' ? 'high' : 'medium' };
  }

  private request(req: ImageRequest, n: number): Promise<ProviderImage[]> {
    return this.send('/images/generations', { json: this.body(req, n) }, req.signal);
  }

  private async send(path: string, payload: { json?: unknown; body?: FormData }, signal?: AbortSignal): Promise<ProviderImage[]> {
    const timeout = AbortSignal.timeout(this.o.timeoutMs ?? 180_000);
    let res: Response;
    try {
      res = await fetch(`${this.o.baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: payload.body ? { Authorization: `Bearer ${this.o.apiKey}` } : { 'Content-Type': 'application/json', Authorization: `Bearer ${this.o.apiKey}` },
        body: payload.body ?? JSON.stringify(payload.json),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch {
      throw new DrawProviderError('绘画服务连接失败，请稍后再试');
    }
    let reply: ImagesReply = {};
    try {
      reply = (await res.json()) as ImagesReply;
    } catch {
      /* not JSON */
    }
    if (!res.ok) {
      const code = reply.error?.code ?? reply.error?.type ?? '';
      if (code === 'content_policy_violation' || /safety|policy|moderation/i.test(`${code} ${reply.error?.message ?? ''}`)) {
        throw new DrawProviderError('描述内容未通过安全审核，请修改后再试', 'policy');
      }
      if (res.status === 429) throw new DrawProviderError('绘画服务繁忙，请稍后再试', 'busy');
      if (res.status === 400) throw new DrawProviderError('绘画参数不被服务接受，请调整后再试', 'invalid');
      throw new DrawProviderError(`绘画服务出错（HTTP ${res.status}），请稍后再试`);
    }
    const images = (reply.data ?? []).flatMap((d): ProviderImage[] =>
      d.b64_json ? [{ bytes: Buffer.from(d.b64_json, 'base64') }] : d.url ? [{ url: d.url }] : [],
    );
    if (!images.length) throw new DrawProviderError('绘画服务没有返回图片，请稍后再试');
    return images;
  }
}
