import { crc32, deflateSync } from 'node:zlib';

const MAX_SIDE = 10_000;
const MAX_PIXELS = 40_000_000;

/**
 * Decodes an uncompressed BMP (1/4/8-bit palette, 24 or 32 bits, bottom-up or top-down) to RGBA,
 * in plain JavaScript: native decoders crash on some malformed images, and this runs on a request.
 * Null for anything else (RLE, bitfields other than the usual 32-bit layout) or any inconsistency.
 */
export function decodeBmp(b: Buffer): { width: number; height: number; rgba: Buffer } | null {
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const offset = b.readUInt32LE(10);
  const dib = b.readUInt32LE(14);
  if (dib < 40 || b.length < 14 + dib) return null;
  const width = b.readInt32LE(18);
  const rawHeight = b.readInt32LE(22);
  const bpp = b.readUInt16LE(28);
  const compression = b.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) return null;
  if (b.readUInt16LE(26) !== 1) return null;
  if (!(compression === 0 || (compression === 3 && bpp === 32))) return null;
  if (![1, 4, 8, 24, 32].includes(bpp)) return null;
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (offset + stride * height > b.length) return null;
  let palette: Buffer | null = null;
  if (bpp <= 8) {
    const colours = b.readUInt32LE(46) || 1 << bpp;
    const start = 14 + dib;
    if (colours > 256 || start + colours * 4 > offset) return null;
    palette = b.subarray(start, start + colours * 4);
  }
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = offset + stride * (rawHeight > 0 ? height - 1 - y : y);
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let bl: number, g: number, r: number;
      if (bpp >= 24) {
        const p = row + x * (bpp / 8);
        [bl, g, r] = [b[p]!, b[p + 1]!, b[p + 2]!];
      } else {
        const bit = x * bpp;
        const index = (b[row + (bit >> 3)]! >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        if (index * 4 + 2 >= palette!.length) return null;
        [bl, g, r] = [palette![index * 4]!, palette![index * 4 + 1]!, palette![index * 4 + 2]!];
      }
      rgba[o] = r;
      rgba[o + 1] = g;
      rgba[o + 2] = bl;
      rgba[o + 3] = 255;
    }
  }
  return { width, height, rgba };
}

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** RGBA pixels as a PNG (8-bit RGBA, no filtering). */
export function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A BMP re-encoded as PNG (upstreams such as OpenAI take PNG, JPEG, GIF and WebP only); null when it cannot be decoded. */
export function bmpToPng(b: Buffer): Buffer | null {
  const image = decodeBmp(b);
  return image ? encodePng(image.width, image.height, image.rgba) : null;
}
