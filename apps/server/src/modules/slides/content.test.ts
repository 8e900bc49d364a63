import { describe, expect, it } from 'vitest';
import type { DeckSlide } from '@app/shared';
import { readPoint } from './content.ts';
import { planDeck } from './plan.ts';
import { readSectionSlides } from './prompt.ts';
import { sampleDeck } from './sample.ts';

/** What a slide says, point by point (bullets, column rows, steps, chart categories, the quote). */
const pointsOf = (s: DeckSlide) => [
  ...(s.bullets ?? []),
  ...(s.left?.bullets ?? []),
  ...(s.right?.bullets ?? []),
  ...(s.steps ?? []).map((x) => `${x.label}${x.text}`),
  ...(s.chart ?? []).map((c) => `${c.label}${c.value}`),
  ...(s.quote ? [s.quote] : []),
];
const CONTENT = new Set(['bullets', 'two-column', 'chart', 'timeline', 'quote']);
const counts = (slides: DeckSlide[]) => ({
  charts: slides.filter((s) => s.kind === 'chart').length,
  layouts: new Set(slides.filter((s) => CONTENT.has(s.kind)).map((s) => s.kind)).size,
  quotes: slides.filter((s) => s.kind === 'quote').length,
  dividers: slides.filter((s) => s.kind === 'section').length,
});

describe('reading outline points', () => {
  it('tells figures, sources, comparisons, steps and the key sentence from plain text', () => {
    expect(readPoint('2025 年销量：1,286 万辆')).toEqual({ kind: 'data', label: '2025 年销量', value: 1286, unit: '万辆' });
    expect(readPoint('渗透率：约 45.5%')).toMatchObject({ kind: 'data', value: 45.5, unit: '%' });
    expect(readPoint('来源：中国汽车工业协会')).toEqual({ kind: 'source', text: '中国汽车工业协会' });
    expect(readPoint('续航：400 公里 → 700 公里')).toMatchObject({ kind: 'contrast', label: '续航', left: '400 公里', right: '700 公里', arrow: true });
    expect(readPoint('燃油车 vs 电动车')).toEqual({ kind: 'sides', left: '燃油车', right: '电动车' });
    expect(readPoint('2024 年：价格战全面开打')).toEqual({ kind: 'step', label: '2024 年', text: '价格战全面开打' });
    expect(readPoint('第二步：小范围试点')).toMatchObject({ kind: 'step', label: '第二步' });
    expect(readPoint('金句：电动化是上半场，智能化是下半场')).toEqual({ kind: 'quote', text: '电动化是上半场，智能化是下半场' });
    // A year inside a sentence is text, not a step.
    expect(readPoint('2027 年新能源汽车市场的提出背景').kind).toBe('text');
    expect(readPoint('主要参与者与典型做法').kind).toBe('text');
  });

  it('a section of plain points gives bullets; figures of one unit a chart with its source on the same slide', () => {
    const plan = planDeck([{ title: '市场', points: ['一', '2023 年销量：950 万辆', '2024 年销量：1286 万辆', '2025 年销量：1600 万辆', '来源：中汽协'] }], 5);
    expect(plan.map((s) => s.kind)).toEqual(['cover', 'bullets', 'chart', 'bullets', 'end']);
    expect(plan[2]!.points).toEqual([1, 2, 3, 4]);
  });
});

describe('the offline deck', () => {
  it('12 pages「2027 年新能源汽车市场分析」: at least 2 charts, 4 content layouts, dividers and a quote; the chart has its unit and source', () => {
    const deck = sampleDeck('2027 年新能源汽车市场分析', 12);
    expect(deck.slides).toHaveLength(12);
    const c = counts(deck.slides);
    expect(c.charts).toBeGreaterThanOrEqual(2);
    expect(c.layouts).toBeGreaterThanOrEqual(4);
    expect(c.dividers).toBeGreaterThanOrEqual(2);
    expect(c.quotes).toBeGreaterThanOrEqual(1);
    for (const s of deck.slides.filter((x) => x.kind === 'chart')) {
      expect(s.unit).toBeTruthy();
      expect(s.source).toBeTruthy();
      for (const p of s.chart!) expect(p.label).not.toContain('…');
    }
    // No numbered repeat of a section's title.
    expect(deck.slides.some((s) => /（\d+）$/.test(s.title))).toBe(false);
  });

  it('no two slides share more than half their points, at every size and for several topics', () => {
    for (const topic of ['2027 年新能源汽车市场分析', '人工智能在中学教育中的应用', '团队协作']) {
      for (let pages = 5; pages <= 30; pages++) {
        const slides = sampleDeck(topic, pages).slides.filter((s) => CONTENT.has(s.kind));
        for (let i = 0; i < slides.length; i++) {
          for (let j = i + 1; j < slides.length; j++) {
            const a = new Set(pointsOf(slides[i]!));
            const b = pointsOf(slides[j]!);
            const shared = b.filter((p) => a.has(p)).length;
            expect(shared, `${topic} ${pages}p: ${slides[i]!.title} / ${slides[j]!.title}`).toBeLessThanOrEqual(Math.min(a.size, b.length) / 2);
          }
        }
      }
    }
  });

  it('20 pages: more charts and layouts, a divider per section', () => {
    const c = counts(sampleDeck('2027 年新能源汽车市场分析', 20).slides);
    expect(c.charts).toBeGreaterThanOrEqual(2);
    expect(c.layouts).toBeGreaterThanOrEqual(4);
    expect(c.dividers).toBeGreaterThanOrEqual(4);
  });
});

describe("a model's section answer", () => {
  const section = { title: '市场规模', points: ['行业概况', '2024 年销量：1286 万辆', '2025 年销量：1600 万辆', '2026 年销量：1900 万辆', '来源：中汽协'] };
  const slots = planDeck([section], 5).filter((s) => s.section === 0);

  it('keeps good slides; bad or missing figures become the outline figures, a missing slide a text layout; never throws on content', () => {
    const answer = JSON.stringify([
      { title: '概况', bullets: ['行业概况：稳步增长'], notes: 'n' },
      { title: '销量', chart: [{ label: '2024', value: 'many' }], unit: '万辆' },
    ]);
    const slides = readSectionSlides(answer, section, 0, slots);
    expect(slides.map((s) => s.kind)).toEqual(slots.map((s) => s.kind));
    expect(slides[0]!.bullets).toEqual(['行业概况：稳步增长']);
    const chart = slides.find((s) => s.kind === 'chart')!;
    expect(chart.title).toBe('销量');
    expect(chart.chart!.map((c) => c.value)).toEqual([1286, 1600, 1900]);
    expect(chart).toMatchObject({ unit: '万辆', source: '中汽协' });
    const short = readSectionSlides('[]', section, 0, slots);
    expect(short).toHaveLength(slots.length);
    // A chart slot whose points carry no figures at all reads as text.
    const plain = readSectionSlides('[{}]', { title: 'x', points: ['甲', '乙'] }, 0, [{ kind: 'chart', section: 0, points: [0, 1] }]);
    expect(plain[0]).toMatchObject({ kind: 'bullets', bullets: ['甲', '乙'] });
    expect(() => readSectionSlides('not json', section, 0, slots)).toThrow();
    expect(() => readSectionSlides('[{"title": }]', section, 0, slots)).toThrow();
  });
});
