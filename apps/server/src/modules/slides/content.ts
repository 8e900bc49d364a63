import type { DeckSection, SlideKind } from '@app/shared';

/**
 * What an outline point says, read from its shape (the outline prompt and the offline outline
 * write points this way; anything else is plain text):
 * - `2025 年销量：1286 万辆` — a figure: label, number, unit (a chart);
 * - `来源：中汽协` — where the section's figures come from;
 * - `续航：400 公里 → 700 公里`, `价格：燃油车 vs 电动车` — a comparison row; `燃油车 vs 电动车` alone names the two sides;
 * - `2024 年：…`, `第一步：…`, `阶段一：…` — a step of a timeline or process;
 * - `金句：…`, or a sentence in 「」 or “” — the one key sentence (a quote slide).
 */
export type PointRead =
  | { kind: 'data'; label: string; value: number; unit: string }
  | { kind: 'source'; text: string }
  | { kind: 'contrast'; label: string; left: string; right: string; arrow: boolean }
  | { kind: 'sides'; left: string; right: string }
  | { kind: 'step'; label: string; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'text'; text: string };

const SOURCE = /^(?:数据)?(?:来源|出处)\s*[：:]\s*(.+)$|^sources?\s*:\s*(.+)$/i;
const QUOTE = /^(?:金句|核心观点|一句话)\s*[：:]\s*(.+)$|^[「“"](.+)[」”"]$|^key (?:line|message)\s*:\s*(.+)$/i;
const VERSUS = /\s+(?:vs\.?|VS|对比)\s+|\s*(?:→|->|⟶)\s*/;
const LABELLED = /^(.{1,30}?)\s*[：:]\s*(.+)$/;
const NUMBER = /^(?:约|超|近|达|超过|预计|about|over|~)?\s*([-+]?\d[\d,]*(?:\.\d+)?)\s*([^\d\s，,。；;（()]{0,6})/i;
const STEP =
  /^((?:19|20)\d{2}\s*年?(?:\s*[-–~至]\s*(?:(?:19|20)?\d{2})\s*年?)?(?:（预测）|\(forecast\))?|第[一二三四五六七八九十\d]+(?:步|阶段)|阶段\s*[一二三四五六七八九十\d]+|步骤\s*\d+|(?:step|phase|stage)\s*\d+)\s*[：:、.]\s*(.+)$/i;

export function readPoint(raw: string): PointRead {
  const p = raw.trim();
  const source = SOURCE.exec(p);
  if (source) return { kind: 'source', text: (source[1] ?? source[2])!.trim() };
  const quote = QUOTE.exec(p);
  if (quote) return { kind: 'quote', text: (quote[1] ?? quote[2] ?? quote[3])!.trim() };
  const labelled = LABELLED.exec(p);
  const sides = (labelled ? labelled[2]! : p).split(VERSUS);
  if (sides.length === 2 && sides.every((s) => s.trim().length > 0)) {
    const [left, right] = sides.map((s) => s.trim()) as [string, string];
    const arrow = !/\s+(?:vs\.?|VS|对比)\s+/.test(p);
    if (labelled) return { kind: 'contrast', label: labelled[1]!.trim(), left, right, arrow };
    if (Array.from(p).length <= 30) return { kind: 'sides', left, right };
  }
  if (labelled) {
    const n = NUMBER.exec(labelled[2]!.trim());
    if (n) {
      const value = Number(n[1]!.replaceAll(',', ''));
      if (Number.isFinite(value) && Math.abs(value) <= 1e12) return { kind: 'data', label: labelled[1]!.trim(), value, unit: n[2]!.trim() };
    }
  }
  const step = STEP.exec(p);
  if (step && step[2]!.trim()) return { kind: 'step', label: step[1]!.replace(/\s+/g, ' ').trim(), text: step[2]!.trim() };
  return { kind: 'text', text: p };
}

/** A group of a section's points that makes one slide of one layout. */
export interface Group {
  kind: Extract<SlideKind, 'bullets' | 'chart' | 'two-column' | 'timeline' | 'quote'>;
  /** Indexes into the section's points. */
  points: number[];
}

/** Which layout is kept when a section has fewer slides than its content asks for. */
const PRIORITY: Record<Group['kind'], number> = { chart: 5, 'two-column': 4, timeline: 3, quote: 2, bullets: 1 };
const ORDER: Group['kind'][] = ['bullets', 'chart', 'two-column', 'timeline', 'quote'];

/**
 * The slides a section's content asks for, in order: its plain points as bullets, three or more
 * figures of one unit as a chart (with the source), two or more comparison rows as a comparison,
 * three or more steps as a timeline, the key sentence as a quote. Too few of a kind read as text.
 */
export function groupsOf(section: DeckSection): Group[] {
  const reads = section.points.map(readPoint);
  const idx = (k: PointRead['kind']) => reads.flatMap((r, i) => (r.kind === k ? [i] : []));
  const text: number[] = idx('text');
  const groups: Group[] = [];
  // The figures of the most common unit make the chart; the others read as text.
  const data = idx('data');
  const units = new Map<string, number[]>();
  for (const i of data) {
    const u = (reads[i] as Extract<PointRead, { kind: 'data' }>).unit;
    units.set(u, [...(units.get(u) ?? []), i]);
  }
  const chart = [...units.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  if (chart.length >= 3) groups.push({ kind: 'chart', points: [...chart.slice(0, 6), ...idx('source')] });
  else text.push(...data, ...idx('source'));
  text.push(...data.filter((i) => chart.length >= 3 && !chart.slice(0, 6).includes(i)));
  const rows = idx('contrast');
  if (rows.length >= 2) groups.push({ kind: 'two-column', points: [...idx('sides').slice(0, 1), ...rows.slice(0, 6)] });
  else text.push(...rows, ...idx('sides'));
  const steps = idx('step');
  if (steps.length >= 3) groups.push({ kind: 'timeline', points: steps.slice(0, 6) });
  else text.push(...steps);
  const quotes = idx('quote');
  if (quotes.length) groups.push({ kind: 'quote', points: [quotes[0]!] });
  text.push(...quotes.slice(1));
  if (text.length) groups.push({ kind: 'bullets', points: text.sort((a, b) => a - b) });
  return groups.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}

/**
 * The section's groups fitted to `count` slides. Fewer slides: the layouts that matter most stay
 * (a chart before a comparison, a timeline, a quote, plain bullets) and the points of the others
 * join the bullets (or the chart's side points, or the notes, when no bullets stay). More slides: a long
 * bullet list is split in two, then bullets slides with no points of their own (written as a
 * next-steps list) fill the rest. Every point is on exactly one slide.
 */
export function fitGroups(groups: Group[], count: number): Group[] {
  let out = groups.map((g) => ({ ...g, points: [...g.points] }));
  if (!out.length) out = [{ kind: 'bullets', points: [] }];
  while (out.length > count) {
    const drop = [...out].sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind])[0]!;
    out = out.filter((g) => g !== drop);
    const into = out.find((g) => g.kind === 'bullets') ?? out.find((g) => g.kind === 'chart') ?? out[0]!;
    into.points = [...into.points, ...drop.points].sort((a, b) => a - b);
  }
  while (out.length < count) {
    const long = out.find((g) => g.kind === 'bullets' && g.points.length >= 4);
    if (long) {
      const half = Math.ceil(long.points.length / 2);
      out.splice(out.indexOf(long) + 1, 0, { kind: 'bullets', points: long.points.slice(half) });
      long.points = long.points.slice(0, half);
    } else out.push({ kind: 'bullets', points: [] });
  }
  return out;
}
