/**
 * A tiny reader and writer for the flat XML that WeChat pushes and expects back:
 * `<xml><Name><![CDATA[value]]></Name><Other>text</Other></xml>`.
 * No DTDs, no entity expansion beyond the five predefined ones, no attributes kept.
 */

/** Pushes are a few hundred bytes; anything far larger is not from WeChat. */
const MAX_XML_LENGTH = 64 * 1024;
/** Nesting beyond this is junk; the limit keeps hostile input from exhausting the stack. */
const MAX_DEPTH = 8;
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*/;
const WHOLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Reads the direct children of the `<xml>` root into a map of name -> text.
 * Children that themselves contain elements are skipped. Returns null for anything malformed.
 */
export function readFlatXml(xml: string): Map<string, string> | null {
  if (typeof xml !== 'string' || xml.length > MAX_XML_LENGTH) return null;
  try {
    return new Reader(xml).readRoot();
  } catch {
    return null;
  }
}

/** Wraps text in CDATA; a `]]>` inside is split across two sections so it cannot end the first early. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** Builds `<xml>` with the given children in order; strings become CDATA, numbers plain text. */
export function writeFlatXml(fields: ReadonlyArray<readonly [name: string, value: string | number]>): string {
  const body = fields
    .map(([name, value]) => {
      if (!WHOLE_NAME.test(name)) throw new Error(`Bad XML element name: ${name}`);
      if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`Bad XML number for ${name}`);
      const content = typeof value === 'number' ? String(Math.trunc(value)) : cdata(value);
      return `<${name}>${content}</${name}>`;
    })
    .join('');
  return `<xml>${body}</xml>`;
}

class Malformed extends Error {}

class Reader {
  private pos = 0;

  constructor(private readonly src: string) {}

  readRoot(): Map<string, string> {
    if (this.src.startsWith('\uFEFF')) this.pos = 1;
    this.skipMisc();
    if (this.src.startsWith('<?xml', this.pos)) this.skipPast('?>');
    this.skipMisc();
    const root = this.openTag();
    if (root.name !== 'xml') throw new Malformed();
    const fields = new Map<string, string>();
    if (!root.selfClosing) {
      for (;;) {
        this.skipMisc();
        if (this.src.startsWith('</', this.pos)) break;
        const tag = this.openTag();
        const value = tag.selfClosing ? '' : this.readContent(tag.name, 1);
        if (value !== null && !fields.has(tag.name)) fields.set(tag.name, value);
      }
      this.closeTag('xml');
    }
    this.skipMisc();
    if (this.pos !== this.src.length) throw new Malformed();
    return fields;
  }

  /** Text and CDATA up to the matching close tag; null when the element has child elements. */
  private readContent(name: string, depth: number): string | null {
    if (depth > MAX_DEPTH) throw new Malformed();
    let text = '';
    let nested = false;
    for (;;) {
      if (this.pos >= this.src.length) throw new Malformed();
      if (this.src.startsWith('<![CDATA[', this.pos)) {
        const end = this.indexOrFail(']]>', this.pos + 9);
        text += this.src.slice(this.pos + 9, end);
        this.pos = end + 3;
      } else if (this.src.startsWith('<!--', this.pos)) {
        this.skipPast('-->');
      } else if (this.src.startsWith('</', this.pos)) {
        this.closeTag(name);
        return nested ? null : text;
      } else if (this.src[this.pos] === '<') {
        const child = this.openTag();
        if (!child.selfClosing) this.readContent(child.name, depth + 1);
        nested = true;
      } else {
        const next = this.src.indexOf('<', this.pos);
        const end = next === -1 ? this.src.length : next;
        text += decodeEntities(this.src.slice(this.pos, end));
        this.pos = end;
      }
    }
  }

  private openTag(): { name: string; selfClosing: boolean } {
    if (this.src[this.pos] !== '<') throw new Malformed();
    const match = NAME.exec(this.src.slice(this.pos + 1, this.pos + 257));
    if (!match) throw new Malformed();
    const end = this.indexOrFail('>', this.pos);
    const rest = this.src.slice(this.pos + 1 + match[0].length, end);
    // Attributes are ignored, but the tag must end right after the name or a space.
    if (rest !== '' && rest !== '/' && !/^\s/.test(rest)) throw new Malformed();
    this.pos = end + 1;
    return { name: match[0], selfClosing: rest.endsWith('/') };
  }

  private closeTag(name: string) {
    const expected = `</${name}`;
    if (!this.src.startsWith(expected, this.pos)) throw new Malformed();
    this.pos += expected.length;
    this.skipWhitespace();
    if (this.src[this.pos] !== '>') throw new Malformed();
    this.pos += 1;
  }

  /** Whitespace and comments between elements. Doctypes are refused outright. */
  private skipMisc() {
    for (;;) {
      this.skipWhitespace();
      if (this.src.startsWith('<!--', this.pos)) this.skipPast('-->');
      else if (this.src.startsWith('<!', this.pos) && !this.src.startsWith('<![CDATA[', this.pos)) throw new Malformed();
      else return;
    }
  }

  private skipWhitespace() {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos += 1;
  }

  private skipPast(marker: string) {
    this.pos = this.indexOrFail(marker, this.pos) + marker.length;
  }

  private indexOrFail(marker: string, from: number): number {
    const i = this.src.indexOf(marker, from);
    if (i === -1) throw new Malformed();
    return i;
  }
}

function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
}
