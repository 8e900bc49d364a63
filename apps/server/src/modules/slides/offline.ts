import type { DeckSection, DeckSlide } from '@app/shared';
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

const ZH_SECTIONS: [string, (t: string, a: string) => string[]][] = [
  ['背景与意义', (t, a) => [`${t}的提出背景`, `为什么现在关注${t}`, `对${a}的价值`]],
  ['现状分析', (t) => [`${t}的发展现状`, '主要参与者与典型做法', '存在的差距与痛点']],
  ['核心概念', (t) => [`${t}的定义与范围`, '关键要素与相互关系', '常见误区澄清']],
  ['方法与路径', (t) => [`推进${t}的总体思路`, '分阶段实施步骤', '所需资源与分工']],
  ['案例与实践', (t) => [`${t}的代表性案例`, '可借鉴的经验', '落地时的注意事项']],
  ['挑战与对策', () => ['主要风险与挑战', '应对策略', '评估与持续改进']],
  ['数据与成效', (t) => [`${t}的关键指标`, '阶段性成果', '投入产出对比']],
  ['总结与展望', (t) => ['核心结论回顾', `${t}的未来趋势`, '下一步行动建议']],
];
const EN_SECTIONS: [string, (t: string, a: string) => string[]][] = [
  ['Background', (t, a) => [`Where ${t} comes from`, `Why ${t} matters now`, `Value for ${a}`]],
  ['Current state', (t) => [`The state of ${t} today`, 'Key players and practices', 'Gaps and pain points']],
  ['Core ideas', (t) => [`What ${t} means`, 'Key elements and how they relate', 'Common misconceptions']],
  ['Approach', (t) => [`How to move ${t} forward`, 'Step-by-step plan', 'Resources and roles']],
  ['Case studies', (t) => [`Representative cases of ${t}`, 'Lessons to reuse', 'Pitfalls to avoid']],
  ['Risks and responses', () => ['Main risks', 'Responses', 'Review and improve']],
  ['Results', (t) => [`Key metrics of ${t}`, 'Milestones reached', 'Cost and benefit']],
  ['Outlook', (t) => ['Key takeaways', `Where ${t} is heading`, 'Next steps']],
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
  const lines = [OFFLINE_NOTICE, '', `# ${topic}`, ''];
  picked.forEach(([title, points], i) => {
    lines.push(`## ${title}`);
    const fromSource = source.slice(i * 3, i * 3 + 3).map((s) => clip(s, 40));
    for (const p of fromSource.length >= 2 ? fromSource : points(topic, audience)) lines.push(`- ${p}`);
    lines.push('');
  });
  return lines.join('\n');
}

const ZH_DETAIL = ['明确目标与衡量标准', '从小范围试点开始', '用数据验证效果', '建立反馈与复盘机制', '关注成本与收益平衡', '形成可复制的方法'];
const EN_DETAIL = ['set clear goals and measures', 'start with a small pilot', 'check results with data', 'review and learn regularly', 'balance cost and benefit', 'make it repeatable'];

/** One section's slides (the slots planned for it), written from the outline. */
export function offlineSectionSlides(topic: string, section: DeckSection, index: number, slots: Slot[], english: boolean): DeckSlide[] {
  const points = section.points.length ? section.points : english ? ['Key point', 'Details', 'Takeaway'] : ['要点概述', '具体做法', '预期效果'];
  const detail = english ? EN_DETAIL : ZH_DETAIL;
  const seed = hash(`${topic}|${section.title}`);
  const pick = (i: number) => detail[(seed + i) % detail.length]!;
  const tag = english ? `(${OFFLINE_TAG}: written by a local template)` : `（${OFFLINE_TAG}：本页文字由本地模板生成）`;
  let contentNo = 0;
  return slots.map((slot): DeckSlide => {
    const base = { section: index, notes: '' };
    if (slot.kind === 'section') {
      return {
        ...base,
        kind: 'section',
        title: section.title,
        subtitle: english ? `Part ${index + 1}` : `第 ${index + 1} 部分`,
        notes: english ? `This part covers ${section.title}: ${points.join(', ')}. ${tag}` : `这一部分讲「${section.title}」，包括：${points.join('、')}。${tag}`,
      };
    }
    const n = contentNo++;
    const title = n === 0 ? section.title : `${section.title}${english ? ` (${n + 1})` : `（${n + 1}）`}`;
    const point = points[n % points.length]!;
    if (slot.kind === 'two-column') {
      const half = Math.ceil(points.length / 2);
      return {
        ...base,
        kind: 'two-column',
        title,
        left: { heading: english ? 'Where we are' : '现状与问题', bullets: points.slice(0, half).map((p) => clip(p, 40)) },
        right: { heading: english ? 'What to do' : '思路与对策', bullets: [pick(n), pick(n + 1), pick(n + 2)].slice(0, Math.max(2, half)) },
        notes: english
          ? `Compare where ${topic} stands with what to do next. ${tag}`
          : `左栏说明「${section.title}」目前的情况，右栏给出对应的做法，讲解时逐条对照。${tag}`,
      };
    }
    if (slot.kind === 'chart') {
      const labels = points.slice(0, 5);
      return {
        ...base,
        kind: 'chart',
        title: english ? `${section.title}: at a glance` : `${section.title}：关键数据（示意）`,
        chart: labels.map((l, i) => ({ label: clip(l, 16), value: 40 + ((seed >>> (i * 3)) % 55) })),
        notes: english
          ? `Illustrative figures only (${OFFLINE_TAG}); replace them with real data. ${tag}`
          : `图中数字仅为示意（${OFFLINE_TAG}），正式使用前请替换为真实数据。${tag}`,
      };
    }
    if (slot.kind === 'quote') {
      return {
        ...base,
        kind: 'quote',
        title,
        quote: english ? `The key to ${topic} is to ${pick(n)}.` : `做好「${clip(topic, 30)}」，关键在于${point}，并且${pick(n)}。`,
        source: OFFLINE_TAG,
        notes: english ? `Pause on this sentence and ask the audience what it means for them. ${tag}` : `在这句话上停顿一下，请听众结合自身情况思考。${tag}`,
      };
    }
    const bullets = [point, ...points.filter((p) => p !== point)].slice(0, 3).map((p, i) => clip(english ? `${p}: ${pick(n + i)}` : `${p}：${pick(n + i)}`, 60));
    while (bullets.length < 3) bullets.push(pick(n + bullets.length + 3));
    return {
      ...base,
      kind: 'bullets',
      title,
      bullets,
      notes: english
        ? `Walk through the ${bullets.length} points of ${section.title}, one example each. ${tag}`
        : `本页围绕「${section.title}」展开 ${bullets.length} 个要点，每点配一个简短的例子说明。${tag}`,
    };
  });
}
