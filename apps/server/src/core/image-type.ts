import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@app/shared';
import { bmpToPng } from './bmp.ts';

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/bmp';
export type ImageExt = 'png' | 'jpg' | 'webp' | 'gif' | 'bmp';

/** A picture's type and pixel size, read from its header (never from a name or a claimed type). */
export interface ImageInfo {
  mime: ImageMime;
  ext: ImageExt;
  width: number;
  height: number;
}

const png = (b: Buffer): ImageInfo | null =>
  b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a && b.toString('latin1', 12, 16) === 'IHDR'
    ? { mime: 'image/png', ext: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
    : null;

/** The size in the first start-of-frame segment, walking segments by their lengths (an EXIF thumbnail inside APP1 is skipped whole). */
function jpeg(b: Buffer): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mime: 'image/jpeg', ext: 'jpg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + b.readUInt16BE(i + 2);
  }
  return null;
}

function webp(b: Buffer): ImageInfo | null {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { mime: 'image/webp', ext: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { mime: 'image/webp', ext: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { mime: 'image/webp', ext: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

/** The logical screen, and every frame's own size (a frame may claim more than the screen, and decoders allocate for it). */
function gif(b: Buffer): ImageInfo | null {
  if (b.length < 13 || (b.toString('latin1', 0, 6) !== 'GIF87a' && b.toString('latin1', 0, 6) !== 'GIF89a')) return null;
  let width = b.readUInt16LE(6);
  let height = b.readUInt16LE(8);
  const tableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let i = 13 + tableSize(b[10]!);
  const skipBlocks = () => {
    while (i < b.length && b[i] !== 0) i += b[i]! + 1;
    i++;
  };
  while (i < b.length) {
    const block = b[i]!;
    if (block === 0x3b) break;
    if (block === 0x21) {
      i += 2;
      skipBlocks();
    } else if (block === 0x2c) {
      if (i + 10 > b.length) break;
      width = Math.max(width, b.readUInt16LE(i + 1) + b.readUInt16LE(i + 5));
      height = Math.max(height, b.readUInt16LE(i + 3) + b.readUInt16LE(i + 7));
      i += 10 + tableSize(b[i + 9]!) + 1;
      skipBlocks();
    } else break;
  }
  return { mime: 'image/gif', ext: 'gif', width, height };
}

/** BMP: "BM", the file size, two reserved words, the pixel offset and a known DIB header size. */
function bmp(b: Buffer): ImageInfo | null {
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const dib = b.readUInt32LE(14);
  if (![12, 40, 52, 56, 64, 108, 124].includes(dib) || b.readUInt32LE(10) >= b.length) return null;
  if (dib === 12) return { mime: 'image/bmp', ext: 'bmp', width: b.readUInt16LE(18), height: b.readUInt16LE(20) };
  return { mime: 'image/bmp', ext: 'bmp', width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
}

/** The type and pixel size by the first bytes: PNG (IHDR), JPEG (SOF), WebP, GIF or BMP; null for anything else. */
export function inspectImage(b: Buffer): ImageInfo | null {
  return png(b) ?? jpeg(b) ?? webp(b) ?? gif(b) ?? bmp(b);
}

/**
 * Why a picture may not be decoded, or null when it may: 'broken' for a zero side, 'pixels' past
 * MAX_IMAGE_PIXELS or MAX_IMAGE_SIDE. A decoder allocates what the header claims, so a 133-byte PNG
 * claiming 60000×60000 asks for 14 GB: this is checked before anything decodes a picture.
 */
export function pixelProblem(info: ImageInfo): 'broken' | 'pixels' | null {
  if (info.width < 1 || info.height < 1) return 'broken';
  if (info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE || info.width * info.height > MAX_IMAGE_PIXELS) return 'pixels';
  return null;
}

/** What a user is told when a picture (`where`: 图片, 第 2 张图片…) is too large in pixels. */
export const pixelsMessage = (where = '图片') => `${where}尺寸过大：宽和高均不能超过 ${MAX_IMAGE_SIDE} 像素，总像素不能超过 ${MAX_IMAGE_PIXELS / 1_000_000} 百万`;

export type StorableImage = { file: Buffer; type: { mime: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' } };

/**
 * An uploaded picture as stored: PNG and JPEG as they came, BMP re-encoded to PNG (by a plain-JS
 * decoder: native decoders crash on crafted BMPs). 'type' when it is none of these, 'broken' when
 * it does not decode or has no pixels, 'pixels' when it is larger than any picture may be.
 */
export function storableImage(file: Buffer): StorableImage | 'type' | 'broken' | 'pixels' {
  const info = inspectImage(file);
  if (!info || (info.ext !== 'png' && info.ext !== 'jpg' && info.ext !== 'bmp')) return 'type';
  const problem = pixelProblem(info);
  if (problem) return problem;
  if (info.ext !== 'bmp') return { file, type: { mime: info.mime as 'image/png' | 'image/jpeg', ext: info.ext } };
  const converted = bmpToPng(file);
  return converted ? { file: converted, type: { mime: 'image/png', ext: 'png' } } : 'broken';
}
