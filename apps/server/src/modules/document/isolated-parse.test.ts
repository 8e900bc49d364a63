import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanParseTmp, OUT_OF_MEMORY, ParseProcessFailed, parseIsolated } from './isolated-parse.ts';
import { makeRepeatedDocx } from './parse/test-fixtures.ts';
import { ParseError } from './parse/types.ts';

const root = mkdtempSync(join(tmpdir(), 'parse-tmp-test-'));
const tmpDir = join(root, 'tmp');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const opts = () => ({ tmpDir, ocrCacheDir: join(root, 'ocr'), signal: new AbortController().signal, timeoutMs: 60_000 });
const leftovers = () => readdirSync(tmpDir).filter((n) => n.startsWith('parse-'));

describe('parse temp copies in DATA_DIR/tmp', () => {
  it('are removed after a successful parse and after a failed one', async () => {
    const ok = await parseIsolated(Buffer.from('第一段文字。\n\n第二段文字。'), 'txt', opts());
    expect(ok.chunks.length).toBeGreaterThan(0);
    expect(leftovers()).toEqual([]);
    await expect(parseIsolated(Buffer.from('%PDF-1.7 not really a pdf'), 'pdf', opts())).rejects.toThrow();
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('are removed when aborted', async () => {
    const controller = new AbortController();
    const p = parseIsolated(Buffer.from('一些文字'), 'txt', { ...opts(), signal: controller.signal });
    controller.abort();
    await expect(p).rejects.toThrow();
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('left by a dead process are swept at start, but not a live parse of another instance', async () => {
    const stale = join(tmpDir, 'parse-dead0001.pdf');
    const live = join(tmpDir, 'parse-live0001.pdf');
    writeFileSync(stale, 'x');
    writeFileSync(live, 'y');
    writeFileSync(join(tmpDir, 'other.txt'), 'z');
    const old = new Date(Date.now() - 3600_000);
    utimesSync(stale, old, old);
    expect(await cleanParseTmp(tmpDir, 11 * 60_000)).toBe(1);
    expect(leftovers()).toEqual(['parse-live0001.pdf']);
    expect(readdirSync(tmpDir)).toContain('other.txt');
  });
});

describe('a parse process that fails on its file', () => {
  const ownTmp = join(root, 'failing');
  const failing = () => ({ ...opts(), tmpDir: ownTmp });
  it('is stopped at its heap ceiling and the file is told too big or too complex', async () => {
    // 6 MB of tiny paragraphs: under the DOCX limits, but mammoth needs ~350 MB of heap for it.
    const heavy = await makeRepeatedDocx(72_000);
    const e = await parseIsolated(heavy, 'docx', { ...failing(), heapMb: 96 }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ParseError);
    expect(e).toMatchObject({ message: OUT_OF_MEMORY, reason: 'too_large' });
    expect(readdirSync(ownTmp)).toEqual([]);
  }, 60_000);

  it('that exits with an error is reported as the file having failed, not as a reason to try again', async () => {
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = `${saved ?? ''} --require ${join(root, 'no-such-preload.cjs')}`;
    try {
      const e = await parseIsolated(Buffer.from('一些文字'), 'txt', failing()).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(ParseProcessFailed);
      expect((e as Error).message).toContain('Cannot find module');
    } finally {
      if (saved === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = saved;
    }
    expect(readdirSync(ownTmp)).toEqual([]);
  }, 60_000);
});
