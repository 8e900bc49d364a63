import { createHash } from 'node:crypto';
import { inspectImage } from '../../core/image-type.ts';
import { paint, paintGrid } from './canvas.ts';
import { DrawProviderError, SIZES, type ImageProvider, type ImageRequest, type MidjourneyProvider, type MjRemoteTask, type MjSubmitImagine, type ProviderImage } from './types.ts';

/** Draws locally (no key configured): each image a labelled 离线演示 PNG of the prompt. */
export class OfflineImages implements ImageProvider {
  readonly name = 'offline';
  readonly edits = true;
  async generate(req: ImageRequest): Promise<ProviderImage[]> {
    const [width, height] = SIZES.offline[req.size];
    const out: ProviderImage[] = [];
    for (let i = 0; i < req.n; i++) out.push({ bytes: await paint({ prompt: req.prompt, type: req.type, width, height, seed: `${req.quality}:${req.style}:${i}` }) });
    return out;
  }

  /** With reference pictures: they are laid under the painting, so the result shows what was given. */
  async edit(req: ImageRequest & { images: Buffer[] }): Promise<ProviderImage[]> {
    const [width, height] = SIZES.offline[req.size];
    const out: ProviderImage[] = [];
    for (let i = 0; i < req.n; i++) {
      out.push({ bytes: await paint({ prompt: req.prompt, type: req.type, width, height, seed: `${req.quality}:${req.style}:${i}:edit`, references: req.images }) });
    }
    return out;
  }
}

/** What an offline task id carries: it is the whole task, so it survives a restart with no state. */
interface OfflineTask {
  /** imagine | upscale | variation | reroll | zoom | pan | blend | describe */
  a: string;
  p: string;
  /** Which picture (U/V 1-4), or a random seed for variation and reroll. */
  i: number;
  s: string;
  /** submitted at (ms) */
  t: number;
}

const encode = (t: OfflineTask) => `off.${Buffer.from(JSON.stringify(t)).toString('base64url')}`;
function decode(id: string): OfflineTask | null {
  if (!id.startsWith('off.')) return null;
  try {
    const t = JSON.parse(Buffer.from(id.slice(4), 'base64url').toString('utf8')) as OfflineTask;
    return typeof t.p === 'string' && typeof t.t === 'number' ? t : null;
  } catch {
    return null;
  }
}

export const OFFLINE_BUTTONS = (id: string) => [
  ...[1, 2, 3, 4].map((i) => ({ customId: `MJ::JOB::upsample::${i}::${id.slice(-12)}`, label: `U${i}` })),
  { customId: `MJ::JOB::reroll::0::${id.slice(-12)}::SOLO`, label: '🔄' },
  ...[1, 2, 3, 4].map((i) => ({ customId: `MJ::JOB::variation::${i}::${id.slice(-12)}`, label: `V${i}` })),
];

/** What an upscaled picture offers, as Midjourney does: zoom out 2× / 1.5×, and pan four ways. */
export const OFFLINE_UPSCALE_BUTTONS = (id: string) => [
  { customId: `MJ::Outpaint::50::1::${id.slice(-12)}::SOLO`, label: 'Zoom Out 2x' },
  { customId: `MJ::Outpaint::75::1::${id.slice(-12)}::SOLO`, label: 'Zoom Out 1.5x' },
  ...['left', 'right', 'up', 'down'].map((d) => ({ customId: `MJ::JOB::pan_${d}::1::${id.slice(-12)}::SOLO`, label: { left: '⬅️', right: '➡️', up: '⬆️', down: '⬇️' }[d]! })),
];

/** Offline describe: four labelled prompts from the picture's shape and bytes (no model reads it). */
const SUBJECTS = ['a quiet landscape', 'a city street at night', 'a portrait in soft light', 'a still life on a wooden table', 'a garden in spring', 'a seaside at dawn'];
const STYLES = ['watercolor', 'cinematic photo', 'ink wash painting', 'digital illustration', 'oil on canvas', '3D render'];
function offlinePrompts(t: OfflineTask): string[] {
  const [w, h] = t.p.split('x').map(Number) as [number, number];
  const ar = w > h * 1.1 ? '--ar 3:2' : h > w * 1.1 ? '--ar 2:3' : '--ar 1:1';
  const seed = Number.parseInt(t.s.slice(0, 8), 16) || 0;
  return [0, 1, 2, 3].map((i) => `[离线演示] ${SUBJECTS[(seed + i) % SUBJECTS.length]}, ${STYLES[(seed + i * 2) % STYLES.length]}, ${w}×${h} reference ${ar}`);
}

/**
 * The Midjourney flow simulated: queued, then progress over `durationMs`, then a 2×2 grid with
 * U1–U4 / V1–V4 / reroll buttons (an upscale is one picture without buttons). The state is a
 * function of the time since submission, so it needs no memory and survives a restart.
 */
export class OfflineMidjourney implements MidjourneyProvider {
  readonly name = 'offline';
  constructor(
    private now: () => number,
    private durationMs = 6000,
    private size: [number, number] = [768, 768],
  ) {}

  async imagine(req: MjSubmitImagine): Promise<string> {
    return encode({ a: 'imagine', p: req.prompt, i: 0, s: String(this.now()), t: this.now() });
  }

  async action(req: { taskId: string; customId: string }): Promise<string> {
    const parent = decode(req.taskId);
    if (!parent) throw new DrawProviderError('原任务不存在', 'invalid');
    const m = /^MJ::JOB::(upsample|variation|reroll)::(\d)::/.exec(req.customId);
    const zoom = /^MJ::Outpaint::(\d+)::/.exec(req.customId);
    const pan = /^MJ::JOB::pan_(left|right|up|down)::/.exec(req.customId);
    if (zoom) return encode({ a: 'zoom', p: `${parent.p} --zoom ${zoom[1] === '50' ? 2 : 1.5}`, i: 0, s: `${parent.s}:zoom:${zoom[1]}:${this.now()}`, t: this.now() });
    if (pan) return encode({ a: 'pan', p: `${parent.p} (pan ${pan[1]})`, i: 0, s: `${parent.s}:pan:${pan[1]}:${this.now()}`, t: this.now() });
    if (!m) throw new DrawProviderError('不支持的操作', 'invalid');
    const a = m[1] === 'upsample' ? 'upscale' : m[1]!;
    return encode({ a, p: parent.p, i: Number(m[2]), s: `${parent.s}:${a}:${m[2]}:${this.now()}`, t: this.now() });
  }

  async blend(req: { base64Array: string[]; dimensions: 'PORTRAIT' | 'SQUARE' | 'LANDSCAPE' }): Promise<string> {
    const hash = createHash('sha256');
    for (const b of req.base64Array) hash.update(b);
    return encode({ a: 'blend', p: `/blend ${req.base64Array.length} ${req.dimensions}`, i: req.base64Array.length, s: hash.digest('hex').slice(0, 16), t: this.now() });
  }

  async describe(req: { base64: string }): Promise<string> {
    const bytes = Buffer.from(req.base64.replace(/^data:[^,]*,/, ''), 'base64');
    const info = inspectImage(bytes);
    if (!info) throw new DrawProviderError('图片无效', 'invalid');
    return encode({ a: 'describe', p: `${info.width}x${info.height}`, i: 0, s: createHash('sha256').update(bytes).digest('hex').slice(0, 16), t: this.now() });
  }

  async fetch(id: string): Promise<MjRemoteTask | null> {
    const t = decode(id);
    if (!t) return null;
    const elapsed = this.now() - t.t;
    const duration = t.a === 'upscale' ? this.durationMs / 3 : this.durationMs;
    if (elapsed < duration * 0.15) return { id, status: 'SUBMITTED', progress: 0, imageUrl: null, failReason: null, buttons: [] };
    if (elapsed < duration) return { id, status: 'IN_PROGRESS', progress: Math.min(99, Math.floor((elapsed / duration) * 100)), imageUrl: null, failReason: null, buttons: [] };
    if (t.a === 'describe') return { id, status: 'SUCCESS', progress: 100, imageUrl: null, failReason: null, buttons: [], prompts: offlinePrompts(t) };
    return { id, status: 'SUCCESS', progress: 100, imageUrl: null, failReason: null, buttons: t.a === 'upscale' ? OFFLINE_UPSCALE_BUTTONS(id) : OFFLINE_BUTTONS(id) };
  }

  async list(ids: string[]): Promise<MjRemoteTask[]> {
    const out: MjRemoteTask[] = [];
    for (const id of ids) {
      const t = await this.fetch(id);
      if (t) out.push(t);
    }
    return out;
  }

  /** The task's picture; a blend lays its pictures (`references`) under each of the four. */
  async render(id: string, references?: Buffer[]): Promise<Buffer> {
    const t = decode(id);
    if (!t) throw new DrawProviderError('任务不存在', 'invalid');
    const [width, height] = this.size;
    if (t.a === 'blend') {
      const dims = t.p.split(' ')[2] ?? 'SQUARE';
      const [bw, bh] = dims === 'PORTRAIT' ? [width * 0.75, height] : dims === 'LANDSCAPE' ? [width, height * 0.75] : [width, height];
      return paintGrid({ prompt: `混图 · ${t.i} 张`, type: 'general', width: Math.round(bw), height: Math.round(bh), seed: t.s, references });
    }
    if (t.a === 'zoom' || t.a === 'pan') return paintGrid({ prompt: t.p, type: 'general', width, height, seed: t.s });
    if (t.a === 'upscale') {
      // The picture the grid showed at that place.
      const gridSeed = t.s.split(':upscale:')[0]!;
      return paint({ prompt: t.p, type: 'general', width, height, seed: `${gridSeed}:${t.i - 1}`, caption: `U${t.i}` });
    }
    return paintGrid({ prompt: t.p, type: 'general', width, height, seed: t.s });
  }
}
