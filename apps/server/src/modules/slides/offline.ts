import { DECK_POINTS_MAX, type DeckSection, type DeckSlide } from '@app/shared';
import { slideFromPoints } from './compose.ts';
import { readPoint } from './content.ts';
import type { Slot } from './plan.ts';

/**
 * With no model key configured, AI PPT still makes a real deck for the topic: a local program
 * writes the outline and the slide texts from templates (and from the pasted text when there is
 * one). Everything it writes is labelled 离线演示.
 */
export const OFFLINE_NOTICE = '> 离线演示：尚未配置模型密钥，以下大纲由本地模板生成，并非 AI 撰写。';
export const OFFLINE_TAG = '离线演示';

interface Ask {
  topic: string;
  audience: string;
  sourceText: string;
  sections: number;
  english: boolean;
}

/** What a template section is given: the topic, the audience, a year to count from, and a seeded number source. */
interface Seed {
  t: string;
  a: string;
  y: number;
  n: (i: number, lo: number, hi: number) => number;
}
type Template = [string, (s: Seed) => string[]];

/** A growing series of `count` figures ending near `top`, for illustrative charts. */
const growing = (s: Seed, count: number, base: number, step: number) => Array.from({ length: count }, (_, i) => base + i * step + s.n(i, 0, step));

// Each section's points take the shapes content.ts reads (figures, comparison rows, steps, 金句), so the offline deck shows every layout.
const ZH_SECTIONS: Template[] = [
  ['背景与意义', (s) => [`为什么现在关注${s.t}`, `对${s.a}的价值`, `${s.t}的提出背景`, ...growing(s, 4, 120, 60).map((v, i) => `${s.y - 3 + i} 年规模：${v} 亿元`), '来源：离线演示示意数据，请替换为真实统计']],
  ['现状分析', (s) => [`${s.t}的发展现状`, '主要参与者与典型做法', '领先者 vs 追赶者', '投入：持续加码 vs 谨慎观望', '能力：体系完整 vs 单点突破', '节奏：全面铺开 vs 试点先行']],
  ['核心概念', (s) => [`${s.t}的定义与范围`, '关键要素与相互关系', '效率：人工处理 → 自动协同', '成本：一次性投入 → 按需投入', '体验：被动响应 → 主动服务', '金句：看清本质，才能少走弯路']],
  ['方法与路径', (s) => [`推进${s.t}的总体思路`, '所需资源与分工', '第一步：明确目标与衡量标准', '第二步：小范围试点验证', '第三步：复盘并优化方案', '第四步：全面推广与标准化']],
  ['案例与实践', (s) => [`${s.t}的代表性案例`, '可借鉴的经验', '阶段一：找准切入点', '阶段二：打通关键环节', '阶段三：形成可复制模式', '金句：最好的方法，是在实践中长出来的']],
  ['挑战与对策', () => ['主要风险 vs 应对策略', '技术：方案尚不成熟 vs 小步快跑验证', '人才：经验储备不足 vs 培训与引进并举', '资金：前期投入压力大 vs 分阶段投入', '建立风险预警机制', '评估与持续改进']],
  ['数据与成效', (s) => [...['效率提升', '成本下降', '满意度提升', '覆盖率提升'].map((l, i) => `${l}：${s.n(i + 4, 12, 48)}%`), '来源：离线演示示意数据，请替换为真实统计', '目标 vs 实际', '进度：按季度推进 vs 部分环节滞后', '质量：全面达标 vs 个别指标待提升']],
  ['总结与展望', (s) => [...growing(s, 3, 300, 90).map((v, i) => `${s.y + i} 年（预测）：${v} 亿元`), '来源：离线演示示意预测，请替换为权威机构数据', `金句：${s.t}的下一程，属于行动更快的人`, '核心结论回顾', '下一步行动建议']],
];
const EN_SECTIONS: Template[] = [
  ['Background', (s) => [`Where ${s.t} comes from`, `Why ${s.t} matters now`, `Value for ${s.a}`, ...growing(s, 4, 120, 60).map((v, i) => `${s.y - 3 + i} size: ${v} M USD`), 'Source: illustrative offline figures, replace with real data']],
  ['Current state', (s) => [`The state of ${s.t} today`, 'Key players and practices', 'Leaders vs followers', 'Investment: growing vs cautious', 'Capability: full stack vs single point', 'Pace: all at once vs pilots first']],
  ['Core ideas', (s) => [`What ${s.t} means`, 'Key elements and how they relate', 'Efficiency: manual work → automated flow', 'Cost: upfront spend → pay as you go', 'Service: reactive → proactive', 'Key line: see the essence, skip the detours']],
  ['Approach', (s) => [`How to move ${s.t} forward`, 'Resources and roles', 'Step 1: set goals and measures', 'Step 2: run a small pilot', 'Step 3: review and improve', 'Step 4: roll out and standardise']],
  ['Case studies', (s) => [`Representative cases of ${s.t}`, 'Lessons to reuse', 'Phase 1: find the entry point', 'Phase 2: connect the key links', 'Phase 3: make it repeatable', 'Key line: the best method grows out of practice']],
  ['Risks and responses', () => ['Risks vs responses', 'Technology: immature vs small fast trials', 'People: little experience vs train and hire', 'Money: high upfront cost vs staged spending', 'Set up early warnings', 'Review and improve']],
  ['Results', (s) => [...['Efficiency', 'Cost saved', 'Satisfaction', 'Coverage'].map((l, i) => `${l}: ${s.n(i + 4, 12, 48)}%`), 'Source: illustrative offline figures, replace with real data', 'Target vs actual', 'Schedule: quarterly plan vs some steps late', 'Quality: all met vs a few below target']],
  ['Outlook', (s) => [...growing(s, 3, 300, 90).map((v, i) => `${s.y + i} (forecast): ${v} M USD`), 'Source: illustrative offline forecast, replace with real data', `Key line: the next stage of ${s.t} belongs to those who act`, 'Key takeaways', 'Next steps']],
];

const hash = (s: string) => {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
};
const clip = (s: string, n: number) => {
  const chars = Array.from(s.trim());
  return chars.length > n ? `${chars.slice(0, n - 1).join('')}…` : chars.join('');
};

/** Sentences of the pasted text, cleaned, for sections and points drawn from it. */
function sentencesOf(text: string): string[] {
  return text
    .split(/[。！？!?；;\n]+/)
    .map((s) => s.replace(/\s+/g, ' ').replace(/^[-*#\d.、)\s]+/, '').trim())
    .filter((s) => Array.from(s).length >= 4);
}

/** The year the offline figures count from: the one the topic names, else this year. */
const yearOf = (topic: string) => Number(/(?:19|20)\d{2}/.exec(topic)?.[0] ?? new Date().getFullYear());

/** The offline outline as Markdown (what the stream shows), starting with its notice. */
export function offlineOutline(ask: Ask): string {
  const topic = clip(ask.topic, 60);
  const audience = ask.audience || (ask.english ? 'the audience' : '听众');
  const bank = ask.english ? EN_SECTIONS : ZH_SECTIONS;
  const n = Math.max(1, Math.min(ask.sections, bank.length));
  // Always the first and the last, the middle ones picked by the topic.
  const middle = bank.slice(1, -1);
  const start = hash(topic) % middle.length;
  const picked = [bank[0]!, ...Array.from({ length: Math.max(0, n - 2) }, (_, i) => middle[(start + i) % middle.length]!), bank[bank.length - 1]!].slice(0, n);
  const source = sentencesOf(ask.sourceText);
  const seed = hash(topic);
  const lines = [OFFLINE_NOTICE, '', `# ${topic}`, ''];
  picked.forEach(([title, points], i) => {
    lines.push(`## ${title}`);
    const fromSource = source.slice(i * 3, i * 3 + 3).map((s) => clip(s, 40));
    const n = (k: number, lo: number, hi: number) => lo + (((seed >>> ((i * 5 + k) % 24)) ^ (k * 2654435761)) >>> 0) % (hi - lo + 1);
    const written = points({ t: topic, a: audience, y: yearOf(topic), n });
    for (const p of fromSource.length >= 2 ? fromSource : written.slice(0, DECK_POINTS_MAX)) lines.push(`- ${p}`);
    lines.push('');
  });
  return lines.join('\n');
}

const ZH_DETAIL = ['明确目标与衡量标准', '从小范围试点开始', '用数据验证效果', '建立反馈与复盘机制', '关注成本与收益平衡', '形成可复制的方法'];
const EN_DETAIL = ['set clear goals and measures', 'start with a small pilot', 'check results with data', 'review and learn regularly', 'balance cost and benefit', 'make it repeatable'];

const ZH_ACTIONS = ['明确负责人和时间表', '列出本季度要完成的三件事', '设定可检验的里程碑', '每月复盘一次进展', '先做最小可行的试点', '把经验写成操作手册', '同步相关团队的分工', '预留应对风险的预算'];
const EN_ACTIONS = ['name an owner and a timeline', 'list three things for this quarter', 'set milestones that can be checked', 'review progress monthly', 'start with the smallest pilot', 'write the lessons into a playbook', 'agree roles across teams', 'keep a budget for risks'];

/** A slide's title: the section's, with what this layout adds (never a numbered repeat of the same title). */
function titleOf(slide: DeckSlide, section: string, first: boolean, english: boolean): string {
  if (first && slide.kind !== 'chart') return section;
  const what: Partial<Record<DeckSlide['kind'], string>> = english
    ? { 'two-column': slide.left && slide.right ? `${slide.left.heading} vs ${slide.right.heading}` : 'Comparison', timeline: 'Roadmap', quote: 'In one line', bullets: 'More points' }
    : { 'two-column': slide.left && slide.right ? `${slide.left.heading}与${slide.right.heading}` : '对比', timeline: '路径与节奏', quote: '一句话', bullets: '要点延伸' };
  if (slide.kind === 'chart') return slide.title;
  return clip(`${section}${english ? ': ' : '：'}${what[slide.kind] ?? ''}`, 120);
}

/** One section's slides (the slots planned for it), each built from the points the plan gave it. */
export function offlineSectionSlides(topic: string, section: DeckSection, index: number, slots: Slot[], english: boolean): DeckSlide[] {
  const detail = english ? EN_DETAIL : ZH_DETAIL;
  const seed = hash(`${topic}|${section.title}`);
  const pick = (i: number) => detail[(seed + i) % detail.length]!;
  const tag = english ? `(${OFFLINE_TAG}: written by a local template)` : `（${OFFLINE_TAG}：本页文字由本地模板生成）`;
  let contentNo = 0;
  return slots.map((slot): DeckSlide => {
    if (slot.kind === 'section') {
      const points = section.points.map((p) => readPoint(p)).filter((r) => r.kind === 'text').map((r) => (r as { text: string }).text);
      return {
        section: index,
        kind: 'section',
        title: section.title,
        subtitle: english ? `Part ${index + 1}` : `第 ${index + 1} 部分`,
        notes: english ? `This part covers ${section.title}${points.length ? `: ${points.join(', ')}` : ''}. ${tag}` : `这一部分讲「${section.title}」${points.length ? `，包括：${points.join('、')}` : ''}。${tag}`,
      };
    }
    const n = contentNo++;
    const slide = slideFromPoints(section, index, slot, english);
    slide.title = titleOf(slide, section.title, n === 0, english);
    const extra = slide.notes ? ` ${slide.notes}` : '';
    if (slide.kind === 'bullets') {
      const own = slide.bullets ?? [];
      const bullets = own.length
        ? own.slice(0, 5).map((p, i) => (readPoint(p).kind === 'text' ? clip(english ? `${p}: ${pick(n + i)}` : `${p}：${pick(n + i)}`, 60) : p))
        : // A next-steps list; another section's list starts further on in the bank, so two share at most half.
          Array.from({ length: 4 }, (_, i) => (english ? EN_ACTIONS : ZH_ACTIONS)[(index * 2 + i) % ZH_ACTIONS.length]!);
      if (!own.length) slide.title = clip(`${section.title}${english ? ': action list' : '：行动清单'}`, 120);
      return {
        ...slide,
        bullets,
        notes: english
          ? `Walk through the ${bullets.length} points of ${section.title}, one example each. ${tag}`
          : `本页围绕「${section.title}」展开 ${bullets.length} 个要点，每点配一个简短的例子说明。${tag}`,
      };
    }
    const notes: Record<string, string> = english
      ? {
          chart: `Illustrative figures only (${OFFLINE_TAG}); replace them with real data and name the source.${extra} ${tag}`,
          'two-column': `Compare the two sides row by row, then say which way to go.${extra} ${tag}`,
          timeline: `Walk through the steps in order; say what each one delivers.${extra} ${tag}`,
          quote: `Pause on this sentence and ask the audience what it means for them.${extra} ${tag}`,
        }
      : {
          chart: `图中数字仅为示意（${OFFLINE_TAG}），正式使用前请替换为真实数据并注明来源。${extra} ${tag}`,
          'two-column': `左右两栏逐行对照，讲清差别，再给出取舍。${extra} ${tag}`,
          timeline: `按顺序讲每一步，说明每一步交付什么。${extra} ${tag}`,
          quote: `在这句话上停顿一下，请听众结合自身情况思考。${extra} ${tag}`,
        };
    return { ...slide, ...(slide.kind === 'quote' ? { source: OFFLINE_TAG } : {}), notes: notes[slide.kind] ?? tag };
  });
}
