import type PptxGenJS from 'pptxgenjs';
import { slideTheme, type DeckSlide, type SlideTheme } from '@app/shared';

type Pptx = InstanceType<typeof PptxGenJS>;
type Slide = ReturnType<Pptx['addSlide']>;
type TextProps = NonNullable<Parameters<Slide['addText']>[1]>;

/** 16:9, in inches. */
const W = 13.333;
const H = 7.5;
const MARGIN = 0.7;

export interface DeckForExport {
  title: string;
  language: string;
  theme: string;
  slides: DeckSlide[];
  offline: boolean;
}

const chars = (s: string) => Array.from(s).length;

/** A font size that keeps `lines` inside a box of `height` inches (pptxgenjs' shrink only applies once edited in PowerPoint). */
export function fitSize(lines: string[], width: number, height: number, max: number, min = 12): number {
  for (let size = max; size > min; size -= 1) {
    const perLine = Math.max(1, Math.floor((width * 72) / size)); // a CJK character is about one em wide
    const rows = lines.reduce((n, l) => n + Math.max(1, Math.ceil(chars(l) / perLine)), 0);
    if (rows * size * 1.5 <= height * 72) return size;
  }
  return min;
}

/**
 * The deck as a real .pptx (pptxgenjs): a title, a section and a content master per theme, every
 * run set in the theme's East Asian font with its language (so PowerPoint, WPS and LibreOffice
 * show Chinese), speaker notes on every slide.
 */
export async function buildPptx(deck: DeckForExport): Promise<Buffer> {
  const t = slideTheme(deck.theme);
  // Loaded on the first export, not at start (it is several MB resident).
  const { default: Pptx } = await import('pptxgenjs');
  const pptx = new Pptx();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = deck.title;
  pptx.subject = deck.offline ? '离线演示' : 'AI PPT';
  pptx.company = '知行 AI';
  pptx.theme = { headFontFace: t.headFont, bodyFontFace: t.bodyFont };
  const lang = deck.language === 'en' ? 'en-US' : deck.language;
  const head: TextProps = { fontFace: t.headFont, lang };
  const body: TextProps = { fontFace: t.bodyFont, lang };
  defineMasters(pptx, t, deck.title, head, body);

  for (const s of deck.slides) {
    const master = s.kind === 'cover' || s.kind === 'end' ? 'COVER' : s.kind === 'section' ? 'SECTION' : 'CONTENT';
    const slide = pptx.addSlide({ masterName: master });
    if (master === 'CONTENT') {
      slide.addText(s.title, { placeholder: 'title', ...head, fontSize: fitSize([s.title], W - 2 * MARGIN, 0.9, 30, 20), bold: true, color: t.title });
      drawContent(pptx, slide, s, t, body, head);
    } else {
      slide.addText(s.title, { placeholder: 'title', ...head, fontSize: fitSize([s.title], W - 2.4, 1.6, 44, 24), bold: true, color: t.coverText });
      if (s.subtitle) slide.addText(s.subtitle, { placeholder: 'body', ...body, fontSize: 20, color: t.coverText });
    }
    if (s.notes) slide.addNotes(s.notes);
  }
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

function defineMasters(pptx: Pptx, t: SlideTheme, deckTitle: string, head: TextProps, body: TextProps) {
  const decoration =
    t.cover === 'band'
      ? [{ rect: { x: 0, y: 0, w: 0.35, h: H, fill: { color: t.accent } } }, { rect: { x: 0.35, y: 0, w: 0.08, h: H, fill: { color: t.accent2 } } }]
      : t.cover === 'bar'
        ? [{ rect: { x: 0, y: H - 0.5, w: W, h: 0.5, fill: { color: t.accent } } }, { rect: { x: 0, y: H - 0.58, w: W, h: 0.08, fill: { color: t.accent2 } } }]
        : [{ rect: { x: 0.4, y: 0.4, w: W - 0.8, h: H - 0.8, fill: { type: 'none' as const }, line: { color: t.accent2, width: 2 } } }];
  pptx.defineSlideMaster({
    title: 'COVER',
    background: { color: t.coverBackground },
    objects: [
      ...decoration,
      { placeholder: { options: { name: 'title', type: 'title', x: 1.2, y: 2.3, w: W - 2.4, h: 1.6, ...head, fontSize: 40, bold: true, color: t.coverText, align: 'left', valign: 'bottom' }, text: '' } },
      { rect: { x: 1.2, y: 4.05, w: 1.6, h: 0.08, fill: { color: t.accent2 } } },
      { placeholder: { options: { name: 'body', type: 'body', x: 1.2, y: 4.3, w: W - 2.4, h: 0.9, ...body, fontSize: 20, color: t.coverText, valign: 'top' }, text: '' } },
    ],
  });
  pptx.defineSlideMaster({
    title: 'SECTION',
    background: { color: t.coverBackground },
    objects: [
      { rect: { x: 0, y: 0, w: W, h: 0.18, fill: { color: t.accent } } },
      { placeholder: { options: { name: 'title', type: 'title', x: 1.2, y: 2.6, w: W - 2.4, h: 1.4, ...head, fontSize: 40, bold: true, color: t.coverText, align: 'left', valign: 'middle' }, text: '' } },
      { placeholder: { options: { name: 'body', type: 'body', x: 1.2, y: 4.0, w: W - 2.4, h: 0.8, ...body, fontSize: 20, color: t.coverText }, text: '' } },
    ],
  });
  pptx.defineSlideMaster({
    title: 'CONTENT',
    background: { color: t.background },
    margin: [0.3, 0.5, 0.3, 0.5],
    slideNumber: { x: W - 1.1, y: H - 0.55, w: 0.6, h: 0.35, fontFace: t.bodyFont, fontSize: 11, color: t.muted, align: 'right' },
    objects: [
      { rect: { x: 0, y: 0, w: W, h: 0.12, fill: { color: t.accent } } },
      { placeholder: { options: { name: 'title', type: 'title', x: MARGIN, y: 0.35, w: W - 2 * MARGIN, h: 0.9, ...head, fontSize: 30, bold: true, color: t.title, align: 'left', valign: 'middle' }, text: '' } },
      { rect: { x: MARGIN, y: 1.3, w: 1.2, h: 0.06, fill: { color: t.accent2 } } },
      { text: { text: deckTitle, options: { x: MARGIN, y: H - 0.55, w: 8, h: 0.35, ...body, fontSize: 11, color: t.muted } } },
    ],
  });
}

const TOP = 1.6;
const BOTTOM = H - 0.8;

function bulletList(items: string[], size: number, t: SlideTheme, body: TextProps) {
  return items.map((text) => ({
    text,
    options: { ...body, fontSize: size, color: t.text, bullet: { indent: size * 1.1 }, paraSpaceAfter: size * 0.6, breakLine: true },
  }));
}

function drawContent(pptx: Pptx, slide: Slide, s: DeckSlide, t: SlideTheme, body: TextProps, head: TextProps) {
  const width = W - 2 * MARGIN;
  const height = BOTTOM - TOP;
  if (s.kind === 'two-column' && s.left && s.right) {
    const colW = (width - 0.5) / 2;
    [s.left, s.right].forEach((col, i) => {
      const x = MARGIN + i * (colW + 0.5);
      slide.addShape(pptx.ShapeType.rect, { x, y: TOP, w: colW, h: height, fill: { color: t.panel }, line: { color: t.panel } });
      slide.addShape(pptx.ShapeType.rect, { x, y: TOP, w: colW, h: 0.08, fill: { color: i ? t.accent2 : t.accent }, line: { color: i ? t.accent2 : t.accent } });
      slide.addText(col.heading, { x: x + 0.3, y: TOP + 0.25, w: colW - 0.6, h: 0.6, ...head, fontSize: 22, bold: true, color: t.title });
      const size = fitSize(col.bullets, colW - 0.9, height - 1.2, 20, 12);
      slide.addText(bulletList(col.bullets, size, t, body), { x: x + 0.3, y: TOP + 0.95, w: colW - 0.6, h: height - 1.15, valign: 'top' });
    });
    return;
  }
  if (s.kind === 'quote' && s.quote) {
    slide.addShape(pptx.ShapeType.rect, { x: MARGIN, y: TOP + 0.4, w: width, h: height - 0.8, fill: { color: t.panel }, line: { color: t.panel } });
    slide.addShape(pptx.ShapeType.rect, { x: MARGIN, y: TOP + 0.4, w: 0.12, h: height - 0.8, fill: { color: t.accent }, line: { color: t.accent } });
    slide.addText('“', { x: MARGIN + 0.4, y: TOP + 0.3, w: 1, h: 1.2, ...head, fontSize: 72, color: t.accent2 });
    const size = fitSize([s.quote], width - 2, height - 2.4, 32, 18);
    slide.addText(s.quote, { x: MARGIN + 1, y: TOP + 1.0, w: width - 2, h: height - 2.4, ...head, fontSize: size, color: t.title, valign: 'middle', italic: false });
    if (s.source) slide.addText(`—— ${s.source}`, { x: MARGIN + 1, y: BOTTOM - 1.2, w: width - 2, h: 0.5, ...body, fontSize: 16, color: t.muted, align: 'right' });
    return;
  }
  if (s.kind === 'chart' && s.chart?.length) {
    slide.addChart(pptx.ChartType.bar, [{ name: s.title, labels: s.chart.map((c) => c.label), values: s.chart.map((c) => c.value) }], {
      x: MARGIN,
      y: TOP,
      w: width * 0.64,
      h: height,
      barDir: 'bar',
      chartColors: [t.accent],
      catAxisLabelFontFace: t.bodyFont,
      catAxisLabelColor: t.text,
      catAxisLabelFontSize: 13,
      valAxisLabelFontFace: t.bodyFont,
      valAxisLabelColor: t.muted,
      valAxisMaxVal: 100,
      showValue: true,
      dataLabelFontFace: t.bodyFont,
      dataLabelColor: t.text,
      dataLabelFontSize: 12,
      valGridLine: { color: t.panel, size: 1 },
      catGridLine: { style: 'none' },
    });
    const top = [...s.chart].sort((a, b) => b.value - a.value)[0]!;
    slide.addShape(pptx.ShapeType.rect, { x: MARGIN + width * 0.68, y: TOP + 0.4, w: width * 0.32, h: 2.6, fill: { color: t.panel }, line: { color: t.panel } });
    slide.addText(
      [
        { text: `${top.value}`, options: { ...head, fontSize: 54, bold: true, color: t.accent, breakLine: true } },
        { text: top.label, options: { ...body, fontSize: 16, color: t.text } },
      ],
      { x: MARGIN + width * 0.68 + 0.3, y: TOP + 0.6, w: width * 0.32 - 0.6, h: 2.2, align: 'center', valign: 'middle' },
    );
    return;
  }
  const items = s.bullets?.length ? s.bullets : s.subtitle ? [s.subtitle] : [];
  if (s.kind === 'contents') {
    const size = fitSize(items, width / 2, height, 22, 14);
    items.forEach((item, i) => {
      const col = items.length > 4 ? i % 2 : 0;
      const row = items.length > 4 ? Math.floor(i / 2) : i;
      const x = MARGIN + col * (width / 2);
      const y = TOP + 0.2 + row * 1.05;
      slide.addText(String(i + 1).padStart(2, '0'), { x, y, w: 0.9, h: 0.8, ...head, fontSize: 28, bold: true, color: t.accent });
      slide.addText(item, { x: x + 1, y, w: width / 2 - 1.2, h: 0.8, ...body, fontSize: size, color: t.text, valign: 'middle' });
    });
    return;
  }
  const size = fitSize(items, width - 0.5, height, 24, 14);
  slide.addText(bulletList(items, size, t, body), { x: MARGIN, y: TOP, w: width, h: height, valign: 'top' });
}
