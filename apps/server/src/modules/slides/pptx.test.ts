import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { DeckSlide } from '@app/shared';
import { officeCommand, pptxToPdf } from './pdf.ts';
import { BOTTOM, buildPptx, FOOTER_Y, paginate, PRODUCT_NAME, titleLayout } from './pptx.ts';
import { longText as long, sampleDeck, stressSlides } from './sample.ts';

const hasPdftotext = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;
interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of each PDF page with their boxes, in points (`pdftotext -bbox`). */
function pdfWords(pdf: Buffer): { width: number; height: number; words: Word[] }[] {
  const dir = mkdtempSync(join(tmpdir(), 'slides-bbox-'));
  try {
    writeFileSync(join(dir, 'deck.pdf'), pdf);
    const r = spawnSync('pdftotext', ['-bbox', join(dir, 'deck.pdf'), join(dir, 'deck.html')]);
    if (r.status !== 0) throw new Error('pdftotext failed');
    const html = readFileSync(join(dir, 'deck.html'), 'utf8');
    return html.split('<page ').slice(1).map((page) => {
      const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page)!;
      const words = [...page.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((m) => ({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: m[5]!,
      }));
      return { width: Number(size[1]), height: Number(size[2]), words };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What is wrong with the rendered pages: a word past the slide's edge, over the footer line, or across a title's accent bar. */
function problems(slides: DeckSlide[], pages: ReturnType<typeof pdfWords>): string[] {
  const out: string[] = [];
  pages.forEach((p, i) => {
    const s = slides[i]!;
    const at = `page ${i + 1} (${s.kind})`;
    for (const w of p.words) {
      if (w.xMin < -0.5 || w.yMin < -0.5 || w.xMax > p.width + 0.5 || w.yMax > p.height + 0.5) out.push(`${at}: "${w.text}" leaves the slide`);
    }
    if (s.kind === 'cover' || s.kind === 'section' || s.kind === 'end') return;
    const pt = p.height / 7.5;
    for (const w of p.words) {
      if (w.yMin < FOOTER_Y * pt - 2 && w.yMax > BOTTOM * pt + 3) out.push(`${at}: "${w.text}" runs below the content area (${(w.yMax / pt).toFixed(2)} in)`);
      const bar = titleLayout(s.title).bar * pt;
      if (w.yMin < bar + 0.06 * pt - 0.5 && w.yMax > bar + 0.5) out.push(`${at}: "${w.text}" crosses the title's accent bar`);
    }
  });
  return out;
}

describe('the .pptx layout', () => {
  it('names the product as author, not the library', async () => {
    const deck = sampleDeck('2027 年新能源汽车市场分析', 6);
    const zip = await JSZip.loadAsync(await buildPptx({ title: deck.title, language: 'zh-CN', theme: 'azure', slides: deck.slides, offline: true }));
    const core = await zip.file('docProps/core.xml')!.async('string');
    expect(core).toContain(`<dc:creator>${PRODUCT_NAME}</dc:creator>`);
    expect(core).not.toContain('PptxGenJS');
  });

  it('a long title grows its box: the accent bar and the content move below it', () => {
    const short = titleLayout('市场概况');
    const longer = titleLayout(long('新能源汽车产业链上下游协同发展的关键问题', 40));
    const max = titleLayout(long('新能源汽车产业链上下游协同发展的关键问题', 120));
    expect(longer.bar).toBeGreaterThan(short.bar);
    expect(max.top).toBeGreaterThan(longer.top);
    for (const l of [short, longer, max]) expect(0.35 + l.h).toBeLessThanOrEqual(l.bar);
  });

  it('a slide at the schema maxima goes on over more slides; no text is dropped', () => {
    const slides = paginate(stressSlides(), false);
    const cols = slides.filter((s) => s.kind === 'two-column');
    expect(cols.length).toBeGreaterThan(1);
    expect(cols.flatMap((s) => s.left!.bullets)).toHaveLength(6);
    expect(cols.flatMap((s) => s.right!.bullets)).toHaveLength(6);
    expect(cols[1]!.title).toMatch(/（续）$/);
    expect(slides.filter((s) => s.kind === 'bullets').flatMap((s) => s.bullets!)).toHaveLength(8);
    const chart = slides.find((s) => s.kind === 'chart')!;
    expect(chart.notes).toContain('完整类别名');
  });
});

// Needs LibreOffice and poppler on the machine (CI skips it): the decks as LibreOffice draws them.
describe.skipIf(!officeCommand() || !hasPdftotext)('the .pptx through LibreOffice', () => {
  it('the 12-page offline deck: 2+ charts in the file, every word on its slide, above the footer and clear of the accent bar', async () => {
    const deck = sampleDeck('2027 年新能源汽车市场分析', 12);
    const file = await buildPptx({ title: deck.title, language: 'zh-CN', theme: 'azure', slides: deck.slides, offline: true });
    const zip = await JSZip.loadAsync(file);
    expect(Object.keys(zip.files).filter((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f)).length).toBeGreaterThanOrEqual(2);
    const chartXml = await zip.file(Object.keys(zip.files).find((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))!)!.async('string');
    expect(chartXml).toContain('亿元');
    const pages = pdfWords(await pptxToPdf(file));
    expect(pages).toHaveLength(12);
    expect(problems(paginate(deck.slides, false), pages)).toEqual([]);
  }, 120_000);

  it('every layout at the schema maxima stays on its slides', async () => {
    const slides = stressSlides();
    const file = await buildPptx({ title: long('很长的演示文稿标题', 120), language: 'zh-CN', theme: 'ink', slides, offline: false });
    const drawn = paginate(slides, false);
    const pages = pdfWords(await pptxToPdf(file));
    expect(pages).toHaveLength(drawn.length);
    expect(problems(drawn, pages)).toEqual([]);
  }, 120_000);
});
