/**
 * Documents made on the fly for tests and bench/document.ts (uses dev dependencies: pdf-lib;
 * never imported by the server itself).
 */
import { existsSync } from 'node:fs';
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  StandardFonts,
  beginText,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  showText,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

const CJK_FONT_PATHS = [
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/wqy-zenhei/wqy-zenhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
];

/** A font file with Chinese glyphs, or null when none is installed. */
export function findCjkFont(): string | null {
  return CJK_FONT_PATHS.find((p) => existsSync(p)) ?? null;
}

export type PdfPart = { heading: string; level: 1 | 2 } | { paragraph: string };

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A text PDF (standard fonts, Latin text): headings at 20/15 pt bold, paragraphs at 11 pt with
 * blank space between them, a page number at the foot of each page. `pages` lists the parts of
 * each page (nothing flows from one page to the next).
 */
export async function makeTextPdf(pages: PdfPart[][], opts: { footer?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  pages.forEach((parts, i) => {
    const page = doc.addPage([595, 842]);
    const width = 595 - 2 * margin;
    let y = 842 - margin;
    for (const part of parts) {
      if ('heading' in part) {
        const size = part.level === 1 ? 20 : 15;
        y -= size * 1.6;
        page.drawText(part.heading, { x: margin, y, size, font: bold });
        y -= size * 0.6;
      } else {
        for (const line of wrap(part.paragraph, regular, 11, width)) {
          y -= 15;
          page.drawText(line, { x: margin, y, size: 11, font: regular });
        }
        y -= 9;
      }
    }
    if (opts.footer !== false) {
      const label = `Page ${i + 1}`;
      page.drawText(label, { x: 595 / 2 - regular.widthOfTextAtSize(label, 9) / 2, y: 30, size: 9, font: regular });
    }
  });
  return doc.save();
}

/**
 * A PDF whose text layer is Chinese, without any font file: a Type0 font with Identity-H
 * encoding (CID = Unicode code point), a ToUnicode map and no embedded glyphs. Text extraction
 * sees real Chinese text, as it does in PDFs exported from Word.
 */
export async function makeCjkTextPdf(pages: PdfPart[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const toUnicode = ctx.register(
    ctx.stream(
      [
        '/CIDInit /ProcSet findresource begin',
        '12 dict begin',
        'begincmap',
        '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
        '/CMapName /Adobe-Identity-UCS def',
        '/CMapType 2 def',
        '1 begincodespacerange',
        '<0000> <FFFF>',
        'endcodespacerange',
        '1 beginbfrange',
        '<0000> <FFFF> <0000>',
        'endbfrange',
        'endcmap',
        'CMapName currentdict /CMap defineresource pop',
        'end',
        'end',
      ].join('\n'),
    ),
  );
  const descriptor = ctx.register(
    ctx.obj({ Type: 'FontDescriptor', FontName: 'SimSun', Flags: 4, FontBBox: [0, -200, 1000, 800], ItalicAngle: 0, Ascent: 800, Descent: -200, CapHeight: 700, StemV: 80 }),
  );
  const cidFont = ctx.obj({ Type: 'Font', Subtype: 'CIDFontType2', BaseFont: 'SimSun', FontDescriptor: descriptor, DW: 1000, CIDToGIDMap: 'Identity' });
  cidFont.set(PDFName.of('CIDSystemInfo'), ctx.obj({ Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 }));
  const font = ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'SimSun', Encoding: 'Identity-H', DescendantFonts: [ctx.register(cidFont)], ToUnicode: toUnicode }));
  const hex = (s: string) => PDFHexString.of([...s].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join(''));
  const line = (page: PDFPage, text: string, size: number, x: number, y: number) =>
    page.pushOperators(pushGraphicsState(), beginText(), setFontAndSize('F1', size), moveText(x, y), showText(hex(text)), endText(), popGraphicsState());

  for (const parts of pages) {
    const page = doc.addPage([595, 842]);
    page.node.setFontDictionary(PDFName.of('F1'), font);
    let y = 842 - 60;
    for (const part of parts) {
      if ('heading' in part) {
        const size = part.level === 1 ? 18 : 14;
        y -= size * 1.8;
        line(page, part.heading, size, 60, y);
        y -= size * 0.5;
      } else {
        // 40 characters a line at 11 pt, first line indented by two characters.
        const chars = [...part.paragraph];
        let first = true;
        while (chars.length) {
          const n = first ? 38 : 40;
          y -= 16;
          line(page, chars.splice(0, n).join(''), 11, first ? 82 : 60, y);
          first = false;
        }
        y -= 6;
      }
    }
  }
  return doc.save();
}

/**
 * A PDF with Chinese text in a non-embedded font with a predefined CMap (STSong-Light,
 * UniGB-UCS2-H), as some invoice generators write them: readable only with PDF.js's CMap files.
 */
export async function makePredefinedCmapPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const descriptor = ctx.register(
    ctx.obj({ Type: 'FontDescriptor', FontName: 'STSong-Light', Flags: 4, FontBBox: [0, -200, 1000, 800], ItalicAngle: 0, Ascent: 800, Descent: -200, CapHeight: 700, StemV: 80 }),
  );
  const cidFont = ctx.obj({ Type: 'Font', Subtype: 'CIDFontType0', BaseFont: 'STSong-Light', FontDescriptor: descriptor, DW: 1000 });
  cidFont.set(PDFName.of('CIDSystemInfo'), ctx.obj({ Registry: PDFString.of('Adobe'), Ordering: PDFString.of('GB1'), Supplement: 4 }));
  const font = ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'STSong-Light', Encoding: 'UniGB-UCS2-H', DescendantFonts: [ctx.register(cidFont)] }));
  const page = doc.addPage([595, 842]);
  page.node.setFontDictionary(PDFName.of('F1'), font);
  const hex = PDFHexString.of([...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join(''));
  page.pushOperators(pushGraphicsState(), beginText(), setFontAndSize('F1', 12), moveText(60, 760), showText(hex), endText(), popGraphicsState());
  return doc.save();
}

/** A one-page PDF whose only content is a picture (a "scanned" page). */
export async function makeScannedPdf(png: Uint8Array, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const img = await doc.embedPng(png);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    const width = 595 - 60;
    const height = (img.height / img.width) * width;
    page.drawImage(img, { x: 30, y: 842 - 30 - height, width, height });
  }
  return doc.save();
}

/**
 * A PDF encrypted with the standard security handler and a user password: without the
 * password nothing can be read. The O and U entries are random, so no empty password opens it.
 */
export function makeEncryptedPdf(): Uint8Array {
  const hex = (n: number) => Array.from({ length: n }, (_, i) => ((i * 37 + 11) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    '<< /Length 8 >>\nstream\n\x8f\x13\x02\x99\xa0\x11\x42\x07\nendstream',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32).split('').reverse().join('')}> /P -3904 >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<${hex(16)}> <${hex(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A PNG of text lines drawn with the CJK font (black on white), for OCR tests. Returns null
 * when no CJK font is installed.
 */
export async function renderTextPng(lines: string[], opts: { width?: number; fontSize?: number; lineHeight?: number; padding?: number } = {}): Promise<Buffer | null> {
  const fontPath = findCjkFont();
  if (!fontPath) return null;
  const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
  if (!GlobalFonts.has('DocTestCJK')) GlobalFonts.registerFromPath(fontPath, 'DocTestCJK');
  const fontSize = opts.fontSize ?? 28;
  const lineHeight = opts.lineHeight ?? Math.round(fontSize * 1.8);
  const padding = opts.padding ?? 24;
  const width = opts.width ?? 640;
  const height = padding * 2 + lines.length * lineHeight;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111111';
  ctx.font = `${fontSize}px DocTestCJK`;
  ctx.textBaseline = 'middle';
  lines.forEach((line, i) => ctx.fillText(line, padding, padding + i * lineHeight + lineHeight / 2));
  return canvas.encode('png');
}

/** One file of a ZIP archive whose body is already compressed (method 8) or stored (method 0). */
export interface PackedZipEntry {
  name: string;
  method: 0 | 8;
  body: Buffer;
  crc: number;
  size: number;
}

/** A ZIP archive of entries packed beforehand (PKWARE APPNOTE: local headers, central directory, end record). */
export function zipOfPacked(entries: PackedZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.body.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.body.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + e.body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The pieces one after another, deflated as they stream (the whole is never in memory at once). */
export async function deflateStreamed(name: string, pieces: Iterable<Buffer>): Promise<PackedZipEntry> {
  const { createDeflateRaw, crc32 } = await import('node:zlib');
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    crc = crc32(piece, crc);
    size += piece.length;
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { name, method: 8, body: Buffer.concat(out), crc, size };
}

/** `piece` repeated `times` times, in pieces of about 1 MB. */
function* repeated(piece: string, times: number): Generator<Buffer> {
  const perChunk = Math.max(1, Math.floor((1 << 20) / Buffer.byteLength(piece)));
  const chunk = Buffer.from(piece.repeat(perChunk), 'utf8');
  for (let left = times; left > 0; left -= perChunk) yield left >= perChunk ? chunk : Buffer.from(piece.repeat(left), 'utf8');
}

const DOCX_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const DOCX_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/**
 * A DOCX whose word/document.xml is `paragraphs` copies of one paragraph: with many copies, a
 * few hundred KB that inflate to hundreds of MB (a zip bomb). `lie` writes a small inflated size
 * into the headers, as an attacker would.
 */
export async function makeRepeatedDocx(paragraphs: number, opts: { text?: string; lie?: boolean } = {}): Promise<Buffer> {
  const paragraph = `<w:p><w:r><w:t>${opts.text ?? '这是一段重复的文字，用来把文档撑大。'}</w:t></w:r></w:p>`;
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  const document = await deflateStreamed('word/document.xml', [Buffer.from(head), ...repeated(paragraph, paragraphs), Buffer.from('</w:body></w:document>')]);
  if (opts.lie) document.size = 4096;
  const small = (name: string, text: string) => deflateStreamed(name, [Buffer.from(text, 'utf8')]);
  return zipOfPacked([await small('[Content_Types].xml', DOCX_TYPES), await small('_rels/.rels', DOCX_RELS), document]);
}
