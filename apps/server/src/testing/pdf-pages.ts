import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasPdftoppm = spawnSync('pdftoppm', ['-v'], { stdio: 'ignore' }).status === 0;

/**
 * The pages of a PDF rendered small and grey, each with how many grey levels it has (a blank page
 * has one or two). With KEEP_PDF_PAGES set, PNG pages are also written to that folder under
 * `name`, to be looked at.
 */
export function pdfPages(pdf: Buffer, name: string): { page: string; levels: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-pages-'));
  try {
    writeFileSync(join(dir, 'file.pdf'), pdf);
    if (spawnSync('pdftoppm', ['-r', '20', '-gray', join(dir, 'file.pdf'), join(dir, 'page')]).status !== 0) throw new Error('pdftoppm failed');
    const keep = process.env.KEEP_PDF_PAGES;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      spawnSync('pdftoppm', ['-r', '40', '-png', join(dir, 'file.pdf'), join(dir, 'view')]);
      for (const f of readdirSync(dir).filter((f) => f.startsWith('view'))) copyFileSync(join(dir, f), join(keep, `${name}-${f}`));
    }
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort()
      .map((page) => {
        const pgm = readFileSync(join(dir, page));
        // P5 header: magic, width, height, maxval, then one byte per pixel.
        const header = pgm.subarray(0, 40).toString('latin1').split(/\s+/);
        const pixels = pgm.subarray(pgm.length - Number(header[1]) * Number(header[2]));
        return { page, levels: new Set(pixels).size };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
