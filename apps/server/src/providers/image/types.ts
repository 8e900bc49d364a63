import type { DrawSize } from '@app/shared';

export interface ImageRequest {
  prompt: string;
  size: DrawSize;
  quality: 'standard' | 'hd';
  style: 'vivid' | 'natural';
  n: number;
  /** The picture type (general, anime, …): the offline painter's palette; real providers get it in the prompt. */
  type: string;
  signal?: AbortSignal;
}

/** One image as a provider hands it over: its bytes, or a URL (expires within hours: download it at once). */
export type ProviderImage = { bytes: Buffer; url?: undefined } | { url: string; bytes?: undefined };

/** Text-to-image: the offline painter, or the OpenAI images API (and compatible gateways). */
export interface ImageProvider {
  readonly name: 'offline' | 'openai';
  /** Takes reference pictures (gpt-image: POST /images/edits with image[]). */
  readonly edits: boolean;
  generate(req: ImageRequest): Promise<ProviderImage[]>;
  /** Draws from the prompt and reference pictures (checked images); only when `edits`. */
  edit?(req: ImageRequest & { images: Buffer[] }): Promise<ProviderImage[]>;
}

/**
 * What a drawing provider refused or failed with, as the user is told it (Chinese). `policy`: the
 * prompt was refused (content policy, banned word); `busy`: queue full or rate limited;
 * `upstream`: anything else on the provider's side.
 */
export class DrawProviderError extends Error {
  override readonly name = 'DrawProviderError';
  constructor(
    message: string,
    /** 'broken': the service's picture, or its address, cannot be used; trying again gives the same (final, never retried). */
    readonly kind: 'policy' | 'busy' | 'upstream' | 'invalid' | 'broken' = 'upstream',
  ) {
    super(message);
  }
}

/** Midjourney (through midjourney-proxy), or the offline simulation of it. */
export type MjRemoteStatus = 'NOT_START' | 'SUBMITTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' | 'MODAL' | 'CANCEL';

export interface MjRemoteTask {
  id: string;
  status: MjRemoteStatus;
  /** 0..100 */
  progress: number;
  imageUrl: string | null;
  failReason: string | null;
  buttons: { customId: string; label: string }[];
  /** describe: the prompts read from the picture (the proxy's properties.finalPrompt, else prompt). */
  prompts?: string[];
}

export interface MjSubmitImagine {
  prompt: string;
  /** data URLs */
  base64Array: string[];
  notifyHook?: string;
}

export interface MidjourneyProvider {
  readonly name: 'offline' | 'proxy';
  imagine(req: MjSubmitImagine): Promise<string>;
  action(req: { taskId: string; customId: string; notifyHook?: string }): Promise<string>;
  blend(req: { base64Array: string[]; dimensions: 'PORTRAIT' | 'SQUARE' | 'LANDSCAPE'; notifyHook?: string }): Promise<string>;
  describe(req: { base64: string; notifyHook?: string }): Promise<string>;
  /** A task waiting for input (status MODAL: Custom Zoom) given its prompt (POST /mj/submit/modal); the task id to follow. */
  modal?(req: { taskId: string; prompt: string; notifyHook?: string }): Promise<string>;
  fetch(id: string): Promise<MjRemoteTask | null>;
  /** Many tasks in one call (POST /mj/task/list-by-condition); a task the proxy does not know is left out. */
  list?(ids: string[]): Promise<MjRemoteTask[]>;
  /** The bytes of a finished task's image (the proxy's imageUrl is downloaded by the caller when this is absent). */
  render?(id: string, references?: Buffer[]): Promise<Buffer>;
}

/** Pixel sizes of each shape, per family. */
export const SIZES: Record<'offline' | 'dalle' | 'gpt', Record<DrawSize, [number, number]>> = {
  offline: { square: [768, 768], portrait: [640, 896], landscape: [896, 640] },
  dalle: { square: [1024, 1024], portrait: [1024, 1792], landscape: [1792, 1024] },
  gpt: { square: [1024, 1024], portrait: [1024, 1536], landscape: [1536, 1024] },
};
