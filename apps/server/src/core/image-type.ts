import { bmpToPng } from './bmp.ts';

export type ImageType = { mime: 'image/png' | 'image/jpeg' | 'image/bmp'; ext: 'png' | 'jpg' | 'bmp' };

/** The type by its first bytes (never by the name): PNG, JPEG or BMP; null for anything else. */
export function sniffImage(b: Buffer): ImageType | null {
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return { mime: 'image/png', ext: 'png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  // BMP: "BM", then the file size, two reserved words, the pixel offset and a known DIB header size.
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) {
    const dib = b.readUInt32LE(14);
    if ([12, 40, 52, 56, 64, 108, 124].includes(dib) && b.readUInt32LE(10) < b.length) return { mime: 'image/bmp', ext: 'bmp' };
  }
  return null;
}

/**
 * An uploaded picture as stored: PNG and JPEG as they came, BMP re-encoded to PNG (by a plain-JS
 * decoder: native decoders crash on crafted BMPs). 'type' when it is none of these, 'broken' when
 * a BMP does not decode.
 */
export function storableImage(file: Buffer): { file: Buffer; type: Exclude<ImageType, { ext: 'bmp' }> } | 'type' | 'broken' {
  const type = sniffImage(file);
  if (!type) return 'type';
  if (type.ext !== 'bmp') return { file, type };
  const png = bmpToPng(file);
  return png ? { file: png, type: { mime: 'image/png', ext: 'png' } } : 'broken';
}
