import type { DeckSection } from './schemas/slides.ts';
import { DECK_LINE_MAX, DECK_POINTS_MAX, DECK_SECTIONS_MAX } from './schemas/slides.ts';

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
