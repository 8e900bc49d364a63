import { DrawProviderError } from './types.ts';

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

/** Downloads an image URL (http or https only), at most MAX_IMAGE_BYTES, within `timeoutMs`. */
export async function downloadImage(url: string, timeoutMs = 60_000, signal?: AbortSignal): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DrawProviderError('绘画服务返回的图片地址无效');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new DrawProviderError('绘画服务返回的图片地址无效');
  const timeout = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(parsed, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'follow' });
  } catch {
    throw new DrawProviderError('下载生成的图片失败，请稍后再试');
  }
  if (!res.ok || !res.body) throw new DrawProviderError(`下载生成的图片失败（HTTP ${res.status}）`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_IMAGE_BYTES) throw new DrawProviderError('生成的图片过大，已放弃');
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) throw new DrawProviderError('生成的图片过大，已放弃');
      parts.push(Buffer.from(chunk));
    }
  } catch (e) {
    if (e instanceof DrawProviderError) throw e;
    throw new DrawProviderError('下载生成的图片失败，请稍后再试');
  }
  return Buffer.concat(parts);
}

/** A webp thumbnail THUMB_WIDTH wide (never wider than the image). Call only on an image `checkImage` passed. */
export async function makeThumbnail(b: Buffer, info: CheckedImage): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const img = await loadImage(b);
  const width = Math.min(THUMB_WIDTH, info.width);
  const height = Math.max(1, Math.round((info.height * width) / info.width));
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(img, 0, 0, width, height);
  return { bytes: await canvas.encode('webp', 78), width, height };
}
