import { crc32, createDeflate, deflateSync } from 'node:zlib';

/** Hostile pictures, built in the tests (never committed as files). */

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

function pngOf(width: number, height: number, colourType: 0 | 2, idat: Buffer) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colourType;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A valid 64×64 PNG whose IHDR claims `width`×`height` (about 150 bytes): a decoder allocates what
 * the header says (@napi-rs/canvas aborts the process on 60000×60000). With 64×64 it is honest.
 */
export function lyingPng(width = 60_000, height = 60_000): Buffer {
  const row = 64 * 3 + 1;
  const raw = Buffer.alloc(row * 64, 0x7f);
  for (let y = 0; y < 64; y++) raw[y * row] = 0;
  return pngOf(width, height, 2, deflateSync(raw));
}

/** A real decompression bomb: a grey `side`×`side` PNG (16000: 256 megapixels in about 250 KB), deflated row by row. */
export async function bombPng(side = 16_000): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise((r) => deflate.on('end', r));
  const row = Buffer.alloc(side + 1);
  for (let y = 0; y < side; y++) {
    if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await ended;
  return pngOf(side, side, 0, Buffer.concat(out));
}

/** A real 64×64 PNG (grey). */
export const tinyPng = () => lyingPng(64, 64);

/** A JPEG's header (APP0, a start-of-frame of `width`×`height`) with no picture after it: what the server reads of a JPEG. */
export function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]), sof, Buffer.from([0xff, 0xd9])]);
}
