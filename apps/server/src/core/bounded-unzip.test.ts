import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BoundedZip, ZipFormatError, ZipLimitError } from './bounded-unzip.ts';
import { zip } from './zip.ts';

const MB = 1 << 20;
const limits = { maxEntryBytes: MB, maxTotalBytes: 2 * MB };

/** Offsets of every header signature `sig` in the archive. */
function offsetsOf(buf: Buffer, sig: number): number[] {
  const out: number[] = [];
  for (let at = buf.indexOf(Buffer.from([0x50, 0x4b])); at >= 0; at = buf.indexOf(Buffer.from([0x50, 0x4b]), at + 1)) {
    if (at + 4 <= buf.length && buf.readUInt32LE(at) === sig) out.push(at);
  }
  return out;
}

/** Writes `size` as the inflated size of every file, in the local headers and the central directory (a lying archive). */
function claimSize(archive: Buffer, size: number): Buffer {
  const out = Buffer.from(archive);
  for (const at of offsetsOf(out, 0x04034b50)) out.writeUInt32LE(size, at + 22);
  for (const at of offsetsOf(out, 0x02014b50)) out.writeUInt32LE(size, at + 24);
  return out;
}

describe('BoundedZip', () => {
  it('reads the files of an ordinary archive, stored and deflated, with UTF-8 names', () => {
    const archive = zip([
      { name: 'word/document.xml', data: '<w:document>正文</w:document>'.repeat(50) },
      { name: '图片/a.bin', data: Buffer.from([1, 2, 3]) },
    ]);
    const z = BoundedZip.open(archive, limits);
    expect(z.names()).toEqual(['word/document.xml', '图片/a.bin']);
    expect(z.has('word/document.xml')).toBe(true);
    expect(z.has('missing.xml')).toBe(false);
    expect(z.read('word/document.xml').toString('utf8')).toBe('<w:document>正文</w:document>'.repeat(50));
    expect([...z.read('图片/a.bin')]).toEqual([1, 2, 3]);
    expect(z.inflated).toBe(Buffer.byteLength('<w:document>正文</w:document>'.repeat(50)) + 3);
    expect(() => z.read('missing.xml')).toThrow(ZipFormatError);
  });

  it('stops inflating a bomb at the limit although its headers claim it is small', () => {
    // 64 MB of one byte, ~64 KB deflated; the headers say 100 bytes.
    const bomb = claimSize(zip([{ name: 'word/document.xml', data: Buffer.alloc(64 * MB, 0x41) }]), 100);
    expect(bomb.length).toBeLessThan(200_000);
    const z = BoundedZip.open(bomb, limits);
    const e = (() => {
      try {
        z.read('word/document.xml');
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(ZipLimitError);
    expect((e as ZipLimitError).entry).toBe('word/document.xml');
    expect(z.inflated).toBe(0);
  });

  it('refuses a file whose declared size is over the limit without inflating it', () => {
    const archive = claimSize(zip([{ name: 'a.xml', data: 'small' }]), 5 * MB);
    expect(() => BoundedZip.open(archive, limits).read('a.xml')).toThrow(ZipLimitError);
  });

  it('holds the whole archive to its total: files each under the limit, together over it', () => {
    const piece = Buffer.alloc(900 * 1024, 0x42);
    const z = BoundedZip.open(zip([1, 2, 3].map((n) => ({ name: `part${n}.xml`, data: piece }))), limits);
    expect(z.read('part1.xml').length).toBe(piece.length);
    expect(z.read('part2.xml').length).toBe(piece.length);
    expect(() => z.read('part3.xml')).toThrow(ZipLimitError);
    // Reading one file again costs again: many directory entries pointing at one body cannot multiply it for free.
    expect(() => z.read('part1.xml')).toThrow(ZipLimitError);
  });

  it('counts stored files against the limits too', () => {
    // Random bytes do not deflate, so zip() stores them.
    const noise = randomBytes(MB + 10);
    const archive = zip([{ name: 'noise.bin', data: noise }]);
    expect(archive.readUInt16LE(8)).toBe(0);
    expect(() => BoundedZip.open(claimSize(archive, 10), limits).read('noise.bin')).toThrow(ZipLimitError);
  });

  it('refuses a directory listing more files than allowed', () => {
    const archive = zip(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    expect(() => BoundedZip.open(archive, { ...limits, maxEntries: 20 })).toThrow(ZipLimitError);
    expect(BoundedZip.open(archive, { ...limits, maxEntries: 30 }).names()).toHaveLength(30);
  });

  it('refuses what is not a readable archive', () => {
    expect(() => BoundedZip.open(Buffer.from('PK\u0003\u0004 not really a zip'), limits)).toThrow(ZipFormatError);
    expect(() => BoundedZip.open(Buffer.alloc(0), limits)).toThrow(ZipFormatError);
    const good = zip([{ name: 'a.xml', data: 'hello '.repeat(100) }]);
    // A central directory that points past the end.
    const far = Buffer.from(good);
    far.writeUInt32LE(good.length + 100, far.length - 6);
    expect(() => BoundedZip.open(far, limits)).toThrow(ZipFormatError);
    // Damaged deflate data.
    const damaged = Buffer.from(good);
    const [local] = offsetsOf(damaged, 0x04034b50);
    damaged.fill(0xff, local! + 30 + 5, local! + 30 + 20);
    expect(() => BoundedZip.open(damaged, limits).read('a.xml')).toThrow(ZipFormatError);
    // An unknown compression method.
    const method = Buffer.from(good);
    method.writeUInt16LE(12, offsetsOf(method, 0x02014b50)[0]! + 10);
    expect(() => BoundedZip.open(method, limits).read('a.xml')).toThrow(ZipFormatError);
  });

  it('reads a ZIP64 archive (sizes and offsets in the extra field, a ZIP64 end record)', () => {
    const name = Buffer.from('big.xml');
    const raw = Buffer.from('zip64 '.repeat(200));
    const body = deflateRawSync(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(45, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(name.length, 26);
    const extra = Buffer.alloc(4 + 24);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(raw.length), 4);
    extra.writeBigUInt64LE(BigInt(body.length), 12);
    extra.writeBigUInt64LE(0n, 20);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0xffffffff, 20);
    central.writeUInt32LE(0xffffffff, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(0xffffffff, 42);
    const cdOffset = local.length + name.length + body.length;
    const cd = Buffer.concat([central, name, extra]);
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(1n, 24);
    record.writeBigUInt64LE(1n, 32);
    record.writeBigUInt64LE(BigInt(cd.length), 40);
    record.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cd.length), 8);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(0xffff, 8);
    end.writeUInt16LE(0xffff, 10);
    end.writeUInt32LE(0xffffffff, 12);
    end.writeUInt32LE(0xffffffff, 16);
    const archive = Buffer.concat([local, name, body, cd, record, locator, end]);
    const z = BoundedZip.open(archive, limits);
    expect(z.read('big.xml').toString()).toBe(raw.toString());
    expect(() => BoundedZip.open(archive, { ...limits, maxEntryBytes: 100 }).read('big.xml')).toThrow(ZipLimitError);
  });
});
