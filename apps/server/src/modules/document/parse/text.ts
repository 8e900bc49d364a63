/** Small text helpers shared by the parsers (CJK-aware joining, clean-up, heading patterns). */
import type { ParsedBlock } from './types.ts';

/** Han ideographs, CJK symbols and punctuation, full-width forms, kana and hangul. */
const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u303F\\uFF00-\\uFFEF';
const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, 'u');
const SPACE_BETWEEN_CJK = new RegExp(`(?<=[${CJK_CLASS}])[ \\t\\u00A0]+(?=[${CJK_CLASS}])`, 'gu');

export function isCjk(ch: string | undefined): boolean {
  return !!ch && CJK_CHAR.test(ch);
}

const SPACE_CJK_DIGIT = new RegExp(`(?<=[${CJK_CLASS}])[ \\t]+(?=[0-9%:;,.!?)])|(?<=[0-9%:;,.!?(])[ \\t]+(?=[${CJK_CLASS}])`, 'gu');

/**
 * Removes the spaces OCR and some PDF producers put between CJK characters, and between CJK
 * characters and digits or punctuation ("第 3 条 :" → "第3条:"). Spaces between CJK and Latin
 * words stay.
 */
export function squeezeCjkSpaces(text: string): string {
  return text.replace(SPACE_BETWEEN_CJK, '').replace(SPACE_CJK_DIGIT, '');
}

/**
 * Kangxi radicals and compatibility ideographs (which some PDF fonts map their glyphs to) become
 * the ordinary ideographs; Latin ligatures are spelled out. Full-width punctuation is kept.
 */
export function normalizeChars(text: string): string {
  return text.replace(/[\u2F00-\u2FDF\u2E80-\u2EFF\uF900-\uFAFF\uFB00-\uFB06]/g, (c) => c.normalize('NFKC'));
}

/** Drops control characters (except tab and newline) and the replacement character. */
export function stripControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD\uFEFF]/g, '');
}

/** Collapses runs of spaces and tabs, trims every line. */
export function tidyLine(text: string): string {
  return text.replace(/[ \t\u00A0\u2000-\u200B\u3000]+/g, ' ').trim();
}

/**
 * Joins two lines of one paragraph: no space next to CJK text, a hyphenated word is mended,
 * otherwise one space.
 */
export function joinLines(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  const last = a[a.length - 1]!;
  const first = b[0]!;
  if (isCjk(last) || isCjk(first)) return a + b;
  if (last === '-' && /[A-Za-z]/.test(a[a.length - 2] ?? '') && /[a-z]/.test(first)) return a.slice(0, -1) + b;
  return `${a} ${b}`;
}

const CN_NUM = '[一二三四五六七八九十百千零〇两\\d]+';
const HEADING_PATTERNS: [RegExp, number][] = [
  [new RegExp(`^第${CN_NUM}[编篇部卷]`), 1],
  [new RegExp(`^第${CN_NUM}章`), 1],
  [/^(chapter|part)\s+([0-9]+|[ivxlc]+)\b/i, 1],
  [new RegExp(`^第${CN_NUM}节`), 2],
  [/^section\s+\d+(\.\d+)*\b/i, 2],
  [/^[一二三四五六七八九十]+、/, 3],
  [/^[（(][一二三四五六七八九十]+[）)]/, 4],
];

/**
 * A heading level for a short standalone line that looks like a Chinese or English section
 * heading (第一章 …, 第二节 …, 一、…, （一）…, Chapter 3 …), else 0.
 */
export function headingLevelByPattern(line: string): number {
  const t = line.trim();
  if (!t || t.length > 40 || /[。；;，,！!？?]$/.test(t)) return 0;
  for (const [re, level] of HEADING_PATTERNS) if (re.test(t)) return level;
  return 0;
}

/** A line that starts a list item or a numbered clause (• …, 1. …, (2) …, 一、…, （三）…, 第五条 …). */
export const LIST_START = /^(?:[•●▪◦○■□◆◇➢►✓·*\-–]\s|\(?\d{1,3}[.)](?:\s|(?=[\p{Script=Han}]))|\d{1,3}、|[（(][一二三四五六七八九十\d]{1,3}[)）]|[一二三四五六七八九十]{1,3}、|第[一二三四五六七八九十百零〇\d]+条)/u;

export function endsSentence(text: string): boolean {
  return /[。！？!?；;：:.…”"』」)]$/.test(text.trim());
}

/**
 * Plain text (TXT, OCR output) to blocks: paragraphs are separated by blank lines; when the
 * text has (almost) none, every line is a paragraph. Short standalone lines that look like
 * section headings become headings.
 */
export function textToBlocks(text: string, page: number | null): ParsedBlock[] {
  const lines = text.replace(/^\s*\n|\n\s*$/g, '').split('\n').map(tidyLine);
  const nonEmpty = lines.filter(Boolean).length;
  const blank = lines.length - nonEmpty;
  const linePerParagraph = nonEmpty > 3 && blank < nonEmpty * 0.1;
  const blocks: ParsedBlock[] = [];
  let para = '';
  const flush = () => {
    if (para) blocks.push({ page, level: 0, text: para });
    para = '';
  };
  for (const line of lines) {
    if (!line) {
      flush();
      continue;
    }
    const level = headingLevelByPattern(line);
    if (level) {
      flush();
      blocks.push({ page, level, text: line });
      continue;
    }
    if (linePerParagraph || LIST_START.test(line)) {
      flush();
      para = line;
    } else {
      para = joinLines(para, line);
    }
  }
  flush();
  return blocks;
}

/** First heading, else the first line of text, shortened; null when there is no text. */
export function pickTitle(blocks: ParsedBlock[]): string | null {
  const heading = blocks.find((b) => b.level > 0 && b.text.trim());
  const source = heading?.text ?? blocks.find((b) => b.text.trim())?.text;
  if (!source) return null;
  const line = tidyLine(source.split('\n').find((l) => l.trim()) ?? '');
  if (!line) return null;
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
