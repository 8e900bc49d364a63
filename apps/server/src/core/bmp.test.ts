import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { bmpToPng, decodeBmp } from './bmp.ts';

/** A BMP of `w`x`h` with 24 bits per pixel, each pixel (r,g,b) from `px`. */
function bmp24(w: number, h: number, px: (x: number, y: number) => [number, number, number], topDown = false) {
  const stride = Math.ceil((w * 3) / 4) * 4;
  const b = Buffer.alloc(54 + stride * h);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(w, 18);
  b.writeInt32LE(topDown ? -h : h, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  for (let y = 0; y < h; y++) {
    const row = 54 + stride * (topDown ? y : h - 1 - y);
    for (let x = 0; x < w; x++) {
      const [r, g, bl] = px(x, y);
      b[row + x * 3] = bl;
      b[row + x * 3 + 1] = g;
      b[row + x * 3 + 2] = r;
    }
  }
  return b;
}

const pattern = (x: number, y: number): [number, number, number] => [x * 40, y * 60, 200];

describe('BMP to PNG', () => {
  it('decodes bottom-up and top-down 24-bit pixels to the same image', () => {
    const a = decodeBmp(bmp24(5, 3, pattern))!;
    const b = decodeBmp(bmp24(5, 3, pattern, true))!;
    expect(a.width).toBe(5);
    expect(a.rgba.equals(b.rgba)).toBe(true);
    expect([...a.rgba.subarray((1 * 5 + 2) * 4, (1 * 5 + 2) * 4 + 4)]).toEqual([80, 60, 200, 255]);
  });

  it('writes a PNG that a real decoder reads back pixel for pixel', async () => {
    const png = bmpToPng(bmp24(7, 4, pattern))!;
    const img = await loadImage(png);
    const c = createCanvas(7, 4);
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, 7, 4).data;
    expect([d[(3 * 7 + 6) * 4], d[(3 * 7 + 6) * 4 + 1], d[(3 * 7 + 6) * 4 + 2]]).toEqual([240, 180, 200]);
  });

  it('refuses broken or unsupported files instead of crashing', () => {
    const zeroWidth = bmp24(2, 2, pattern);
    zeroWidth.writeInt32LE(0, 18);
    const truncated = bmp24(50, 50, pattern).subarray(0, 200);
    const rle = bmp24(2, 2, pattern);
    rle.writeUInt32LE(1, 30);
    const huge = bmp24(2, 2, pattern);
    huge.writeInt32LE(100_000, 18);
    for (const b of [zeroWidth, truncated, rle, huge, Buffer.from('BM'), Buffer.alloc(0)]) expect(bmpToPng(b)).toBeNull();
  });
});
