import { safeFetch, SafeFetchError } from '../../core/safe-fetch.ts';
import { DrawProviderError } from './types.ts';
import { inspectImage, pixelProblem, type ImageInfo } from '../../core/image-type.ts';
import { CanvasError, canvasWork } from './canvas.ts';

/** The largest image a provider may hand us. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const THUMB_WIDTH = 384;

/** A picture a drawing provider may hand us or a user may give as a reference: png, jpeg or webp. */
export type CheckedImage = ImageInfo & { mime: 'image/png' | 'image/jpeg' | 'image/webp'; ext: 'png' | 'jpg' | 'webp' };

/** The picture's type and size when it is a png, jpeg or webp of a size we may decode; else why not. */
export function drawableImage(b: Buffer): CheckedImage | 'type' | 'broken' | 'pixels' {
  const info = inspectImage(b);
  if (!info || (info.ext !== 'png' && info.ext !== 'jpg' && info.ext !== 'webp')) return 'type';
  return pixelProblem(info) ?? (info as CheckedImage);
}

/** Checks a provider's image: a png / jpeg / webp of a sane size, else a DrawProviderError. */
export function checkImage(b: Buffer): CheckedImage {
  if (b.length > MAX_IMAGE_BYTES) throw new DrawProviderError('生成的图片过大，已放弃', 'broken');
  const info = drawableImage(b);
  if (info === 'type' || info === 'broken') throw new DrawProviderError('绘画服务返回的不是有效图片', 'broken');
  if (info === 'pixels') throw new DrawProviderError('生成的图片尺寸过大，已放弃', 'broken');
  return info;
}

/**
 * Downloads an image URL through the SSRF-safe fetch (http or https only, public addresses only,
 * redirects checked), at most MAX_IMAGE_BYTES, within `timeoutMs`. `allowHosts`: hosts the
 * operator configured (the drawing service itself, which may serve its images from a private address).
 */
export async function downloadImage(url: string, timeoutMs = 60_000, signal?: AbortSignal, allowHosts: readonly string[] = []): Promise<Buffer> {
  let res;
  try {
    res = await safeFetch(url, { timeoutMs, signal, maxBytes: MAX_IMAGE_BYTES, allowHosts, headers: { accept: 'image/*' } });
  } catch (e) {
    if (e instanceof SafeFetchError) {
      if (e.kind === 'bad_url') throw new DrawProviderError('绘画服务返回的图片地址无效', 'broken');
      if (e.kind === 'too_large') throw new DrawProviderError('生成的图片过大，已放弃', 'broken');
      if (e.kind === 'blocked') throw new DrawProviderError('绘画服务返回的图片地址不可访问', 'broken');
    }
    throw new DrawProviderError('下载生成的图片失败，请稍后再试');
  }
  if (res.status < 200 || res.status >= 300) throw new DrawProviderError(`下载生成的图片失败（HTTP ${res.status}）`);
  return res.body;
}

/** `host[:port]` of each configured URL (the operator's own services), for `downloadImage`'s allowHosts. */
export function hostsOf(...urls: (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const u of urls) {
    if (!u) continue;
    try {
      const p = new URL(u);
      out.push(p.port ? `${p.hostname}:${p.port}` : p.hostname);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return out;
}

/** A webp thumbnail THUMB_WIDTH wide (never wider than the image), made in the canvas process. Call only on an image `checkImage` passed. */
export async function makeThumbnail(b: Buffer, info: CheckedImage): Promise<{ bytes: Buffer; width: number; height: number }> {
  try {
    return await canvasWork('thumbnail', { bytes: b, width: info.width, height: info.height, thumbWidth: THUMB_WIDTH });
  } catch (e) {
    if (e instanceof CanvasError && e.kind !== 'timeout') throw new DrawProviderError('绘画服务返回的图片无法解码', 'broken');
    throw e;
  }
}
