/**
 * Cuts a parsed document into retrieval chunks of about `maxChars` characters. A heading starts
 * a new chunk and names the section of what follows ("第一章 总则 / 第三条"); paragraphs are
 * kept whole unless one alone is too long (then it is cut at sentence ends); a chunk never spans
 * two pages.
 */
import type { ParsedDocument } from './types.ts';

export interface DocumentChunk {
  /** 0-based position in the document. */
  ord: number;
  page: number | null;
  /** Heading path of the chunk, e.g. '第一章 总则 / 第三条'; null before the first heading. */
  section: string | null;
  text: string;
}

export interface ChunkOptions {
  /** Target upper bound of a chunk's length in characters (CJK characters count one). Default 600. */
  maxChars?: number;
}

const SENTENCE = /[^。！？!?；;\n]*(?:[。！？!?；;]+[”’」』）)]*|\.(?=\s)|\n|$)/gu;

/** Sentences (with their end marks) of a paragraph. */
function sentences(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SENTENCE)) if (m[0]) out.push(m[0]);
  // The regex leaves English sentences with ". " in one piece; split those too.
  return out.flatMap((s) => s.split(/(?<=[.!?]["')\]]?)\s+(?=[A-Z0-9"'(\p{Script=Han}])/u)).filter((s) => s.length > 0);
}

/** Cuts text at the last space or comma before `max`, else at `max`. */
function hardCut(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let at = -1;
    for (let i = max; i > max * 0.6; i--) {
      if (/[\s,，、:：]/.test(rest[i - 1]!)) {
        at = i;
        break;
      }
    }
    if (at < 0) at = max;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  if (rest) out.push(rest);
  return out;
}

/** A paragraph longer than `max`, in pieces of at most `max` made of whole sentences where possible. */
export function splitParagraph(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let cur = '';
  for (const s of sentences(text)) {
    const parts = s.length > max ? hardCut(s, max) : [s];
    for (const part of parts) {
      if (cur && cur.length + part.length > max) {
        pieces.push(cur);
        cur = '';
      }
      cur += part;
    }
  }
  if (cur) pieces.push(cur);
  return pieces.map((p) => p.trim()).filter(Boolean);
}

export function chunkDocument(doc: ParsedDocument, opts: ChunkOptions = {}): DocumentChunk[] {
  const max = Math.max(50, opts.maxChars ?? 600);
  const raw: (Omit<DocumentChunk, 'ord'> & { headingOnly: boolean })[] = [];
  const path: { level: number; text: string }[] = [];
  const sectionOf = () => (path.length ? path.map((h) => h.text).join(' / ') : null);

  let parts: string[] = [];
  let length = 0;
  let page: number | null = null;
  let section: string | null = null;
  let hasBody = false;
  const flush = () => {
    const text = parts.join('\n').trim();
    if (text) raw.push({ page, section, text, headingOnly: !hasBody });
    parts = [];
    length = 0;
    hasBody = false;
  };
  const add = (text: string) => {
    parts.push(text);
    length += text.length + (parts.length > 1 ? 1 : 0);
  };

  for (const block of doc.blocks) {
    const text = block.text.trim();
    if (!text) continue;
    if (parts.length && block.page !== page) flush();
    if (!parts.length) {
      page = block.page;
      section = sectionOf();
    }
    if (block.level > 0) {
      while (path.length && path[path.length - 1]!.level >= block.level) path.pop();
      path.push({ level: block.level, text: text.replace(/\s+/g, ' ').slice(0, 200) });
      // Consecutive headings (第一章 then 第一条) share one chunk; after body text a heading starts a new one.
      if (hasBody || length + text.length + 1 > max) flush();
      if (!parts.length) page = block.page;
      section = sectionOf();
      add(text);
      continue;
    }
    for (const piece of splitParagraph(text, max)) {
      if (parts.length && length + piece.length + 1 > max) {
        flush();
        page = block.page;
        section = sectionOf();
      }
      add(piece);
      hasBody = true;
    }
  }
  flush();

  // A chunk of headings alone is dropped when the next chunk carries them in its section.
  const kept = raw.filter((c, i) => {
    if (!c.headingOnly) return true;
    const next = raw[i + 1];
    return !(next && c.section && next.section && next.section.startsWith(c.section));
  });
  return kept.map((c, ord) => ({ ord, page: c.page, section: c.section, text: c.text }));
}

/** The text to index for a chunk: its section path and its text. */
export function chunkSearchText(chunk: Pick<DocumentChunk, 'section' | 'text'>): string {
  return chunk.section ? `${chunk.section}\n${chunk.text}` : chunk.text;
}
