import type PptxGenJS from 'pptxgenjs';
import { continuedTitle, pageSlide, slideTheme, type DeckPage, type DeckSlide, type SlideTheme } from '@app/shared';
import { CHART_LABEL_MAX } from './compose.ts';
import { ems, fitting, heightOf, linesOf, listHeight } from './measure.ts';

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
  /** Divider pictures by the slide's image URL, as data URLs (loadPictures); a slide whose picture is missing is drawn without. */
  pictures?: Record<string, string>;
}

/** Where a divider's picture goes (inches): the right half, below the section master's accent bar. */
export const PICTURE_BOX = { x: W / 2, y: 0.18, w: W / 2, h: H - 0.18 } as const;

/** The name the file's properties give as its author and company. */
export const PRODUCT_NAME = '知行 AI';
const TOP_MIN = 1.6;
export const BOTTOM = H - 0.8;
/** Where the footer line (deck title, slide number) starts. */
export const FOOTER_Y = H - 0.55;
const TEXT_W = W - 2 * MARGIN;

/** The content title: one line at 30 pt down to 20 pt; a longer title grows its box (at 20 pt, then 18 pt for three lines) and the accent bar and the content move down below it. */
export function titleLayout(title: string): { size: number; h: number; bar: number; top: number } {
  const one = fitting((size) => heightOf(title, TEXT_W, size), 0.9, 30, 20);
  const size = one ?? (linesOf(title, TEXT_W, 20) <= 2 ? 20 : 18);
  const h = Math.max(0.9, heightOf(title, TEXT_W, size) + 0.05);
  const bar = 0.35 + h + 0.05;
  return { size, h, bar, top: Math.max(TOP_MIN, bar + 0.3) };
}

/**
 * The deck as a real .pptx (pptxgenjs): a title, a section and a content master per theme, every
 * run set in the theme's East Asian font with its language (so PowerPoint, WPS and LibreOffice
 * show Chinese), speaker notes on every slide. A slide whose text does not fit at the smallest
 * readable size goes on over as many slides as it takes (titled …（续）): text never leaves a slide.
 */
export async function buildPptx(deck: DeckForExport): Promise<Buffer> {
  const t = slideTheme(deck.theme);
  // Loaded on the first export, not at start (it is several MB resident).
  const { default: Pptx } = await import('pptxgenjs');
  const pptx = new Pptx();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = deck.title;
  pptx.subject = deck.offline ? '离线演示' : 'AI PPT';
  pptx.author = PRODUCT_NAME;
  pptx.company = PRODUCT_NAME;
  pptx.theme = { headFontFace: t.headFont, bodyFontFace: t.bodyFont };
  const lang = deck.language === 'en' ? 'en-US' : deck.language;
  const en = deck.language === 'en';
  const head: TextProps = { fontFace: t.headFont, lang };
  const body: TextProps = { fontFace: t.bodyFont, lang };
  defineMasters(pptx, t, deck.title, head, body);

  for (const s of paginate(deck.slides, en)) {
    const master = s.kind === 'cover' || s.kind === 'end' ? 'COVER' : s.kind === 'section' ? 'SECTION' : 'CONTENT';
    const slide = pptx.addSlide({ masterName: master });
    if (master === 'CONTENT') {
      const tl = titleLayout(s.title);
      slide.addText(s.title, { x: MARGIN, y: 0.35, w: TEXT_W, h: tl.h, ...head, fontSize: tl.size, bold: true, color: t.title, align: 'left', valign: 'middle', fit: 'none' });
      slide.addShape(pptx.ShapeType.rect, { x: MARGIN, y: tl.bar, w: 1.2, h: 0.06, fill: { color: t.accent2 }, line: { color: t.accent2 } });
      drawContent(pptx, slide, s, t, body, head, tl.top, en);
    } else {
      // Plain text boxes where the master's placeholders are: a size set on a placeholder is not always kept.
      const cover = master === 'COVER';
      const box = cover ? { y: 2.3, h: 1.6, valign: 'bottom' as const } : { y: 2.6, h: 1.4, valign: 'middle' as const };
      // A divider's picture fills the right half under the accent bar; the text keeps to the left of it.
      const picture = !cover && s.image ? deck.pictures?.[s.image] : undefined;
      if (picture) slide.addImage({ data: picture, ...PICTURE_BOX });
      const textW = picture ? PICTURE_BOX.x - 1.2 - 0.4 : W - 2.4;
      const size = fitting((z) => heightOf(s.title, textW, z), box.h, 44, 16) ?? 16;
      // A long title beside a picture grows its box (centred where the box was) rather than run out of it.
      const need = heightOf(s.title, textW, size);
      const title = need > box.h ? { y: Math.max(0.4, box.y + box.h / 2 - need / 2), h: need } : { y: box.y, h: box.h };
      slide.addText(s.title, { x: 1.2, y: title.y, w: textW, h: title.h, valign: box.valign, align: 'left', ...head, fontSize: size, bold: true, color: t.coverText, fit: 'none' });
      if (s.subtitle) {
        const sub = fitting((z) => heightOf(s.subtitle!, textW, z), 0.8, 20, 11) ?? 11;
        slide.addText(s.subtitle, { x: 1.2, y: Math.max(cover ? 4.3 : 4.0, title.y + title.h + 0.1), w: textW, h: cover ? 0.9 : 0.8, valign: 'top', ...body, fontSize: sub, color: t.coverText, fit: 'none' });
      }
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
      { text: { text: oneLine(deckTitle, 8, 11), options: { x: MARGIN, y: FOOTER_Y, w: 8, h: 0.35, ...body, fontSize: 11, color: t.muted, fit: 'none' } } },
    ],
  });
}

/** `text` cut to what one line of a box `width` wide holds at `size` (the footer). */
function oneLine(text: string, width: number, size: number): string {
  const chars = Array.from(text);
  let n = chars.length;
  while (n > 1 && linesOf(chars.slice(0, n).join('') + (n < chars.length ? '…' : ''), width, size) > 1) n--;
  return chars.slice(0, n).join('') + (n < chars.length ? '…' : '');
}

const BULLET_MIN = 14;
const COLUMN_MIN = 12;
const COL_GAP = 0.5;
const colW = (TEXT_W - COL_GAP) / 2;

/** A column's heading size and height (a long heading wraps, and the list starts below it). */
function columnHeading(heading: string): { size: number; h: number } {
  const size = fitting((z) => heightOf(heading, colW - 0.6, z), 0.6, 22, 16) ?? 16;
  return { size, h: Math.max(0.6, heightOf(heading, colW - 0.6, size)) };
}

/** Whether two columns' rows fit under their headings at the smallest column size. */
function columnsFit(s: DeckSlide, from: number, to: number, top: number): boolean {
  return [s.left!, s.right!].every((col) => {
    const hd = columnHeading(col.heading);
    return listHeight(col.bullets.slice(from, to), colW - 0.6, COLUMN_MIN) <= BOTTOM - (top + 0.25 + hd.h + 0.15) - 0.05;
  });
}

/**
 * Where each slide's points are cut: one that does not fit at the smallest size goes on over more
 * pages, no text lost. The web preview gets the same pages (deckView), so it shows what the export gives.
 */
export function splitPages(slides: DeckSlide[], en: boolean): DeckPage[] {
  return slides.flatMap((s, index): DeckPage[] => {
    const ranges = (count: number, fits: (from: number, to: number) => boolean): DeckPage[] => {
      const pages: DeckPage[] = [];
      for (let from = 0; from < count || !pages.length; ) {
        let to = from + 1;
        while (to < count && fits(from, to + 1)) to++;
        pages.push({ index, from, to: Math.min(to, Math.max(count, 1)) });
        from = to;
      }
      return pages;
    };
    if (s.kind === 'two-column' && s.left && s.right) {
      const top = titleLayout(continuedTitle(s.title, en)).top;
      return ranges(Math.max(s.left.bullets.length, s.right.bullets.length), (from, to) => columnsFit(s, from, to, top));
    }
    if (s.kind === 'bullets' && s.bullets?.length) {
      const top = titleLayout(continuedTitle(s.title, en)).top;
      const items = s.bullets;
      return ranges(items.length, (from, to) => listHeight(items.slice(from, to), TEXT_W, BULLET_MIN) <= BOTTOM - top);
    }
    const n = s.bullets?.length ?? 0;
    return [{ index, from: 0, to: n }];
  });
}

/** The slides as they are drawn: the pages of splitPages; a chart label the chart shortens is given whole in the notes. */
export function paginate(slides: DeckSlide[], en: boolean): DeckSlide[] {
  return splitPages(slides, en).map((page) => {
    const s = pageSlide(slides[page.index]!, page, en);
    if (s.kind === 'chart' && s.chart?.length) {
      const long = s.chart.map((c) => c.label).filter((l) => Array.from(l).length > CHART_LABEL_MAX && !s.notes.includes(l));
      if (long.length) return { ...s, notes: `${s.notes}${s.notes ? '\n' : ''}${en ? 'Full labels: ' : '完整类别名：'}${long.join(en ? '; ' : '；')}` };
    }
    return s;
  });
}

function bulletList(items: string[], size: number, t: SlideTheme, body: TextProps) {
  return items.map((text) => ({
    text,
    options: { ...body, fontSize: size, color: t.text, bullet: { indent: size * 1.1 }, paraSpaceAfter: size * 0.6, breakLine: true },
  }));
}

const plain = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
const numberFormat = (chart: { value: number }[]) => (chart.every((c) => Number.isInteger(c.value)) ? '#,##0' : '#,##0.0#');
/** The data labels' format: the unit after every value ('"' cannot be in it). */
const withUnit = (chart: { value: number }[], unit: string) => `${numberFormat(chart)}${unit ? `"${unit.replaceAll('"', '')}"` : ''}`;

function drawChart(pptx: Pptx, slide: Slide, s: DeckSlide, t: SlideTheme, body: TextProps, head: TextProps, top: number, en: boolean) {
  const chart = s.chart!;
  const unit = s.unit ?? '';
  const chartW = TEXT_W * 0.64;
  const labels = chart.map((c) => (Array.from(c.label).length > CHART_LABEL_MAX ? `${Array.from(c.label).slice(0, CHART_LABEL_MAX - 1).join('')}…` : c.label));
  slide.addChart(pptx.ChartType.bar, [{ name: s.title, labels, values: chart.map((c) => c.value) }], {
    x: MARGIN,
    y: top,
    w: chartW,
    h: BOTTOM - top - 0.45,
    barDir: 'col',
    chartColors: [t.accent],
    catAxisLabelFontFace: t.bodyFont,
    catAxisLabelColor: t.text,
    catAxisLabelFontSize: chart.length > 4 ? 11 : 13,
    valAxisLabelFontFace: t.bodyFont,
    valAxisLabelColor: t.muted,
    valAxisLabelFontSize: 11,
    valAxisLabelFormatCode: numberFormat(chart),
    ...(unit ? { showValAxisTitle: true, valAxisTitle: en ? `Unit: ${unit}` : `单位：${unit}`, valAxisTitleFontSize: 11, valAxisTitleColor: t.muted, valAxisTitleFontFace: t.bodyFont } : {}),
    ...(Math.min(...chart.map((c) => c.value)) >= 0 ? { valAxisMinVal: 0 } : {}),
    showValue: true,
    dataLabelFormatCode: withUnit(chart, unit),
    dataLabelPosition: 'outEnd',
    dataLabelFontFace: t.bodyFont,
    dataLabelColor: t.text,
    dataLabelFontSize: 12,
    valGridLine: { color: t.panel, size: 1 },
    catGridLine: { style: 'none' },
  });
  const source = s.source ? `${en ? 'Source: ' : '来源：'}${s.source}` : en ? 'Source: not given' : '来源：未注明';
  slide.addText(oneLine(source, chartW, 11), { x: MARGIN, y: BOTTOM - 0.4, w: chartW, h: 0.35, ...body, fontSize: 11, color: t.muted, fit: 'none' });
  // The callout: the largest figure with its unit, what it is, and the slide's side points below.
  const top1 = [...chart].sort((a, b) => b.value - a.value)[0]!;
  const px = MARGIN + TEXT_W * 0.68;
  const pw = TEXT_W * 0.32;
  // The number large, its unit smaller beside it: sized so the pair stays on one line.
  const num = plain(top1.value);
  const vsize = Math.max(20, Math.min(48, Math.floor(((pw - 0.8) * 72) / (ems(num) * 1.15 + ems(` ${unit}`) * 0.5))));
  const lsize = fitting((z) => heightOf(top1.label, pw - 0.6, z), 0.8, 16, 11) ?? 11;
  const panelH = 0.5 + (vsize * 1.3) / 72 + heightOf(top1.label, pw - 0.6, lsize) + 0.3;
  slide.addShape(pptx.ShapeType.rect, { x: px, y: top + 0.2, w: pw, h: panelH, fill: { color: t.panel }, line: { color: t.panel } });
  slide.addText(
    [
      { text: num, options: { ...head, fontSize: vsize, bold: true, color: t.accent } },
      { text: unit ? (/^[%‰]/.test(unit) ? unit : ` ${unit}`) : '', options: { ...head, fontSize: Math.round(vsize * 0.45), bold: true, color: t.accent, breakLine: true } },
      { text: top1.label, options: { ...body, fontSize: lsize, color: t.text } },
    ],
    { x: px + 0.3, y: top + 0.35, w: pw - 0.6, h: panelH - 0.3, align: 'center', valign: 'middle', fit: 'none' },
  );
  const side = s.bullets ?? [];
  const y = top + 0.2 + panelH + 0.25;
  const size = side.length ? fitting((z) => listHeight(side, pw, z), BOTTOM - y, 16, 10) : null;
  if (size) slide.addText(bulletList(side, size, t, body), { x: px, y, w: pw, h: BOTTOM - y, valign: 'top', fit: 'none' });
}

function drawTimeline(pptx: Pptx, slide: Slide, s: DeckSlide, t: SlideTheme, body: TextProps, head: TextProps, top: number) {
  const steps = s.steps!;
  const cw = TEXT_W / steps.length;
  const textTop = top + 1.25;
  const size = fitting((z) => Math.max(...steps.map((st) => heightOf(st.text, cw - 0.2, z))), BOTTOM - textTop, 18, 12);
  const lsize = fitting((z) => Math.max(...steps.map((st) => heightOf(st.label, cw - 0.1, z))), 0.65, 20, 12);
  if (size && lsize) {
    slide.addShape(pptx.ShapeType.rect, { x: MARGIN + cw / 2, y: top + 0.92, w: TEXT_W - cw, h: 0.05, fill: { color: t.accent2 }, line: { color: t.accent2 } });
    steps.forEach((st, i) => {
      const cx = MARGIN + cw * i + cw / 2;
      slide.addShape(pptx.ShapeType.ellipse, { x: cx - 0.16, y: top + 0.78, w: 0.32, h: 0.32, fill: { color: t.accent }, line: { color: t.background, width: 2 } });
      slide.addText(st.label, { x: cx - cw / 2 + 0.05, y: top + 0.05, w: cw - 0.1, h: 0.65, ...head, fontSize: lsize, bold: true, color: t.accent, align: 'center', valign: 'bottom', fit: 'none' });
      slide.addText(st.text, { x: cx - cw / 2 + 0.1, y: textTop, w: cw - 0.2, h: BOTTOM - textTop, ...body, fontSize: size, color: t.text, align: 'center', valign: 'top', fit: 'none' });
    });
    return;
  }
  // Long steps: one row each, the label in a band at the left.
  const rowSize = fitting((z) => steps.reduce((h, st) => h + Math.max(0.45, heightOf(st.text, TEXT_W - 2.1, z)) + 0.12, 0), BOTTOM - top, 18, 10) ?? 10;
  let y = top;
  for (const st of steps) {
    const h = Math.max(0.45, heightOf(st.text, TEXT_W - 2.1, rowSize));
    slide.addShape(pptx.ShapeType.rect, { x: MARGIN, y, w: 1.9, h, fill: { color: t.panel }, line: { color: t.panel } });
    slide.addText(st.label, { x: MARGIN, y, w: 1.9, h, ...head, fontSize: Math.min(rowSize, 14), bold: true, color: t.accent, align: 'center', valign: 'middle', fit: 'none' });
    slide.addText(st.text, { x: MARGIN + 2.1, y, w: TEXT_W - 2.1, h, ...body, fontSize: rowSize, color: t.text, valign: 'middle', fit: 'none' });
    y += h + 0.12;
  }
}

function drawContent(pptx: Pptx, slide: Slide, s: DeckSlide, t: SlideTheme, body: TextProps, head: TextProps, top: number, en: boolean) {
  const width = TEXT_W;
  const height = BOTTOM - top;
  if (s.kind === 'two-column' && s.left && s.right) {
    [s.left, s.right].forEach((col, i) => {
      const x = MARGIN + i * (colW + COL_GAP);
      const hd = columnHeading(col.heading);
      slide.addShape(pptx.ShapeType.rect, { x, y: top, w: colW, h: height, fill: { color: t.panel }, line: { color: t.panel } });
      slide.addShape(pptx.ShapeType.rect, { x, y: top, w: colW, h: 0.08, fill: { color: i ? t.accent2 : t.accent }, line: { color: i ? t.accent2 : t.accent } });
      slide.addText(col.heading, { x: x + 0.3, y: top + 0.25, w: colW - 0.6, h: hd.h, ...head, fontSize: hd.size, bold: true, color: t.title, valign: 'top', fit: 'none' });
      const listTop = top + 0.25 + hd.h + 0.15;
      const size = fitting((z) => listHeight(col.bullets, colW - 0.6, z), BOTTOM - listTop - 0.05, 20, COLUMN_MIN) ?? COLUMN_MIN;
      slide.addText(bulletList(col.bullets, size, t, body), { x: x + 0.3, y: listTop, w: colW - 0.6, h: BOTTOM - listTop - 0.05, valign: 'top', fit: 'none' });
    });
    return;
  }
  if (s.kind === 'quote' && s.quote) {
    slide.addShape(pptx.ShapeType.rect, { x: MARGIN, y: top + 0.3, w: width, h: height - 0.5, fill: { color: t.panel }, line: { color: t.panel } });
    slide.addShape(pptx.ShapeType.rect, { x: MARGIN, y: top + 0.3, w: 0.12, h: height - 0.5, fill: { color: t.accent }, line: { color: t.accent } });
    slide.addText('“', { x: MARGIN + 0.4, y: top + 0.25, w: 1, h: 1.1, ...head, fontSize: 72, color: t.accent2, fit: 'none' });
    const boxH = height - 2.1;
    const size = fitting((z) => heightOf(s.quote!, width - 2, z), boxH, 32, 12) ?? 12;
    slide.addText(s.quote, { x: MARGIN + 1, y: top + 1.0, w: width - 2, h: boxH, ...head, fontSize: size, color: t.title, valign: 'middle', italic: false, fit: 'none' });
    if (s.source) slide.addText(oneLine(`—— ${s.source}`, width - 2, 16), { x: MARGIN + 1, y: BOTTOM - 0.85, w: width - 2, h: 0.45, ...body, fontSize: 16, color: t.muted, align: 'right', fit: 'none' });
    return;
  }
  if (s.kind === 'chart' && s.chart?.length) return drawChart(pptx, slide, s, t, body, head, top, en);
  if (s.kind === 'timeline' && s.steps?.length) return drawTimeline(pptx, slide, s, t, body, head, top);
  const items = s.bullets?.length ? s.bullets : s.subtitle ? [s.subtitle] : [];
  if (s.kind === 'contents') {
    const two = items.length > 4;
    const cellW = two ? width / 2 : width;
    const rows = two ? Math.ceil(items.length / 2) : items.length;
    const rowH = Math.min(1.05, height / Math.max(1, rows));
    const size = fitting((z) => Math.max(...items.map((it) => heightOf(it, cellW - 1.2, z))), rowH - 0.05, 22, 10) ?? 10;
    items.forEach((item, i) => {
      const x = MARGIN + (two ? i % 2 : 0) * cellW;
      const y = top + 0.1 + (two ? Math.floor(i / 2) : i) * rowH;
      slide.addText(String(i + 1).padStart(2, '0'), { x, y, w: 0.9, h: Math.min(0.8, rowH - 0.05), ...head, fontSize: 28, bold: true, color: t.accent, fit: 'none' });
      slide.addText(item, { x: x + 1, y, w: cellW - 1.2, h: rowH - 0.05, ...body, fontSize: size, color: t.text, valign: 'middle', fit: 'none' });
    });
    return;
  }
  if (s.kind === 'bullets' && items.length >= 2 && items.length <= 4 && items.every((it) => Array.from(it).length <= 60)) return drawCards(pptx, slide, items, t, body, head, top);
  const size = fitting((z) => listHeight(items, width, z), height, 24, BULLET_MIN) ?? BULLET_MIN;
  slide.addText(bulletList(items, size, t, body), { x: MARGIN, y: top, w: width, h: height, valign: 'top', fit: 'none' });
}

/** Two to four short points as numbered cards side by side (a short list would leave most of the slide empty); 「要点：说明」 sets the point in bold. */
function drawCards(pptx: Pptx, slide: Slide, items: string[], t: SlideTheme, body: TextProps, head: TextProps, top: number) {
  const gap = 0.35;
  const cw = (TEXT_W - gap * (items.length - 1)) / items.length;
  const ch = Math.min(3.6, BOTTOM - top - 0.2);
  const parts = items.map((it) => {
    const m = /^(.{1,24}?)[：:]\s*(.+)$/.exec(it);
    return m ? { lead: m[1]!, rest: m[2]! } : { lead: it, rest: '' };
  });
  const size = fitting((z) => Math.max(...parts.map((p) => heightOf(p.lead, cw - 0.5, z + 2) + (p.rest ? heightOf(p.rest, cw - 0.5, z) : 0))), ch - 1.3, 20, 12) ?? 12;
  items.forEach((_, i) => {
    const x = MARGIN + i * (cw + gap);
    const p = parts[i]!;
    slide.addShape(pptx.ShapeType.rect, { x, y: top + 0.1, w: cw, h: ch, fill: { color: t.panel }, line: { color: t.panel } });
    slide.addShape(pptx.ShapeType.rect, { x, y: top + 0.1, w: cw, h: 0.08, fill: { color: i % 2 ? t.accent2 : t.accent }, line: { color: i % 2 ? t.accent2 : t.accent } });
    slide.addText(String(i + 1).padStart(2, '0'), { x: x + 0.25, y: top + 0.35, w: cw - 0.5, h: 0.8, ...head, fontSize: 32, bold: true, color: t.accent, fit: 'none' });
    slide.addText(
      [
        { text: p.lead, options: { ...head, fontSize: size + 2, bold: true, color: t.title, breakLine: !!p.rest, paraSpaceAfter: 6 } },
        ...(p.rest ? [{ text: p.rest, options: { ...body, fontSize: size, color: t.text } }] : []),
      ],
      { x: x + 0.25, y: top + 1.25, w: cw - 0.5, h: ch - 1.3, valign: 'top', fit: 'none' },
    );
  });
}
