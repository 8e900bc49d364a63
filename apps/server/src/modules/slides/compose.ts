import { DECK_LINE_MAX, type DeckSection, type DeckSlide } from '@app/shared';
import { readPoint, type PointRead } from './content.ts';
import type { Slot } from './plan.ts';

/** The longest chart category label kept whole; a longer one is shortened on the slide and given in full in the notes. */
export const CHART_LABEL_MAX = 12;

const chars = (s: string) => Array.from(s);
const cut = (s: string, n: number) => (chars(s).length > n ? `${chars(s).slice(0, n - 1).join('')}…` : s);
const line = (s: string) => cut(s.trim(), DECK_LINE_MAX);

/** The points a slot shows (all of the section's when the plan predates point assignment). */
export const slotPoints = (section: DeckSection, slot: Slot): string[] =>
  (slot.points ?? section.points.map((_, i) => i)).map((i) => section.points[i]).filter((p): p is string => typeof p === 'string');

/** A suffix every label shares (「销量」 in 2024 年销量, 2025 年销量…): said once in the title, not on every bar. */
function commonSuffix(labels: string[]): string {
  if (labels.length < 2) return '';
  const rev = labels.map((l) => chars(l).reverse());
  let n = 0;
  while (rev.every((r) => r[n] !== undefined && r[n] === rev[0]![n]) && rev.every((r) => r.length > n + 2)) n++;
  // 「2024 年规模」: the year keeps its 年; a suffix that is only brackets or punctuation stays on the labels.
  const suffix = rev[0]!.slice(0, n).reverse().join('').trim().replace(/^年\s*/, '');
  return Array.from(suffix).length >= 2 && /^[\p{L}]/u.test(suffix) ? suffix : '';
}

export interface ChartData {
  chart: { label: string; value: number }[];
  unit: string;
  source: string;
  /** What the labels share (shown in the title), and labels that were shortened, in full. */
  measure: string;
  shortened: string[];
}

/** Figures (label, value, unit) read into a chart: labels short enough to show whole, the unit and the source named. */
export function chartData(points: string[]): ChartData | null {
  const reads = points.map(readPoint);
  const data = reads.filter((r): r is Extract<PointRead, { kind: 'data' }> => r.kind === 'data');
  if (data.length < 2) return null;
  const unit = data[0]!.unit;
  const same = data.filter((d) => d.unit === unit).slice(0, 6);
  const measure = commonSuffix(same.map((d) => d.label));
  const shortened: string[] = [];
  const chart = same.map((d) => {
    const base = measure ? chars(d.label).slice(0, -chars(measure).length).join('').trim() : d.label;
    if (chars(base).length > CHART_LABEL_MAX) shortened.push(d.label);
    return { label: cut(base, CHART_LABEL_MAX), value: d.value };
  });
  const source = reads.find((r) => r.kind === 'source');
  return { chart, unit, source: source?.kind === 'source' ? line(source.text) : '', measure, shortened };
}

/** The points of a slot that are not of its layout (merged in when the section has fewer slides than layouts). */
export const plainPoints = (points: string[], keep: PointRead['kind'][]) =>
  points.filter((p) => !keep.includes(readPoint(p).kind)).map((p) => {
    const r = readPoint(p);
    return r.kind === 'quote' || r.kind === 'source' ? r.text : p;
  });

/**
 * A slide of the slot's layout built from its outline points alone (the offline writer's slide,
 * and what a model's unusable answer falls back to). A layout whose points do not carry what it
 * needs (no figures for a chart…) becomes bullets: a text layout, never an empty one.
 */
export function slideFromPoints(section: DeckSection, index: number, slot: Slot, english: boolean): DeckSlide {
  const points = slotPoints(section, slot);
  const base = { section: index, title: line(section.title), notes: '' };
  const reads = points.map(readPoint);
  if (slot.kind === 'chart') {
    const data = chartData(points);
    if (data) {
      const side = plainPoints(points, ['data', 'source']).slice(0, 3).map(line);
      const full = data.shortened.length ? (english ? ` Full labels: ${data.shortened.join('; ')}.` : `完整类别名：${data.shortened.join('；')}。`) : '';
      return {
        ...base,
        kind: 'chart',
        title: line(data.measure ? `${section.title}：${data.measure}` : section.title),
        chart: data.chart,
        ...(data.unit ? { unit: data.unit } : {}),
        ...(data.source ? { source: data.source } : {}),
        ...(side.length ? { bullets: side } : {}),
        notes: full,
      };
    }
  }
  if (slot.kind === 'two-column') {
    const rows = reads.filter((r): r is Extract<PointRead, { kind: 'contrast' }> => r.kind === 'contrast').slice(0, 6);
    if (rows.length >= 2) {
      const sides = reads.find((r) => r.kind === 'sides');
      const arrow = rows.every((r) => r.arrow);
      const [lh, rh] = sides?.kind === 'sides' ? [sides.left, sides.right] : arrow ? (english ? ['Before', 'After'] : ['之前', '之后']) : english ? ['Option A', 'Option B'] : ['方案一', '方案二'];
      return {
        ...base,
        kind: 'two-column',
        left: { heading: line(lh), bullets: rows.map((r) => line(`${r.label}：${r.left}`)) },
        right: { heading: line(rh), bullets: rows.map((r) => line(`${r.label}：${r.right}`)) },
        notes: plainPoints(points, ['contrast', 'sides']).join(english ? '; ' : '；'),
      };
    }
  }
  if (slot.kind === 'timeline') {
    const steps = reads.filter((r): r is Extract<PointRead, { kind: 'step' }> => r.kind === 'step').slice(0, 6);
    if (steps.length >= 2) {
      return {
        ...base,
        kind: 'timeline',
        steps: steps.map((s) => ({ label: cut(s.label, 20), text: line(s.text) })),
        notes: plainPoints(points, ['step']).join(english ? '; ' : '；'),
      };
    }
  }
  if (slot.kind === 'quote') {
    const q = reads.find((r) => r.kind === 'quote');
    if (q?.kind === 'quote') {
      return { ...base, kind: 'quote', quote: cut(q.text, 300), notes: plainPoints(points, ['quote']).join(english ? '; ' : '；') };
    }
  }
  const bullets = points.map((p) => {
    const r = readPoint(p);
    return line(r.kind === 'quote' || r.kind === 'source' ? r.text : p);
  });
  return { ...base, kind: 'bullets', bullets: bullets.slice(0, 8) };
}
