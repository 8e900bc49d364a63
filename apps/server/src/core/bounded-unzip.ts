import { inflateRawSync } from 'node:zlib';

/** What reading an untrusted archive may cost. */
export interface UnzipLimits {
  /** Bytes one file may inflate to. */
  maxEntryBytes: number;
  /** Bytes all the files read so far may inflate to together. */
  maxTotalBytes: number;
  /** Files the central directory may list (default 10,000). */
  maxEntries?: number;
}

/** The archive is not a ZIP file this reader can open (damaged, encrypted, an unknown compression). */
export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

/** Reading on would pass a limit: the archive is, or behaves like, a zip bomb. */
export class ZipLimitError extends Error {
  constructor(
    message: string,
    public readonly entry: string | null,
  ) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

/**
 * A ZIP archive (PKWARE APPNOTE 6.3, ZIP64 included) read from memory with a byte budget: each
 * file is inflated only when read, and inflation stops as soon as it passes the file's limit or
 * what is left of the archive's, whatever sizes the headers claim. Sizes in the central directory
 * are used to refuse early, never trusted to allow.
 */
export class BoundedZip {
  private readonly entries = new Map<string, Entry>();
  private inflatedBytes = 0;

  private constructor(
    private readonly buf: Buffer,
    private readonly limits: UnzipLimits,
  ) {}

  /** Reads the central directory; throws ZipFormatError or ZipLimitError (too many files). */
  static open(buf: Buffer, limits: UnzipLimits): BoundedZip {
    const zip = new BoundedZip(buf, limits);
    zip.readDirectory();
    return zip;
  }

  /** File names (folders left out), in directory order. */
  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Bytes inflated by the reads so far. */
  get inflated(): number {
    return this.inflatedBytes;
  }

  /** The file's bytes; throws ZipLimitError when they pass a limit, ZipFormatError when damaged or absent. */
  read(name: string): Buffer {
    const e = this.entries.get(name);
    if (!e) throw new ZipFormatError(`no file ${name} in the archive`);
    if (e.flags & 1) throw new ZipFormatError(`${name} is encrypted`);
    const budget = Math.min(this.limits.maxEntryBytes, this.limits.maxTotalBytes - this.inflatedBytes);
    const tooLarge = () => new ZipLimitError(`${name} inflates past the limit (${budget} bytes left)`, name);
    if (e.declaredSize > budget) throw tooLarge();
    const data = this.bodyOf(e);
    let out: Buffer;
    if (e.method === 0) {
      if (data.length > budget) throw tooLarge();
      out = data;
    } else if (e.method === 8) {
      if (budget <= 0) throw tooLarge();
      try {
        out = inflateRawSync(data, { maxOutputLength: budget });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw new ZipFormatError(`${name} cannot be inflated: ${(err as Error).message}`);
      }
    } else {
      throw new ZipFormatError(`${name} uses compression method ${e.method}`);
    }
    this.inflatedBytes += out.length;
    return out;
  }

  private bodyOf(e: Entry): Buffer {
    const buf = this.buf;
    const at = e.localOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw new ZipFormatError(`${e.name}: no local header at ${at}`);
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const end = start + e.compressedSize;
    if (end > buf.length) throw new ZipFormatError(`${e.name}: data runs past the end of the archive`);
    return buf.subarray(start, end);
  }

  private readDirectory() {
    const buf = this.buf;
    const eocd = findEndRecord(buf);
    let count = buf.readUInt16LE(eocd + 10);
    let size = buf.readUInt32LE(eocd + 12);
    let offset = buf.readUInt32LE(eocd + 16);
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const locator = eocd - 20;
      if (locator < 0 || buf.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new ZipFormatError('ZIP64 end record locator missing');
      const record = safeNumber(buf.readBigUInt64LE(locator + 8));
      if (record + 56 > buf.length || buf.readUInt32LE(record) !== ZIP64_EOCD) throw new ZipFormatError('ZIP64 end record missing');
      count = safeNumber(buf.readBigUInt64LE(record + 32));
      size = safeNumber(buf.readBigUInt64LE(record + 40));
      offset = safeNumber(buf.readBigUInt64LE(record + 48));
    }
    const maxEntries = this.limits.maxEntries ?? 10_000;
    if (count > maxEntries) throw new ZipLimitError(`the archive lists ${count} files (at most ${maxEntries})`, null);
    if (offset + size > buf.length) throw new ZipFormatError('central directory runs past the end of the archive');
    let at = offset;
    for (let i = 0; i < count; i++) {
      if (at + 46 > offset + size || buf.readUInt32LE(at) !== CENTRAL) throw new ZipFormatError(`central directory entry ${i} is damaged`);
      const flags = buf.readUInt16LE(at + 8);
      const nameLength = buf.readUInt16LE(at + 28);
      const extraLength = buf.readUInt16LE(at + 30);
      const commentLength = buf.readUInt16LE(at + 32);
      const next = at + 46 + nameLength + extraLength + commentLength;
      if (next > offset + size) throw new ZipFormatError(`central directory entry ${i} runs past the directory`);
      const nameBytes = buf.subarray(at + 46, at + 46 + nameLength);
      const entry: Entry = {
        // UTF-8 whether flagged or not, as JSZip (and so mammoth) reads names.
        name: nameBytes.toString('utf8'),
        flags,
        method: buf.readUInt16LE(at + 10),
        compressedSize: buf.readUInt32LE(at + 20),
        declaredSize: buf.readUInt32LE(at + 24),
        localOffset: buf.readUInt32LE(at + 42),
      };
      readZip64Extra(buf.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
      if (!entry.name.endsWith('/')) this.entries.set(entry.name, entry);
      at = next;
    }
  }
}

function safeNumber(n: bigint): number {
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('a ZIP64 size is out of range');
  return Number(n);
}

/** The end of central directory record: the last signature within the comment's reach that leaves room for its fields. */
function findEndRecord(buf: Buffer): number {
  const lowest = Math.max(0, buf.length - 22 - MAX_COMMENT);
  for (let at = buf.length - 22; at >= lowest; at--) {
    if (buf.readUInt32LE(at) === EOCD) return at;
  }
  throw new ZipFormatError('not a ZIP archive (no end of central directory record)');
}

/** ZIP64 extended information (extra field 0x0001): the 64-bit values of the fields saturated at 0xffffffff, in this order. */
function readZip64Extra(extra: Buffer, e: Entry) {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    const end = Math.min(extra.length, at + 4 + length);
    if (id === 0x0001) {
      let p = at + 4;
      const take = () => {
        if (p + 8 > end) throw new ZipFormatError(`${e.name}: ZIP64 extra field too short`);
        const v = safeNumber(extra.readBigUInt64LE(p));
        p += 8;
        return v;
      };
      if (e.declaredSize === 0xffffffff) e.declaredSize = take();
      if (e.compressedSize === 0xffffffff) e.compressedSize = take();
      if (e.localOffset === 0xffffffff) e.localOffset = take();
      return;
    }
    at = end;
  }
}
