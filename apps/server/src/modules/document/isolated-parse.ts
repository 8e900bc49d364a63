import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentChunk } from './parse/chunk.ts';
import { ParseError } from './parse/types.ts';
import { childEntryArgs } from '../../core/child-entry.ts';

export interface ParseOutcome {
  pages: number | null;
  title: string | null;
  ocrPages: number;
  chunks: DocumentChunk[];
  /** jieba terms of each chunk, joined by spaces. */
  terms: string[];
}

let childArgs: string[] | null = null;
/**
 * The parse process's JavaScript heap, in MB: the worst DOCX under its limits (parse/docx.ts)
 * peaks at ~1 GB of RSS with it; past it the process dies (the file's fault) rather than the
 * machine swapping. Buffers (inflated parts, images) are outside it and bounded by the parsers.
 */
export const PARSE_HEAP_MB = 1024;
export const CRASHED = '文件已损坏或格式不正确，无法解析';
export const TIMED_OUT = '文档过大或过于复杂，解析超时';
export const OUT_OF_MEMORY = '文档过大或过于复杂，无法解析';

/**
 * The parse process ran and failed without a reason for the user (an uncaught error, output it
 * could not write). It already had the file, so trying again would fail the same way.
 */
export class ParseProcessFailed extends Error {
  constructor(detail: string) {
    super(`parse process failed: ${detail}`);
    this.name = 'ParseProcessFailed';
  }
}

/**
 * Parses, chunks and segments a file in a child process (see parse-process.ts): a malformed file
 * that crashes a native decoder fails its document instead of the server, and the parse's CPU
 * and memory (OCR holds ~100 MB) stay out of the server process. Throws ParseError for a file
 * that cannot be read, ParseProcessFailed when the child failed on it for another reason; other
 * errors (the child could not start, the copy could not be written) are the caller's to retry.
 */
export async function parseIsolated(
  body: Buffer,
  ext: string,
  o: { tmpDir: string; ocrCacheDir: string; signal: AbortSignal; timeoutMs: number; heapMb?: number },
): Promise<ParseOutcome> {
  await mkdir(o.tmpDir, { recursive: true });
  const base = join(o.tmpDir, `parse-${randomBytes(8).toString('hex')}`);
  const input = `${base}.${ext}`;
  const output = `${base}.json`;
  try {
    await writeFile(input, body);
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; timedOut: boolean; stderr: string }>((resolve, reject) => {
      const args = [`--max-old-space-size=${o.heapMb ?? PARSE_HEAP_MB}`, ...(childArgs ??= childEntryArgs(import.meta.url, 'parse-process')), input, ext, output, o.ocrCacheDir];
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, o.timeoutMs);
      const abort = () => child.kill('SIGKILL');
      o.signal.addEventListener('abort', abort, { once: true });
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        o.signal.removeEventListener('abort', abort);
        resolve({ code, signal, timedOut, stderr });
      });
    });
    o.signal.throwIfAborted();
    if (exit.timedOut) throw new ParseError(TIMED_OUT, 'corrupt');
    if (exit.code === 1) throw new ParseProcessFailed(errorOf(exit.stderr));
    if (exit.code === 0 || exit.code === 2) {
      let result: { ok: boolean; message?: string };
      try {
        result = JSON.parse(await readFile(output, 'utf8'));
      } catch (e) {
        throw new ParseProcessFailed(`its result could not be read: ${(e as Error).message}`);
      }
      if (!result.ok) throw new ParseError(result.message!, 'corrupt');
      return result as unknown as ParseOutcome;
    }
    // V8 reached the heap ceiling and aborted: a file too big or too complex for it.
    if (/heap limit|heap out of memory/i.test(exit.stderr)) throw new ParseError(OUT_OF_MEMORY, 'too_large');
    // Killed by a signal (SIGSEGV in a decoder, the kernel's OOM killer): the file's fault.
    throw new ParseError(CRASHED, 'corrupt');
  } finally {
    await rm(input, { force: true });
    await rm(output, { force: true });
  }
}

/** The error line of a child's stderr (node prints the stack and its version after it), else its last lines. */
function errorOf(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^Node\.js v\d/.test(l));
  return lines.find((l) => /^(\w*Error|Error)\b/.test(l)) ?? lines.slice(-3).join(' | ');
}

/**
 * Removes parse copies left in `tmpDir` by a process that died mid-parse (kill -9, power loss).
 * Only files older than `olderThanMs` go: another instance sharing the directory may be parsing now.
 * Returns how many were removed.
 */
export async function cleanParseTmp(tmpDir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith('parse-')) continue;
    const path = join(tmpDir, name);
    try {
      const s = await stat(path);
      if (!s.isFile() || now - s.mtimeMs < olderThanMs) continue;
      await rm(path, { force: true });
      removed++;
    } catch {
      // Gone already (its parse finished): nothing to do.
    }
  }
  return removed;
}
