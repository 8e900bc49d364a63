import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';

/**
 * Canvas work, run only in the canvas process (canvas-process.ts; the server calls it through
 * canvas.ts). The offline painter: a real PNG drawn locally from the prompt with @napi-rs/canvas.
 * Same prompt, type and seed, same picture (a palette and shapes from the prompt's hash); the
 * prompt is written on it and a 离线演示 badge says it was not made by a model. And thumbnails.
 */
const FONT_PATHS = [
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/System/Library/Fonts/PingFang.ttc',
];
const FONT = 'DrawOfflineCJK';
let fontReady: boolean | null = null;

type CanvasModule = typeof import('@napi-rs/canvas');
let canvasModule: Promise<CanvasModule> | null = null;
const canvasLib = () => (canvasModule ??= import('@napi-rs/canvas'));

async function fontFamily(): Promise<string> {
  const { GlobalFonts } = await canvasLib();
  if (fontReady === null) {
    const path = FONT_PATHS.find((p) => existsSync(p));
    fontReady = !!path && (GlobalFonts.has(FONT) || !!GlobalFonts.registerFromPath(path, FONT));
  }
  return fontReady ? `${FONT}, sans-serif` : 'sans-serif';
}

const PALETTES: Record<string, string[]> = {
  general: ['#2563eb', '#7c3aed', '#06b6d4', '#f59e0b', '#10b981'],
  anime: ['#f472b6', '#a78bfa', '#60a5fa', '#fde68a', '#34d399'],
  photo: ['#78716c', '#a8a29e', '#57534e', '#d6d3d1', '#44403c'],
  ink: ['#111827', '#374151', '#6b7280', '#d1d5db', '#9ca3af'],
  oil: ['#b45309', '#92400e', '#15803d', '#1d4ed8', '#fbbf24'],
  render3d: ['#0ea5e9', '#6366f1', '#14b8a6', '#f43f5e', '#eab308'],
};

/** A deterministic stream of numbers in [0,1) from a text. */
function randomFrom(seedText: string) {
  let block = createHash('sha256').update(seedText).digest();
  let i = 0;
  return () => {
    if (i + 4 > block.length) {
      block = createHash('sha256').update(block).digest();
      i = 0;
    }
    const v = block.readUInt32BE(i) / 2 ** 32;
    i += 4;
    return v;
  };
}

function wrapText(ctx: { measureText(t: string): { width: number } }, text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of Array.from(text.replace(/\s+/g, ' '))) {
    if (ctx.measureText(line + ch).width > width && line) {
      lines.push(line);
      line = ch.trimStart();
      if (lines.length === maxLines) break;
    } else line += ch;
  }
  if (lines.length < maxLines && line) lines.push(line);
  else if (lines.length === maxLines) lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, -1)}…`;
  return lines;
}

export interface PaintOptions {
  prompt: string;
  type: string;
  width: number;
  height: number;
  /** Which picture of a set (0..3), or a variation's number. */
  seed: string;
  /** A small caption in the corner (U1, V2, …). */
  caption?: string;
  /** Reference pictures (checked png / jpeg / webp), laid side by side under the shapes so the result shows them. */
  references?: Buffer[];
}

/** One picture as a PNG. */
export async function drawPicture(o: PaintOptions): Promise<Buffer> {
  const { createCanvas } = await canvasLib();
  const family = await fontFamily();
  const canvas = createCanvas(o.width, o.height);
  const ctx = canvas.getContext('2d');
  const rnd = randomFrom(`${o.type}|${o.seed}|${o.prompt}`);
  const palette = PALETTES[o.type] ?? PALETTES.general!;
  const pick = () => palette[Math.floor(rnd() * palette.length)]!;
  const { width: w, height: h } = o;

  const bg = ctx.createLinearGradient(0, 0, w * rnd(), h);
  bg.addColorStop(0, pick());
  bg.addColorStop(1, pick());
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  if (o.references?.length) {
    const { loadImage } = await canvasLib();
    const slot = w / o.references.length;
    for (const [i, ref] of o.references.entries()) {
      const img = await loadImage(ref);
      // Cover the slot, centred.
      const scale = Math.max(slot / img.width, h / img.height);
      const sw = slot / scale;
      const sh = h / scale;
      ctx.globalAlpha = 0.85;
      ctx.drawImage(img, (img.width - sw) / 2, (img.height - sh) / 2, sw, sh, i * slot, 0, slot, h);
    }
    ctx.globalAlpha = 1;
  }
  // Soft shapes: circles and a horizon of hills.
  const shapes = o.references?.length ? 5 : 14;
  for (let i = 0; i < shapes; i++) {
    ctx.globalAlpha = (0.15 + rnd() * 0.35) * (o.references?.length ? 0.5 : 1);
    ctx.fillStyle = pick();
    ctx.beginPath();
    ctx.arc(rnd() * w, rnd() * h * 0.8, (0.05 + rnd() * 0.22) * Math.min(w, h), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 0.7;
  ctx.fillStyle = pick();
  ctx.beginPath();
  ctx.moveTo(0, h);
  const base = h * (0.62 + rnd() * 0.12);
  for (let x = 0; x <= w; x += w / 8) ctx.lineTo(x, base - rnd() * h * 0.14);
  ctx.lineTo(w, h);
  ctx.closePath();
  ctx.fill();
  ctx.globalAlpha = 1;

  // The prompt on a translucent band, readable on any palette.
  const unit = Math.max(14, Math.round(Math.min(w, h) / 24));
  ctx.font = `${unit}px ${family}`;
  const lines = wrapText(ctx, o.prompt, w - unit * 3, 4);
  const bandH = unit * 1.6 * lines.length + unit * 1.6;
  ctx.fillStyle = 'rgba(15, 23, 42, 0.62)';
  ctx.fillRect(0, h - bandH, w, bandH);
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => ctx.fillText(line, unit * 1.5, h - bandH + unit * 0.8 + i * unit * 1.6));

  // The badge.
  const label = '离线演示';
  ctx.font = `bold ${unit}px ${family}`;
  const lw = ctx.measureText(label).width + unit * 1.2;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.fillRect(unit * 0.8, unit * 0.8, lw, unit * 1.8);
  ctx.fillStyle = '#b91c1c';
  ctx.fillText(label, unit * 1.4, unit * 1.2);
  if (o.caption) {
    const cw = ctx.measureText(o.caption).width + unit * 1.2;
    ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
    ctx.fillRect(w - cw - unit * 0.8, unit * 0.8, cw, unit * 1.8);
    ctx.fillStyle = '#1e293b';
    ctx.fillText(o.caption, w - cw - unit * 0.2, unit * 1.2);
  }
  return canvas.encode('png');
}

/** Four pictures in a 2×2 grid (Midjourney's first result), as one PNG. */
export async function drawGrid(o: Omit<PaintOptions, 'caption'>): Promise<Buffer> {
  const { createCanvas, loadImage } = await canvasLib();
  const half = { w: Math.round(o.width / 2), h: Math.round(o.height / 2) };
  const canvas = createCanvas(half.w * 2, half.h * 2);
  const ctx = canvas.getContext('2d');
  for (let i = 0; i < 4; i++) {
    const png = await drawPicture({ ...o, width: half.w, height: half.h, seed: `${o.seed}:${i}`, caption: String(i + 1) });
    ctx.drawImage(await loadImage(png), (i % 2) * half.w, Math.floor(i / 2) * half.h);
  }
  return canvas.encode('png');
}

export interface ThumbnailInput {
  /** A picture whose header was checked (type and pixel size) before it came here. */
  bytes: Buffer;
  width: number;
  height: number;
  thumbWidth: number;
}

/** A webp thumbnail `thumbWidth` wide (never wider than the picture). */
export async function drawThumbnail(o: ThumbnailInput): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { createCanvas, loadImage } = await canvasLib();
  const img = await loadImage(o.bytes);
  const width = Math.min(o.thumbWidth, o.width);
  const height = Math.max(1, Math.round((o.height * width) / o.width));
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(img, 0, 0, width, height);
  return { bytes: await canvas.encode('webp', 78), width, height };
}
