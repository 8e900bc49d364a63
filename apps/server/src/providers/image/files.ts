import { safeFetch, SafeFetchError } from '../../core/safe-fetch.ts';
import { DrawProviderError } from './types.ts';
import { withCanvas } from './canvas-lock.ts';

/** The largest image a provider may hand us, and the most pixels we decode for a thumbnail. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const THUMB_WIDTH = 384;

export interface CheckedImage {
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

/** The type and pixel size from the first bytes (never from a name or a header); null when it is no png, jpeg or webp. */
export function inspectImage(b: Buffer): CheckedImage | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a && b.toString('latin1', 12, 16) === 'IHDR') {
    return { mime: 'image/png', ext: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      }
      const len = b.readUInt16BE(i + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { mime: 'image/jpeg', ext: 'jpg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
    return null;
  }
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8 ') return { mime: 'image/webp', ext: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { mime: 'image/webp', ext: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { mime: 'image/webp', ext: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** Checks a provider's image: a png / jpeg / webp of a sane size, else a DrawProviderError. */
export function checkImage(b: Buffer): CheckedImage {
  if (b.length > MAX_IMAGE_BYTES) throw new DrawProviderError('生成的图片过大，已放弃');
  const info = inspectImage(b);
  if (!info || info.width < 1 || info.height < 1) throw new DrawProviderError('绘画服务返回的不是有效图片');
  if (info.width * info.height > MAX_IMAGE_PIXELS) throw new DrawProviderError('生成的图片尺寸过大，已放弃');
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
      if (e.kind === 'bad_url') throw new DrawProviderError('绘画服务返回的图片地址无效');
      if (e.kind === 'too_large') throw new DrawProviderError('生成的图片过大，已放弃');
      if (e.kind === 'blocked') throw new DrawProviderError('绘画服务返回的图片地址不可访问');
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

/** A webp thumbnail THUMB_WIDTH wide (never wider than the image). Call only on an image `checkImage` passed. */
export function makeThumbnail(b: Buffer, info: CheckedImage): Promise<{ bytes: Buffer; width: number; height: number }> {
  return withCanvas(() => thumbnailNow(b, info));
}

async function thumbnailNow(b: Buffer, info: CheckedImage): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const img = await loadImage(b);
  const width = Math.min(THUMB_WIDTH, info.width);
  const height = Math.max(1, Math.round((info.height * width) / info.width));
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(img, 0, 0, width, height);
  return { bytes: await canvas.encode('webp', 78), width, height };
}
