import { randomBytes } from 'node:crypto';
import { THESIS_MAX_CHAPTERS, THESIS_MAX_SECTIONS, THESIS_SECTION_MAX_CHARS, THESIS_SECTION_MIN_CHARS, type ThesisOutlineInput } from '@app/shared';
import type { ThesisOutlineChapter } from '../../db/schema/index.ts';
import type { LlmMessage } from '../../providers/llm/types.ts';

/** The brief a thesis is written from. */
export interface Brief {
  title: string;
  kind: string;
  discipline: string;
  length: number;
  language: string;
  requirements: string;
  /** The reference document the thesis is written from (its title and text, trimmed when it was made). */
  reference?: { title: string; text: string } | null;
}

/** How much of a reference document a thesis keeps (and each prompt carries), in characters. */
export const REFERENCE_CHARS = 6000;

/** The reference material as a prompt part ('' when there is none). */
const referenceOf = (b: Brief) =>
  b.reference?.text ? `\n参考资料（用户提供的文档《${b.reference.title}》，写作须以其内容为依据，可引用其中的事实与观点）：\n"""\n${b.reference.text}\n"""` : '';

export const newKey = () => randomBytes(5).toString('hex');
const CN_NUM = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四', '十五'];
/** 第一章 … in Chinese, Chapter 1 … in English. */
export const chapterLabel = (i: number, language: string) => (language === 'English' ? `Chapter ${i + 1}` : `第${CN_NUM[i + 1] ?? i + 1}章`);
export const sectionLabel = (ci: number, si: number) => `${ci + 1}.${si + 1}`;

export const OUTLINE_FORMAT = '第一章 章标题\n1.1 小节标题｜字数\n1.2 小节标题｜字数\n第二章 章标题\n2.1 小节标题｜字数';

export function outlinePrompt(b: Brief): LlmMessage[] {
  return [
    {
      role: 'system',
      content:
        '你是一位严谨的学术写作导师。根据论文要求给出大纲：只输出大纲本身，每行一条，章与节按下面的格式，每节后用全角竖线写出该节目标字数，各节字数之和等于总字数。不要输出其他说明。\n格式：\n' +
        OUTLINE_FORMAT,
    },
    {
      role: 'user',
      content: `题目：${b.title}\n类型：${b.kind}\n学科：${b.discipline}\n总字数：${b.length}\n语言：${b.language}${b.requirements ? `\n要求：${b.requirements}` : ''}${referenceOf(b)}`,
    },
  ];
}

const CHAPTER = /^(?:#+\s*)?(?:第\s*[零一二三四五六七八九十百\d]+\s*章|chapter\s*\d+)[\s:：.、]*(.*)$/i;
const SECTION = /^(?:#+\s*)?(?:[-*]\s*)?\d+[.．]\d+(?:[.．]\d+)*[\s:：.、]*(.+?)\s*(?:[|｜]\s*(?:约\s*)?(\d{2,5})\s*(?:字|characters|chars|words)?)?\s*$/i;
const clean = (s: string) => s.replace(/[*_`#]/g, '').replace(/\s+/g, ' ').trim().slice(0, 60);

/**
 * Reads an outline from a model's text (chapters `第一章 …`, sections `1.1 …｜800`); lines that
 * are neither are ignored. The section lengths are scaled to the brief's total and kept in bounds.
 */
export function parseOutline(text: string, total: number): ThesisOutlineChapter[] {
  const chapters: { title: string; sections: { title: string; chars: number | null }[] }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const c = CHAPTER.exec(line);
    if (c) {
      const title = clean(c[1] ?? '');
      if (title) chapters.push({ title, sections: [] });
      continue;
    }
    const s = SECTION.exec(line);
    if (s && chapters.length) {
      const title = clean(s[1] ?? '');
      if (title) chapters.at(-1)!.sections.push({ title, chars: s[2] ? Number(s[2]) : null });
    }
  }
  const kept = chapters
    .filter((c) => c.sections.length)
    .slice(0, THESIS_MAX_CHAPTERS)
    .map((c) => ({ ...c, sections: c.sections.slice(0, THESIS_MAX_SECTIONS) }));
  return fitLengths(
    kept.map((c) => ({ key: newKey(), title: c.title, sections: c.sections.map((s) => ({ key: newKey(), title: s.title, chars: s.chars ?? 0 })) })),
    total,
  );
}

/** Scales the sections' lengths so they add up to about `total` (a section without one gets an equal share). */
export function fitLengths(outline: ThesisOutlineChapter[], total: number): ThesisOutlineChapter[] {
  const all = outline.flatMap((c) => c.sections);
  if (!all.length) return outline;
  const given = all.filter((s) => s.chars > 0);
  const avg = given.length ? given.reduce((n, s) => n + s.chars, 0) / given.length : total / all.length;
  for (const s of all) if (!(s.chars > 0)) s.chars = avg;
  const sum = all.reduce((n, s) => n + s.chars, 0);
  for (const s of all) {
    const scaled = Math.round(((s.chars * total) / sum) / 50) * 50;
    s.chars = Math.min(THESIS_SECTION_MAX_CHARS, Math.max(THESIS_SECTION_MIN_CHARS, scaled));
  }
  return outline;
}

/** An edited outline as stored: existing keys kept (when unique), new entries get one. */
export function normaliseOutline(input: ThesisOutlineInput): ThesisOutlineChapter[] {
  const seen = new Set<string>();
  const keyOf = (k: string | undefined) => {
    const key = k && !seen.has(k) ? k : newKey();
    seen.add(key);
    return key;
  };
  return input.map((c) => ({ key: keyOf(c.key), title: c.title, sections: c.sections.map((s) => ({ key: keyOf(s.key), title: s.title, chars: s.chars })) }));
}

export const outlineChars = (o: ThesisOutlineChapter[] | null) => (o ?? []).reduce((n, c) => n + c.sections.reduce((m, s) => m + s.chars, 0), 0);

/** The outline as the text the offline model streams (and the parser reads back). */
export function outlineText(o: ThesisOutlineChapter[], language: string): string {
  return o
    .map((c, ci) => [`${chapterLabel(ci, language)} ${c.title}`, ...c.sections.map((s, si) => `${sectionLabel(ci, si)} ${s.title}｜${s.chars}`)].join('\n'))
    .join('\n');
}

const OFFLINE_PLANS: Record<string, [string, string[]][]> = {
  default: [
    ['绪论', ['研究背景', '研究意义', '研究内容与方法']],
    ['相关理论与文献综述', ['核心概念界定', '国内外研究现状', '研究述评']],
    ['研究设计', ['研究思路', '数据与方法']],
    ['结果与分析', ['主要发现', '讨论']],
    ['结论与展望', ['研究结论', '不足与展望']],
  ],
  开题报告: [
    ['选题背景与意义', ['选题背景', '研究意义']],
    ['国内外研究现状', ['国外研究现状', '国内研究现状']],
    ['研究内容与方法', ['研究内容', '研究方法', '技术路线']],
    ['进度安排与预期成果', ['进度安排', '预期成果']],
  ],
  文献综述: [
    ['引言', ['综述范围与方法']],
    ['研究主题的演进', ['早期研究', '近期进展']],
    ['主要观点与争论', ['代表性观点', '争议与分歧']],
    ['总结与展望', ['研究空白', '未来方向']],
  ],
  普通文章: [
    ['引子', ['问题的提出']],
    ['展开', ['现象与事实', '原因分析']],
    ['结语', ['观点与建议']],
  ],
};

/** The offline model's outline: a plan by type, sized to the brief. */
export function offlineOutline(b: Brief): ThesisOutlineChapter[] {
  const plan = OFFLINE_PLANS[b.kind] ?? OFFLINE_PLANS.default!;
  const outline = plan.map(([title, sections]) => ({ key: newKey(), title, sections: sections.map((s) => ({ key: newKey(), title: s, chars: 0 })) }));
  return fitLengths(outline, b.length);
}

export const OFFLINE_OUTLINE_NOTE = '（离线演示：尚未配置模型密钥，以下大纲由本地程序按题目生成）';
export const OFFLINE_SECTION_NOTE = '【离线演示】尚未配置模型密钥，本节由本地程序按题目生成，仅用于演示排版与流程。';

/** The offline model's text of one section: labelled, about `chars` long, on the thesis's title. */
export function offlineSection(b: Brief, chapter: string, section: string, chars: number): string {
  const sentences = [
    `本节围绕“${b.title}”中的“${section}”展开，属于“${chapter}”一章。`,
    `从${b.discipline}的视角看，这一问题既有理论价值，也有现实意义。`,
    `已有研究从不同角度讨论过相关现象，但在概念界定、研究方法和适用范围上仍存在分歧。`,
    `本文在梳理既有成果的基础上，结合具体材料进行分析，力求论证清晰、层次分明。`,
    `首先，需要明确“${section}”所涉及的核心概念及其边界；其次，应说明分析所依据的资料与方法；最后，对所得结论加以检验与讨论。`,
    `需要指出的是，上述判断仍有待更多证据支持，后文将结合案例作进一步说明。`,
  ];
  const quoted = b.reference?.text ? referenceSentence(b.reference.text, `${chapter}${section}`) : '';
  if (quoted) sentences.splice(3, 0, `参考资料《${b.reference!.title}》写道：“${quoted}”`);
  const paragraphs: string[] = [OFFLINE_SECTION_NOTE];
  let length = OFFLINE_SECTION_NOTE.length;
  let i = 0;
  while (length < chars) {
    const para: string[] = [];
    for (let n = 0; n < 4 && length < chars; n++) {
      const s = sentences[i++ % sentences.length]!;
      para.push(s);
      length += s.length;
    }
    paragraphs.push(para.join(''));
  }
  return paragraphs.join('\n\n');
}

/** One sentence of the reference text, picked by `seed` (so sections quote different ones). */
function referenceSentence(text: string, seed: string): string {
  const sentences = text
    .split(/[。！？!?\n]+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 6);
  if (!sentences.length) return '';
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return Array.from(sentences[h % sentences.length]!).slice(0, 80).join('');
}

/** A 毕业论文 in Chinese carries an English abstract (Abstract / Key words) after the Chinese one. */
export const wantsEnglishAbstract = (b: Pick<Brief, 'kind' | 'language'>) => b.kind === '毕业论文' && b.language === '中文';

export interface Abstracts {
  abstract: string;
  keywords: string;
  /** '' unless wantsEnglishAbstract. */
  abstractEn: string;
  keywordsEn: string;
}

export function offlineAbstract(b: Brief): Abstracts {
  const en = wantsEnglishAbstract(b);
  return {
    abstract: `【离线演示】本文以“${b.title}”为题，在${b.discipline}领域内梳理相关研究，说明研究背景与意义，介绍研究设计与方法，分析主要发现并提出结论与展望。本摘要由本地程序生成，配置模型密钥后将由模型撰写。`,
    keywords: [b.discipline, b.kind, '离线演示'].join('；'),
    abstractEn: en
      ? `[Offline demo] Under the title "${b.title}", this thesis reviews the research in ${b.discipline}, states the background and significance of the study, describes its design and methods, analyses the main findings and draws conclusions with an outlook. This abstract was generated locally; once a model key is configured, the model writes it.`
      : '',
    keywordsEn: en ? [b.discipline, 'graduation thesis', 'offline demo'].join('; ') : '',
  };
}

export function sectionPrompt(b: Brief, outline: ThesisOutlineChapter[], ci: number, si: number, before: string): LlmMessage[] {
  const chapter = outline[ci]!;
  const section = chapter.sections[si]!;
  const plan = outlineText(outline, b.language);
  return [
    {
      role: 'system',
      content: `你是一位严谨的学术写作者，正在用${b.language}撰写一篇${b.kind}。只输出这一节的正文（不要重复标题，不要写其他小节），段落之间空一行，约 ${section.chars} 字。不要列出参考文献，也不要编造文献、作者、年份、DOI 或网址；需要注明出处的地方写“（文献待补）”，由作者核实后补上。`,
    },
    {
      role: 'user',
      content: `题目：${b.title}\n学科：${b.discipline}${b.requirements ? `\n要求：${b.requirements}` : ''}${referenceOf(b)}\n大纲：\n${plan}\n\n${before ? `上一节结尾：${before.slice(-300)}\n\n` : ''}现在撰写：${chapterLabel(ci, b.language)} ${chapter.title} / ${sectionLabel(ci, si)} ${section.title}（约 ${section.chars} 字）`,
    },
  ];
}

export function abstractPrompt(b: Brief, outline: ThesisOutlineChapter[]): LlmMessage[] {
  const english = wantsEnglishAbstract(b)
    ? '然后另起一行以“Abstract:”开头给出这段摘要的英文版本，再另起一行以“Key words:”开头给出对应的英文关键词，用分号分隔。只输出这四部分。'
    : '只输出这两部分。';
  return [
    { role: 'system', content: `用${b.language}为这篇${b.kind}写摘要（300 字左右），然后另起一行以“关键词：”开头给出 3–5 个关键词，用分号分隔。${english}` },
    { role: 'user', content: `题目：${b.title}\n学科：${b.discipline}\n大纲：\n${outlineText(outline, b.language)}` },
  ];
}

const ENGLISH_ABSTRACT = /(?:^|\n)[\s*#]*Abstract[\s*]*[:：]?[\s*]*\n?([\s\S]*?)\n[\s*#]*Key\s*words?[\s*]*[:：][\s*]*(.+?)\s*$/i;

/** Splits a model's abstract reply into the abstract and its keywords, and with `english`, the English abstract and key words after them. */
export function splitAbstract(text: string, english = false): Abstracts {
  const en = english ? ENGLISH_ABSTRACT.exec(text) : null;
  const zh = en ? text.slice(0, en.index) : text;
  const m = /(?:^|\n)\s*(?:关键词|关键字|Keywords?)\s*[:：]\s*(.+)\s*$/i.exec(zh);
  return {
    abstract: (m ? zh.slice(0, m.index) : zh).replace(/^\s*(摘要|Abstract)\s*[:：]?/i, '').trim(),
    keywords: m ? m[1]!.trim() : '',
    abstractEn: en ? en[1]!.trim() : '',
    keywordsEn: en ? en[2]!.trim() : '',
  };
}
