/**
 * The map's downloads, loaded when the user asks for one: SVG with real text, PNG drawn from that
 * SVG, and .xmind. Labels are wrapped by the canvas's measure of the same font the screen uses,
 * at markmap's max width, so the lines are the ones on screen.
 */
import { buildMindSvg, type BuiltSvg, type PlacedNode } from './svg-build.ts';
import { parseOutline } from './outline.ts';
import { toXmind } from './xmind.ts';
import { MIND_FONT_FAMILY, MIND_FONT_SIZE, MIND_LINE_HEIGHT, MIND_MAX_WIDTH, MIND_PADDING_X } from './style.ts';

const PNG_SCALE = 2;
/** Canvas limits browsers share (Safari's are the smallest): a bigger map is drawn at a smaller scale. */
const CANVAS_MAX_SIDE = 16_384;
const CANVAS_MAX_AREA = 16_777_216;

export function mapSvg(root: PlacedNode): BuiltSvg {
  const ctx = document.createElement('canvas').getContext('2d')!;
  ctx.font = `400 ${MIND_FONT_SIZE}px ${MIND_FONT_FAMILY}`;
  const m = ctx.measureText('国Ag');
  const ascent = m.fontBoundingBoxAscent || MIND_FONT_SIZE * 0.88;
  const descent = m.fontBoundingBoxDescent || MIND_FONT_SIZE * 0.12;
  return buildMindSvg(root, {
    measure: (s) => ctx.measureText(s).width,
    maxWidth: MIND_MAX_WIDTH,
    paddingX: MIND_PADDING_X,
    fontFamily: MIND_FONT_FAMILY,
    fontSize: MIND_FONT_SIZE,
    lineHeight: MIND_LINE_HEIGHT,
    ascent,
    descent,
    textColor: '#1f2937',
    background: '#ffffff',
    pad: 24,
  });
}

/** The SVG drawn on a canvas at twice its size, or as large as a canvas may be. */
export async function svgToPng({ svg, width, height }: BuiltSvg): Promise<Blob> {
  const scale = Math.min(PNG_SCALE, CANVAS_MAX_SIDE / width, CANVAS_MAX_SIDE / height, Math.sqrt(CANVAS_MAX_AREA / (width * height)));
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = Math.floor(width * scale);
  c.height = Math.floor(height * scale);
  const ctx = c.getContext('2d')!;
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((r) => c.toBlob(r, 'image/png'));
  if (!blob) throw new Error('no png');
  return blob;
}

/** The whole outline (folded branches too) as an .xmind file. */
export function mapXmind(markdown: string, title: string): Blob {
  const bytes = toXmind(parseOutline(markdown, title));
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/vnd.xmind.workbook' });
}
