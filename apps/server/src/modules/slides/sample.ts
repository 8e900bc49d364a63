import { parseOutline, type DeckSlide } from '@app/shared';
import { frameSlides } from './generate.ts';
import { offlineOutline, offlineSectionSlides } from './offline.ts';
import { planDeck, sectionsFor } from './plan.ts';

/** A whole offline deck for `topic`, as the outline turn and the job would write it (tests and the bench). */
export function sampleDeck(topic: string, pages: number, audience = '管理层'): { title: string; slides: DeckSlide[] } {
  const { title, sections } = parseOutline(offlineOutline({ topic, audience, sourceText: '', sections: sectionsFor(pages), english: false }));
  const slots = planDeck(sections, pages);
  const deck = { title: title || topic, topic, audience, outline: sections, offline: true, language: 'zh-CN' };
  const slides = frameSlides(deck, slots);
  sections.forEach((s, i) => {
    const mine = slots.map((slot, k) => ({ slot, k })).filter((x) => x.slot.section === i);
    offlineSectionSlides(topic, s, i, mine.map((x) => x.slot), false).forEach((slide, j) => (slides[mine[j]!.k] = slide));
  });
  return { title: deck.title, slides: slides.filter((s): s is DeckSlide => s !== null) };
}

/** `s` repeated to exactly `n` characters. */
export const longText = (s: string, n = 120) => Array.from(s.repeat(Math.ceil(n / Array.from(s).length))).slice(0, n).join('');

/** Every slide at the schema's maxima: 120-character lines, six rows per column, long headings, labels and titles. */
export function stressSlides(): DeckSlide[] {
  const title = longText('新能源汽车产业链上下游协同发展的关键问题与对策分析', 40);
  return [
    { kind: 'cover', section: -1, title: longText('二〇二七年新能源汽车市场', 120), subtitle: longText('面向管理层', 120), notes: '' },
    { kind: 'contents', section: -1, title: '目录', bullets: Array.from({ length: 8 }, (_, i) => longText(`第${i + 1}章内容很长的标题`, 120)), notes: '' },
    { kind: 'bullets', section: 0, title, bullets: Array.from({ length: 8 }, (_, i) => longText(`要点${i + 1}：电池成本持续下降推动整车价格下探，`, 120)), notes: '' },
    {
      kind: 'two-column',
      section: 0,
      title,
      left: { heading: longText('燃油车时代的产业格局与竞争要素', 120), bullets: Array.from({ length: 6 }, () => longText('左栏内容：品牌与渠道决定份额，技术迭代缓慢，', 120)) },
      right: { heading: longText('电动化时代的产业格局与竞争要素', 120), bullets: Array.from({ length: 6 }, () => longText('右栏内容：软件与电池决定体验，迭代以月计算，', 120)) },
      notes: '',
    },
    { kind: 'chart', section: 0, title, chart: Array.from({ length: 6 }, (_, i) => ({ label: longText(`${2022 + i} 年中国新能源乘用车零售销量`, 30), value: 500 + i * 312.5 })), unit: '万辆', source: longText('中国汽车工业协会与乘联会公开数据整理', 120), bullets: [longText('侧栏说明文字很长，', 120)], notes: '' },
    { kind: 'timeline', section: 0, title, steps: Array.from({ length: 6 }, (_, i) => ({ label: longText(`${2022 + i} 年第一阶段`, 20), text: longText('这一年发生了很多事情，', 120) })), notes: '' },
    { kind: 'quote', section: 0, title, quote: longText('电动化是上半场，智能化是下半场，', 300), source: longText('行业观察', 120), notes: '' },
    { kind: 'section', section: 1, title: longText('第二部分很长的章节标题', 120), subtitle: longText('副标题', 120), notes: '' },
    { kind: 'end', section: -1, title: '谢谢观看', subtitle: '欢迎提问与交流', notes: '' },
  ];
}

