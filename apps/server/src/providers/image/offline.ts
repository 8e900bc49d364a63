import { paint, paintGrid } from './painter.ts';
import { DrawProviderError, SIZES, type ImageProvider, type ImageRequest, type MidjourneyProvider, type MjRemoteTask, type MjSubmitImagine, type ProviderImage } from './types.ts';

/** Draws locally (no key configured): each image a labelled 离线演示 PNG of the prompt. */
export class OfflineImages implements ImageProvider {
  readonly name = 'offline';
  async generate(req: ImageRequest): Promise<ProviderImage[]> {
    const [width, height] = SIZES.offline[req.size];
    const out: ProviderImage[] = [];
    for (let i = 0; i < req.n; i++) out.push({ bytes: await paint({ prompt: req.prompt, type: req.type, width, height, seed: `${req.quality}:${req.style}:${i}` }) });
    return out;
  }
}

/** What an offline task id carries: it is the whole task, so it survives a restart with no state. */
interface OfflineTask {
  /** imagine | upscale | variation | reroll */
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
    if (!m) throw new DrawProviderError('不支持的操作', 'invalid');
    const a = m[1] === 'upsample' ? 'upscale' : m[1]!;
    return encode({ a, p: parent.p, i: Number(m[2]), s: `${parent.s}:${a}:${m[2]}:${this.now()}`, t: this.now() });
  }

  async fetch(id: string): Promise<MjRemoteTask | null> {
    const t = decode(id);
    if (!t) return null;
    const elapsed = this.now() - t.t;
    const duration = t.a === 'upscale' ? this.durationMs / 3 : this.durationMs;
    if (elapsed < duration * 0.15) return { id, status: 'SUBMITTED', progress: 0, imageUrl: null, failReason: null, buttons: [] };
    if (elapsed < duration) return { id, status: 'IN_PROGRESS', progress: Math.min(99, Math.floor((elapsed / duration) * 100)), imageUrl: null, failReason: null, buttons: [] };
    return { id, status: 'SUCCESS', progress: 100, imageUrl: null, failReason: null, buttons: t.a === 'upscale' ? [] : OFFLINE_BUTTONS(id) };
  }

  async render(id: string): Promise<Buffer> {
    const t = decode(id);
    if (!t) throw new DrawProviderError('任务不存在', 'invalid');
    const [width, height] = this.size;
    if (t.a === 'upscale') {
      // The picture the grid showed at that place.
      const gridSeed = t.s.split(':upscale:')[0]!;
      return paint({ prompt: t.p, type: 'general', width, height, seed: `${gridSeed}:${t.i - 1}`, caption: `U${t.i}` });
    }
    return paintGrid({ prompt: t.p, type: 'general', width, height, seed: t.s });
  }
}
