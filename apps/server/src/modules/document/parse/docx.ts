/**
 * DOCX through mammoth: converted to its plain HTML, then headings h1-h6 become levels and
 * paragraphs, list items and table rows become body blocks (a row's cells joined by " | ").
 * The archive is read by core/bounded-unzip, so a zip bomb stops inflating at DOCX_LIMITS.
 */
import mammoth from 'mammoth';
import { BoundedZip, ZipLimitError, type UnzipLimits } from '../../../core/bounded-unzip.ts';
import { stripControls, tidyLine } from './text.ts';
import { MESSAGES, ParseError, type ParsedBlock } from './types.ts';

/** Word's built-in and common Chinese style names that mammoth's default map does not cover. */
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='标题'] => h1:fresh",
  ...[1, 2, 3, 4, 5, 6].flatMap((n) => [`p[style-name='标题 ${n}'] => h${n}:fresh`, `p[style-name='heading ${n}'] => h${n}:fresh`]),
];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/**
 * What a DOCX may inflate to. mammoth takes ~1 s and holds ~35 MB (ordinary paragraphs) to
 * ~60 MB (tiny ones) per MB of word/document.xml, so the part limit keeps a real document (a
 * 1,500-page text is ~15 MB) and the worst file under it inside the parse process's heap
 * (isolated-parse.ts); images are never inflated (they are not converted).
 */
export const DOCX_LIMITS: UnzipLimits = { maxEntryBytes: 16 << 20, maxTotalBytes: 32 << 20, maxEntries: 10_000 };
/** Characters of text kept from one DOCX (about 1,500 pages); the rest is dropped. */
export const DOCX_MAX_TEXT = 3_000_000;

/** Blocks from the small, well-formed HTML mammoth writes; at most `maxChars` characters of text. */
export function htmlToBlocks(html: string, maxChars = Infinity): ParsedBlock[] {
  const blocks: ParsedBlock[] = [];
  let kept = 0;
  const keep = (block: ParsedBlock) => {
    if (kept >= maxChars) return;
    const text = kept + block.text.length > maxChars ? block.text.slice(0, maxChars - kept).replace(/[\uD800-\uDBFF]$/, '') : block.text;
    kept += text.length;
    blocks.push({ ...block, text });
  };
  let text = '';
  let level = 0;
  let tableDepth = 0;
  let row: string[] | null = null;
  let cell: string | null = null;
  const flush = () => {
    const t = text
      .split('\n')
      .map(tidyLine)
      .filter(Boolean)
      .join('\n');
    if (t) keep({ page: null, level, text: t });
    text = '';
    level = 0;
  };
  const append = (s: string) => {
    if (cell !== null) cell += s;
    else text += s;
  };
  const re = /<(\/?)([a-zA-Z0-9]+)[^>]*?(\/?)>|([^<]+)/g;
  for (let m = re.exec(html); m && kept < maxChars; m = re.exec(html)) {
    if (m[4] !== undefined) {
      append(stripControls(decodeEntities(m[4])));
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (tag === 'br') {
      append('\n');
      continue;
    }
    if (tag === 'table') {
      if (!closing && tableDepth === 0) flush();
      tableDepth += closing ? -1 : 1;
      if (tableDepth < 0) tableDepth = 0;
      continue;
    }
    if (tableDepth > 0) {
      if (tableDepth > 1) {
        // A table inside a cell: its text stays in the outer cell.
        if (tag === 'td' || tag === 'th' || tag === 'p') append(' ');
        continue;
      }
      if (tag === 'tr') {
        if (!closing) row = [];
        else if (row) {
          const t = row.filter(Boolean).join(' | ');
          if (t) keep({ page: null, level: 0, text: t });
          row = null;
        }
      } else if (tag === 'td' || tag === 'th') {
        if (!closing) cell = '';
        else if (cell !== null) {
          row?.push(tidyLine(cell.replace(/\n/g, ' ')));
          cell = null;
        }
      } else if (tag === 'p' || tag === 'li') {
        if (!closing) append(' ');
      }
      continue;
    }
    const heading = /^h([1-6])$/.exec(tag);
    if (heading || tag === 'p' || tag === 'li' || tag === 'ul' || tag === 'ol' || tag === 'blockquote' || tag === 'pre' || tag === 'div') {
      flush();
      if (heading && !closing) level = Number(heading[1]);
    }
  }
  flush();
  return blocks;
}

function isCompoundFile(body: Buffer) {
  return body.length >= 8 && body.readUInt32BE(0) === 0xd0cf11e0 && body.readUInt32BE(4) === 0xa1b11ae1;
}

export async function parseDocx(body: Buffer): Promise<ParsedBlock[]> {
  if (isCompoundFile(body)) {
    // An OLE container: an encrypted OOXML file (its streams are named in UTF-16) or an old .doc.
    const encrypted = body.includes(Buffer.from('EncryptionInfo', 'utf16le')) || body.includes(Buffer.from('EncryptedPackage', 'utf16le'));
    throw encrypted ? new ParseError(MESSAGES.encrypted, 'encrypted') : new ParseError(MESSAGES.oldDoc, 'unsupported');
  }
  let html: string;
  const limitPassed: ZipLimitError[] = [];
  try {
    const zip = BoundedZip.open(body, DOCX_LIMITS);
    const result = await mammoth.convertToHtml(
      { file: mammothFile(zip, limitPassed) } as unknown as { buffer: Buffer },
      { styleMap: STYLE_MAP, convertImage: mammoth.images.imgElement(async () => ({ src: '' })), externalFileAccess: false },
    );
    html = result.value;
  } catch (e) {
    if (e instanceof ZipLimitError || limitPassed.length) throw new ParseError(MESSAGES.tooLarge, 'too_large');
    throw new ParseError(MESSAGES.corrupt, 'corrupt');
  }
  if (limitPassed.length) throw new ParseError(MESSAGES.tooLarge, 'too_large');
  return htmlToBlocks(html, DOCX_MAX_TEXT);
}

/**
 * The archive as mammoth's unzip layer reads it (lib/unzip.js takes `{ file }` in place of
 * `{ buffer }`, the shape of its lib/zipfile.js): each part inflated on demand within the limits.
 * A limit passed is noted as well as thrown, in case mammoth treats a part as optional.
 */
function mammothFile(zip: BoundedZip, limitPassed: ZipLimitError[]) {
  return {
    exists: (name: string) => zip.has(name),
    read: async (name: string, encoding?: string) => {
      let bytes: Buffer;
      try {
        bytes = zip.read(name);
      } catch (e) {
        if (e instanceof ZipLimitError) limitPassed.push(e);
        throw e;
      }
      if (encoding === 'base64') return bytes.toString('base64');
      return encoding ? new TextDecoder(encoding).decode(bytes) : bytes;
    },
    write: () => {
      throw new Error('read only');
    },
    toArrayBuffer: () => {
      throw new Error('read only');
    },
  };
}
