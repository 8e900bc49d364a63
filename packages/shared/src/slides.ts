/**
 * AI PPT without zod (the web app loads this, not the schemas): limits, layouts, themes and
 * the outline parser. The request and reply schemas are in schemas/slides.ts.
 */
import type { DeckSection } from './schemas/slides.ts';

export const DECK_PAGES_MIN = 5;
export const DECK_PAGES_MAX = 30;
export const DECK_TOPIC_MAX = 100;
export const DECK_SOURCE_MAX = 20_000;
export const DECK_SECTIONS_MAX = 12;
/** Points per outline section: room for a few figures and their source besides the text points. */
export const DECK_POINTS_MAX = 8;
export const DECK_LINE_MAX = 120;
export const DECK_NOTES_MAX = 1000;

export const DECK_LANGUAGES = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'zh-TW', label: '繁體中文' },
  { value: 'en', label: 'English' },
] as const;
export const DECK_AUDIENCES = ['通用', '学生', '职场同事', '管理层', '客户', '投资人'] as const;

export const SLIDE_KINDS = ['cover', 'contents', 'section', 'bullets', 'two-column', 'quote', 'chart', 'timeline', 'end'] as const;
export type SlideKind = (typeof SLIDE_KINDS)[number];

export const DECK_STATUSES = ['outlining', 'outline', 'generating', 'done', 'failed'] as const;
export type DeckStatus = (typeof DECK_STATUSES)[number];

/**
 * The slide themes (AI PPT): colours, fonts and the shape of the title and content masters.
 * The web preview and the .pptx are drawn from the same values, so switching a theme never
 * calls the model. Colours are hex without '#', as pptxgenjs takes them. Fonts are East Asian
 * fonts (PowerPoint, WPS and LibreOffice show Chinese with them; the web adds fallbacks).
 */
export interface SlideTheme {
  id: string;
  name: string;
  /** Content slides. */
  background: string;
  /** Cover, section and end slides. */
  coverBackground: string;
  coverText: string;
  title: string;
  text: string;
  muted: string;
  accent: string;
  accent2: string;
  /** A soft panel behind columns, quotes and charts. */
  panel: string;
  headFont: string;
  bodyFont: string;
  /** The title master's decoration: a band at the left, a bar at the bottom, or a frame. */
  cover: 'band' | 'bar' | 'frame';
  dark: boolean;
}

export const SLIDE_THEMES: readonly SlideTheme[] = [
  { id: 'azure', name: '商务蓝', background: 'FFFFFF', coverBackground: '1E3A8A', coverText: 'FFFFFF', title: '1E3A8A', text: '1F2937', muted: '6B7280', accent: '2563EB', accent2: '60A5FA', panel: 'EFF6FF', headFont: 'Microsoft YaHei', bodyFont: 'Microsoft YaHei', cover: 'band', dark: false },
  { id: 'ink', name: '水墨', background: 'FAF7F0', coverBackground: '2B2B2B', coverText: 'F5F0E6', title: '2B2B2B', text: '3F3F3F', muted: '7A7368', accent: 'A23B2A', accent2: 'C9A66B', panel: 'F0EADC', headFont: 'KaiTi', bodyFont: 'SimSun', cover: 'frame', dark: false },
  { id: 'forest', name: '森林绿', background: 'F7FBF7', coverBackground: '14532D', coverText: 'ECFDF5', title: '14532D', text: '1F2937', muted: '4B5563', accent: '16A34A', accent2: '86EFAC', panel: 'DCFCE7', headFont: 'Microsoft YaHei', bodyFont: 'DengXian', cover: 'bar', dark: false },
  { id: 'sunset', name: '暖阳橙', background: 'FFFBF5', coverBackground: 'C2410C', coverText: 'FFF7ED', title: '9A3412', text: '292524', muted: '78716C', accent: 'EA580C', accent2: 'FDBA74', panel: 'FFEDD5', headFont: 'SimHei', bodyFont: 'Microsoft YaHei', cover: 'band', dark: false },
  { id: 'night', name: '深空', background: '0F172A', coverBackground: '020617', coverText: 'F8FAFC', title: 'F8FAFC', text: 'E2E8F0', muted: '94A3B8', accent: '38BDF8', accent2: 'A78BFA', panel: '1E293B', headFont: 'Microsoft YaHei', bodyFont: 'Microsoft YaHei', cover: 'bar', dark: true },
  { id: 'rose', name: '樱花粉', background: 'FFF8FA', coverBackground: 'BE185D', coverText: 'FFF1F2', title: '9D174D', text: '3F3F46', muted: '71717A', accent: 'DB2777', accent2: 'F9A8D4', panel: 'FCE7F3', headFont: 'DengXian', bodyFont: 'DengXian', cover: 'frame', dark: false },
  { id: 'graphite', name: '极简灰', background: 'FFFFFF', coverBackground: 'F4F4F5', coverText: '18181B', title: '18181B', text: '27272A', muted: '71717A', accent: '18181B', accent2: 'A1A1AA', panel: 'F4F4F5', headFont: 'SimHei', bodyFont: 'DengXian', cover: 'bar', dark: false },
  { id: 'royal', name: '典雅紫', background: 'FBFAFF', coverBackground: '4C1D95', coverText: 'F5F3FF', title: '4C1D95', text: '1F2937', muted: '6B7280', accent: '7C3AED', accent2: 'C4B5FD', panel: 'EDE9FE', headFont: 'SimSun', bodyFont: 'Microsoft YaHei', cover: 'frame', dark: false },
  { id: 'teal', name: '青碧', background: 'F5FBFB', coverBackground: '115E59', coverText: 'F0FDFA', title: '115E59', text: '1F2937', muted: '52525B', accent: '0D9488', accent2: 'FBBF24', panel: 'CCFBF1', headFont: 'Microsoft YaHei', bodyFont: 'Microsoft YaHei', cover: 'band', dark: false },
];

export const DEFAULT_SLIDE_THEME = 'azure';

export const findSlideTheme = (id: string | null | undefined): SlideTheme | undefined => SLIDE_THEMES.find((t) => t.id === id);
export const slideTheme = (id: string | null | undefined): SlideTheme => findSlideTheme(id) ?? SLIDE_THEMES[0]!;

/** CSS font stacks for a theme font (the web preview). */
export const cssFont = (font: string) => {
  const fallback = '"PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "WenQuanYi Zen Hei", sans-serif';
  const named: Record<string, string> = {
    'Microsoft YaHei': '"Microsoft YaHei", "微软雅黑"',
    SimHei: 'SimHei, "黑体"',
    SimSun: 'SimSun, "宋体", "Songti SC", serif',
    KaiTi: 'KaiTi, "楷体", "Kaiti SC", STKaiti',
    DengXian: 'DengXian, "等线"',
  };
  return `${named[font] ?? `"${font}"`}, ${fallback}`;
};


const clip = (s: string) => Array.from(s.trim()).slice(0, DECK_LINE_MAX).join('');
const strip = (s: string) =>
  s
    .replace(/\*\*|__|`/g, '')
    .replace(/^\s*(第[一二三四五六七八九十\d]+[章节部分][：:、.\s]*)/, '')
    .trim();

/**
 * The outline as the model streams it — `# 标题`, `## 章节`, `- 要点` lines — read into a title and
 * sections (also half-way through the stream, for the live view). Numbered headings (`1. …`)
 * count as sections when no `##` came; anything else (a notice line, blank lines) is skipped.
 */
export function parseOutline(markdown: string): { title: string; sections: DeckSection[] } {
  let title = '';
  const sections: DeckSection[] = [];
  const hasH2 = /^\s*##\s+\S/m.test(markdown);
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('>')) continue;
    const h1 = /^#\s+(.+)$/.exec(line);
    const h2 = /^#{2,3}\s+(.+)$/.exec(line);
    const numbered = !hasH2 ? /^\d+[.、)]\s*(.+)$/.exec(line) : null;
    const point = /^(?:[-*•·]|\d+[.、)])\s+(.+)$/.exec(line);
    if (h1 && !title) title = clip(strip(h1[1]!));
    else if (h2 || numbered) {
      const t = clip(strip((h2 ?? numbered)![1]!));
      if (t && sections.length < DECK_SECTIONS_MAX) sections.push({ title: t, points: [] });
    } else if (point && sections.length) {
      const s = sections[sections.length - 1]!;
      const p = clip(strip(point[1]!));
      if (p && s.points.length < DECK_POINTS_MAX) s.points.push(p);
    }
  }
  return { title, sections };
}

/** The outline back as Markdown (the prompt of the slide steps, the editor's copy). */
export const outlineMarkdown = (title: string, sections: DeckSection[]) =>
  [`# ${title}`, ...sections.flatMap((s) => [`## ${s.title}`, ...s.points.map((p) => `- ${p}`)])].join('\n');

/** One exported page: slide `index`, its points `from`…`to` (bullets, or the rows of both columns). */
export interface DeckPage {
  index: number;
  from: number;
  to: number;
}

/** The title of a slide's second and later pages. */
export const continuedTitle = (title: string, en: boolean) => `${title}${en ? ' (cont.)' : '（续）'}`;

/** The slide a page shows: its share of the points, 「（续）」 and no notes after the first page. */
export function pageSlide<S extends { kind: string; title: string; notes: string; bullets?: string[]; left?: { heading: string; bullets: string[] }; right?: { heading: string; bullets: string[] } }>(s: S, page: Pick<DeckPage, 'from' | 'to'>, en: boolean): S {
  const later = page.from > 0;
  const head = later ? { title: continuedTitle(s.title, en), notes: '' } : {};
  if (s.kind === 'two-column' && s.left && s.right) {
    return { ...s, ...head, left: { ...s.left, bullets: s.left.bullets.slice(page.from, page.to) }, right: { ...s.right, bullets: s.right.bullets.slice(page.from, page.to) } };
  }
  if (s.kind === 'bullets' && s.bullets?.length) return { ...s, ...head, bullets: s.bullets.slice(page.from, page.to) };
  return s;
}
