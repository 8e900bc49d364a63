import { deckSlide, outlineMarkdown, type DeckSection, type DeckSlide } from '@app/shared';
import type { LlmMessage } from '../../providers/llm/types.ts';
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
        '你是专业的演示文稿策划。只输出 Markdown 大纲：第一行 `# 标题`，然后每个章节一行 `## 章节标题`，其下 3–5 行 `- 要点`（每条不超过 30 字）。不要输出其他文字。',
    },
    { role: 'user', content: `${about(deck)}\n\n请写一份 ${deck.pages} 页 PPT 的大纲，分 ${sections} 个章节。` },
  ];
}

const SHAPES: Record<string, string> = {
  section: '{"kind":"section","title":"章节标题","subtitle":"一句话引导","notes":"讲稿"}',
  bullets: '{"kind":"bullets","title":"标题","bullets":["3–6 条要点，每条不超过 40 字"],"notes":"讲稿"}',
  'two-column': '{"kind":"two-column","title":"标题","left":{"heading":"左栏标题","bullets":["2–4 条"]},"right":{"heading":"右栏标题","bullets":["2–4 条"]},"notes":"讲稿"}',
  quote: '{"kind":"quote","title":"标题","quote":"一句有力的引言或结论","source":"出处","notes":"讲稿"}',
  chart: '{"kind":"chart","title":"标题","chart":[{"label":"类别","value":0到100的数字}],"notes":"讲稿（说明数据来源或注明为示意）"}',
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
        `现在写第 ${index + 1} 章「${section.title}」的 ${slots.length} 页，依次为：`,
        ...slots.map((s, i) => `${i + 1}. ${SHAPES[s.kind] ?? SHAPES.bullets}`),
      ].join('\n\n'),
    },
  ];
}

/** The model's answer read into the planned slides; throws when it does not fit (the step is retried). */
export function readSectionSlides(text: string, index: number, slots: Slot[]): DeckSlide[] {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) throw new Error('no JSON array in the answer');
  const raw = JSON.parse(text.slice(start, end + 1)) as unknown;
  if (!Array.isArray(raw)) throw new Error('not an array');
  return slots.map((slot, i) => {
    const item = { ...(raw[i] as Record<string, unknown> | undefined), kind: slot.kind, section: index };
    const clipped = clipStrings(item);
    const parsed = deckSlide.safeParse(clipped);
    if (!parsed.success) throw new Error(`slide ${i + 1} does not fit: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  });
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
