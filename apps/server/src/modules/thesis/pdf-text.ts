import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PageText } from './toc-pages.ts';

const run = promisify(execFile);

let available: boolean | undefined;
/** Whether poppler's pdftotext is installed (looked up once). */
export const hasPdftotext = () => (available ??= spawnSync('pdftotext', ['-v'], { stdio: 'ignore', timeout: 10_000 }).status === 0);

/** A page's footer number: its last line when that is a page number (Arabic or Roman). */
const labelOf = (text: string) => {
  const last = text.trimEnd().split('\n').at(-1)?.trim() ?? '';
  return /^(\d+|[ivxlcdm]+|[IVXLCDM]+)$/.test(last) ? last : null;
};

/** The text of each page of a PDF (pdftotext, laid out), with the number its footer shows. */
export async function pdfPageTexts(pdf: Buffer): Promise<PageText[]> {
  const dir = await mkdtemp(join(tmpdir(), 'thesis-pdf-'));
  try {
    await writeFile(join(dir, 'file.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'file.pdf'), '-'], { timeout: 30_000, maxBuffer: 64 * 1024 * 1024 });
    const pages = stdout.split('\f');
    if (pages.at(-1)?.trim() === '') pages.pop();
    return pages.map((text) => ({ label: labelOf(text), text }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
