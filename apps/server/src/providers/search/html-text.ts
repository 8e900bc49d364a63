/** Readable text of an HTML page, for a model's context: no markup, no scripts, whitespace folded. */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ', middot: '·', hellip: '…', mdash: '—', ndash: '–', laquo: '«', raquo: '»', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', copy: '©', reg: '®', trade: '™', times: '×', yen: '¥' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : ' ';
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const DROP = /<(script|style|noscript|template|svg|head|iframe|object|canvas|nav|footer|form|select)\b[\s\S]*?<\/\1\s*>/gi;
const BLOCK = /<\/?(p|div|br|hr|li|ul|ol|h[1-6]|tr|table|section|article|header|main|aside|blockquote|pre|dd|dt|dl|figcaption)\b[^>]*>/gi;

/** The page's <title>, decoded and folded; '' when it has none. */
export function htmlTitle(html: string): string {
  const m = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  return m ? decodeEntities(m[1]!.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim() : '';
}

/** Control characters other than tab and newline become spaces (NUL cannot even be stored). */
function dropControls(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    out += (c < 32 && c !== 9 && c !== 10) || c === 127 ? ' ' : ch;
  }
  return out;
}

export function htmlToText(html: string): string {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(DROP, ' ')
    .replace(BLOCK, '\n')
    .replace(/<[^>]*>/g, ' ');
  return dropControls(decodeEntities(body))
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0\u3000]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** At most `max` characters (code points), cut at a line or sentence end when one is near. */
export function trimText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const at = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf('。'), cut.lastIndexOf('. '));
  return `${at > max * 0.7 ? cut.slice(0, at + 1) : cut}…`;
}

/** The charset of a reply: from Content-Type, else from a <meta> in the first bytes, else UTF-8. */
export function charsetOf(contentType: string | undefined, head: Buffer): string {
  const fromHeader = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head.subarray(0, 2048).toString('latin1'))?.[1];
  return (meta ?? 'utf-8').toLowerCase();
}

export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const charset = charsetOf(contentType, body);
  try {
    return new TextDecoder(charset === 'gb2312' ? 'gbk' : charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
