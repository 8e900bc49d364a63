/** Plain text and Markdown. */
import { joinLines, stripControls, textToBlocks, tidyLine } from './text.ts';
import { MESSAGES, ParseError, type ParsedBlock } from './types.ts';

/**
 * Decodes text files: UTF-8 / UTF-16 LE / UTF-16 BE by their BOM, UTF-16 without a BOM by its
 * zero bytes, otherwise UTF-8 when valid, else GB18030 (a superset of GBK and GB2312).
 */
export function decodeText(body: Buffer): string {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder('utf-8').decode(body.subarray(3));
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body.subarray(2));
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return new TextDecoder('utf-16be').decode(body.subarray(2));
  const sample = body.subarray(0, 4096);
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) zeroOdd++;
    else zeroEven++;
  }
  const half = sample.length / 2;
  if (half >= 4 && zeroOdd > half * 0.3 && zeroEven < half * 0.05) return new TextDecoder('utf-16le').decode(body);
  if (half >= 4 && zeroEven > half * 0.3 && zeroOdd < half * 0.05) return new TextDecoder('utf-16be').decode(body);
  if (zeroEven + zeroOdd > sample.length * 0.01) throw new ParseError(MESSAGES.corrupt, 'corrupt');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('gb18030').decode(body);
  }
}

const normalizeNewlines = (s: string) => s.replace(/\r\n?/g, '\n');

/** Decoded text that is mostly control characters or undecodable bytes is a binary file. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 20_000);
  // eslint-disable-next-line no-control-regex
  const bad = sample.match(/[\u0000-\u0008\u000E-\u001F\u007F\uFFFD]/g)?.length ?? 0;
  return sample.length > 0 && bad > sample.length * 0.02;
}

function decodeDocument(body: Buffer): string {
  const text = decodeText(body);
  if (looksBinary(text)) throw new ParseError(MESSAGES.corrupt, 'corrupt');
  return stripControls(normalizeNewlines(text));
}

export function parseTxt(body: Buffer): ParsedBlock[] {
  return textToBlocks(decodeDocument(body), null);
}

/** Inline Markdown to plain text: links and images to their text, emphasis, code and HTML tags dropped. */
export function stripInlineMarkdown(s: string): string {
  // Escaped characters are parked in the private use area while the markup is removed.
  return s
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, (_, c: string) => String.fromCharCode(0xe000 + c.charCodeAt(0)))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/`+([^`]+)`+/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?=\S)(.+?)(?<=\S)[*_](?![\w*])/g, '$1$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xe000));
}

export function parseMarkdown(body: Buffer): ParsedBlock[] {
  let text = decodeDocument(body);
  // YAML front matter
  text = text.replace(/^---\n[\s\S]*?\n(?:---|\.\.\.)\n/, '');
  const lines = text.split('\n');
  const blocks: ParsedBlock[] = [];
  let para = '';
  const flush = () => {
    const t = para.trim();
    if (t) blocks.push({ page: null, level: 0, text: t });
    para = '';
  };
  let fence: string | null = null;
  let code: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (fence !== null) {
      if (raw.trim().startsWith(fence)) {
        const t = code.join('\n').trim();
        if (t) blocks.push({ page: null, level: 0, text: t });
        fence = null;
        code = [];
      } else {
        code.push(raw.replace(/\s+$/, ''));
      }
      continue;
    }
    const fenceOpen = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (fenceOpen) {
      flush();
      fence = fenceOpen[1]!;
      continue;
    }
    const line = raw.replace(/^\s{0,3}(>\s?)+/, '');
    const trimmed = line.trim();
    if (!trimmed) {
      flush();
      continue;
    }
    const atx = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(trimmed);
    if (atx) {
      flush();
      const t = tidyLine(stripInlineMarkdown(atx[2]!));
      if (t) blocks.push({ page: null, level: atx[1]!.length, text: t });
      continue;
    }
    // Setext heading: a line of text underlined with === or ---.
    const next = lines[i + 1]?.trim() ?? '';
    if (!para && /^(=+|-+)$/.test(next) && next.length >= 2) {
      const t = tidyLine(stripInlineMarkdown(trimmed));
      if (t) blocks.push({ page: null, level: next[0] === '=' ? 1 : 2, text: t });
      i++;
      continue;
    }
    if (/^([-*_])(\s*\1){2,}$/.test(trimmed)) {
      flush();
      continue;
    }
    // Table rows: cells joined by " | "; the separator row is dropped.
    if (/^\|.*\|$/.test(trimmed) || (trimmed.includes('|') && /^[\s|:-]+$/.test(lines[i + 1]?.trim() ?? 'x'))) {
      flush();
      if (/^[\s|:-]+$/.test(trimmed)) continue;
      const cells = trimmed.replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => tidyLine(stripInlineMarkdown(c)));
      const t = cells.filter(Boolean).join(' | ');
      if (t) blocks.push({ page: null, level: 0, text: t });
      continue;
    }
    if (/^[\s|:-]+$/.test(trimmed) && trimmed.includes('|')) continue;
    const item = /^(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(trimmed);
    if (item) {
      flush();
      para = tidyLine(stripInlineMarkdown(item[1]!));
      continue;
    }
    para = joinLines(para, tidyLine(stripInlineMarkdown(trimmed)));
  }
  if (fence !== null && code.length) {
    const t = code.join('\n').trim();
    if (t) blocks.push({ page: null, level: 0, text: t });
  }
  flush();
  return blocks;
}
