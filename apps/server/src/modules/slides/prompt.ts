import { deckSlide, outlineMarkdown, type DeckSection, type DeckSlide } from '@app/shared';
import type { LlmMessage } from '../../providers/llm/types.ts';
import { slideFromPoints, slotPoints } from './compose.ts';
import type { Slot } from './plan.ts';
import type { DeckRow } from './service.ts';

const LANGUAGE: Record<string, string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' };
export const SOURCE_CHARS = 6000;

const sourceLabel = (deck: Pick<DeckRow, 'sourceTitle'>) =>
  deck.sourceTitle ? `参考资料（用户提供的文档《${deck.sourceTitle}》，大纲与内容须以其为依据）` : '参考资料（节选）';

const about = (deck: Pick<DeckRow, 'topic' | 'audience' | 'language' | 'sourceText' | 'sourceTitle'>) =>
  [
    `主题：${deck.topic}`,
    deck.audience ? `受众：${deck.audience}` : '',
    `输出语言：${LANGUAGE[deck.language] ?? '简体中文'}`,
    deck.sourceText ? `${sourceLabel(deck)}：\n"""\n${Array.from(deck.sourceText).slice(0, SOURCE_CHARS).join('')}\n"""` : '',
  ]
    .filter(Boolean)
    .join('\n');

/** The outline turn: Markdown the parser reads while it streams. */
export function outlinePrompt(deck: DeckRow, sections: number): LlmMessage[] {
  return [
    {
      role: 'system',
      content:
        [
          '你是专业的演示文稿策划。只输出 Markdown 大纲：第一行 `# 标题`，然后每个章节一行 `## 章节标题`，其下 3–8 行 `- 要点`（每条不超过 30 字）。不要输出其他文字。',
          '每页的版式由要点的写法决定，请按内容选用（不要编造数据；没有可靠数字时不写数据行）：',
          '- 数据（生成图表）：同一章 3–6 行 `- 类别：数字单位`，如 `- 2025 年销量：1286 万辆`，单位一致，并加一行 `- 来源：机构或报告名`；',
          '- 对比（左右两栏）：先一行 `- 甲 vs 乙` 点明两方，再 2–5 行 `- 方面：甲的情况 vs 乙的情况`；前后变化写 `- 方面：之前 → 之后`；',
          '- 步骤或年代（时间线）：3–6 行 `- 2024 年：事件` 或 `- 第一步：做法`；',
          '- 一句核心观点（引言页）：`- 金句：一句话`；',
          '- 其余要点照常写，成为要点页。整份大纲至少两章含数据，各章版式尽量不同。',
        ].join('\n'),
    },
    { role: 'user', content: `${about(deck)}\n\n请写一份 ${deck.pages} 页 PPT 的大纲，分 ${sections} 个章节。` },
  ];
}

const SHAPES: Record<string, string> = {
  section: '{"kind":"section","title":"章节标题","subtitle":"一句话引导","notes":"讲稿"}',
  bullets: '{"kind":"bullets","title":"标题","bullets":["3–6 条要点，每条不超过 40 字"],"notes":"讲稿"}',
  'two-column': '{"kind":"two-column","title":"标题","left":{"heading":"左栏标题","bullets":["2–5 条"]},"right":{"heading":"右栏标题","bullets":["与左栏逐条对应"]},"notes":"讲稿"}',
  quote: '{"kind":"quote","title":"标题","quote":"一句有力的引言或结论","source":"出处","notes":"讲稿"}',
  chart: '{"kind":"chart","title":"标题","chart":[{"label":"类别（不超过 12 字）","value":数字}],"unit":"单位","source":"数据来源","notes":"讲稿"}',
  timeline: '{"kind":"timeline","title":"标题","steps":[{"label":"年份或步骤（不超过 10 字）","text":"内容，不超过 40 字"}],"notes":"讲稿"}',
};

/** The points a planned slide covers, for the prompt. */
const covers = (section: DeckSection, slot: Slot) => {
  const points = slotPoints(section, slot);
  return points.length ? `（本页只写这些要点，不要重复其他页：${points.join('；')}）` : '（本章要点已在其他页写过：本页写落地行动，不重复）';
};

/** One section's slides as a JSON array, one object per planned slot, in the planned layouts. */
export function sectionPrompt(deck: DeckRow, index: number, slots: Slot[]): LlmMessage[] {
  const section = deck.outline[index]!;
  return [
    {
      role: 'system',
      content:
        '你是专业的演示文稿撰稿人。只输出一个 JSON 数组，不要代码块标记或其他文字。每个元素是一页幻灯片，按给定的版式填写；notes 是 2–4 句演讲者备注。',
    },
    {
      role: 'user',
      content: [
        about(deck),
        `整份大纲：\n${outlineMarkdown(deck.title, deck.outline)}`,
        `现在写第 ${index + 1} 章「${section.title}」的 ${slots.length} 页，依次为（图表的数字只用大纲给出的，不要编造）：`,
        ...slots.map((s, i) => `${i + 1}. ${SHAPES[s.kind] ?? SHAPES.bullets}${s.kind === 'section' ? '' : covers(section, s)}`),
      ].join('\n\n'),
    },
  ];
}

/**
 * The model's answer read into the planned slides. No JSON array at all throws (the step is
 * retried); a slide that does not fit its layout (missing or bad figures, steps, columns) is built
 * from its outline points instead: the layout when they carry it, else a text layout.
 */
export function readSectionSlides(text: string, section: DeckSection, index: number, slots: Slot[], english = false): DeckSlide[] {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) throw new Error('no JSON array in the answer');
  let raw: unknown;
  try {
    raw = JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new Error('the answer is not JSON');
  }
  if (!Array.isArray(raw)) throw new Error('not an array');
  return slots.map((slot, i) => {
    const given = raw[i] && typeof raw[i] === 'object' && !Array.isArray(raw[i]) ? (raw[i] as Record<string, unknown>) : {};
    const parsed = deckSlide.safeParse({ ...(clipStrings(given) as Record<string, unknown>), kind: slot.kind, section: index });
    if (parsed.success && fitsLayout(parsed.data)) return parsed.data;
    const fallback = slideFromPoints(section, index, slot, english);
    if (slot.kind === 'section') return { kind: 'section', section: index, title: fallback.title, notes: '' };
    const title = typeof given.title === 'string' ? Array.from(given.title).slice(0, 120).join('').trim() : '';
    const notes = typeof given.notes === 'string' ? Array.from(given.notes).slice(0, 1000).join('') : '';
    return deckSlide.parse({ ...fallback, title: title && !title.includes('\u0000') ? title : fallback.title, notes: notes.includes('\u0000') ? '' : notes });
  });
}

/** A slide has what its layout draws (a chart its figures, a timeline two steps…). */
function fitsLayout(s: DeckSlide): boolean {
  if (!s.title) return false;
  if (s.kind === 'chart') return (s.chart?.length ?? 0) >= 2;
  if (s.kind === 'timeline') return (s.steps?.length ?? 0) >= 2;
  if (s.kind === 'two-column') return !!s.left?.bullets.length && !!s.right?.bullets.length;
  if (s.kind === 'quote') return !!s.quote;
  if (s.kind === 'bullets') return !!s.bullets?.length;
  return true;
}

/** Long strings cut to what the schema takes, lists to their maximum: a wordy model still fits. */
function clipStrings(v: unknown, max = 120): unknown {
  if (typeof v === 'string') return Array.from(v.replaceAll('\u0000', '')).slice(0, max).join('');
  if (Array.isArray(v)) return v.slice(0, 6).map((x) => clipStrings(x, max));
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clipStrings(x, k === 'notes' ? 1000 : k === 'quote' ? 300 : 120)]));
  }
  return v;
}

export type { DeckSection };
