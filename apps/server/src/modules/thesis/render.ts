import { createHash } from 'node:crypto';
import { Code } from '@app/shared';
import { AppError } from '../../core/errors.ts';
import { officeCommand, OfficeBusyError, officeToPdf } from '../../core/office.ts';
import { buildDocx, headingTexts, type ExportThesis } from './export.ts';
import { hasPdftotext, pdfPageTexts } from './pdf-text.ts';
import { estimatedDocx } from './estimate.ts';
import { headingLabels, knownPageNumbers } from './toc-pages.ts';

/** No page numbers known: the references are written clean and blank. */
const noPageNumbers = knownPageNumbers(new Map());

/** Rendered versions kept per process (a full thesis is about 60 KiB of .docx and 300 KiB of PDF). */
const CACHE_MAX = 24;

interface Rendered {
  docx: Buffer;
  /** How the contents' page numbers were found: from LibreOffice's pages, or estimated from the layout. */
  pages: 'rendered' | 'estimated';
  pdf?: Buffer;
}

type Log = { warn: (obj: object, msg: string) => void };

const versionOf = (id: number, t: ExportThesis) => `${id}:${createHash('sha256').update(JSON.stringify({ ...t, texts: [...t.texts] })).digest('hex')}`;

/**
 * The files a thesis downloads as, with the contents' page numbers filled in. Where LibreOffice is
 * installed the .docx is rendered once and each heading is found on its page (pdftotext), then
 * written again with those numbers; without it, the numbers are estimated from docx's own layout
 * (in a child process).
 * Either way the numbers are written clean, so Word does not ask to update fields. Each version
 * (the thesis's id and content) is rendered once: kept in a small cache, and a second download
 * while the first renders waits for the same work.
 */
export class ThesisFiles {
  private cache = new Map<string, Rendered>();
  private running = new Map<string, Promise<Rendered>>();

  constructor(private log: Log) {}

  async docx(id: number, t: ExportThesis): Promise<Buffer> {
    return (await this.rendered(id, t)).docx;
  }

  async pdf(id: number, t: ExportThesis): Promise<Buffer> {
    if (!officeCommand()) throw new AppError(Code.BAD_REQUEST, '服务器未安装 LibreOffice，暂不支持导出 PDF', 400);
    const key = versionOf(id, t);
    const r = await this.rendered(id, t);
    if (r.pdf) return r.pdf;
    const pdf = await officeToPdf(r.docx, 'docx').catch((err: unknown) => {
      if (err instanceof OfficeBusyError) throw new AppError(Code.RATE_LIMITED, '导出繁忙，请稍后再试', 429);
      this.log.warn({ err, thesisId: id }, 'thesis: PDF conversion failed');
      throw new AppError(Code.SERVER_ERROR, 'PDF 生成失败，请稍后再试', 500);
    });
    if (this.cache.get(key) === r) r.pdf = pdf;
    return pdf;
  }

  private rendered(id: number, t: ExportThesis): Promise<Rendered> {
    const key = versionOf(id, t);
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return Promise.resolve(hit);
    }
    let run = this.running.get(key);
    if (!run) {
      run = this.render(id, t)
        .then((r) => {
          this.cache.set(key, r);
          while (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
          return r;
        })
        .finally(() => this.running.delete(key));
      this.running.set(key, run);
    }
    return run;
  }

  private async render(id: number, t: ExportThesis): Promise<Rendered> {
    if (officeCommand() && hasPdftotext()) {
      try {
        // The body restarts at page 1 after the contents, so the contents' own length does not move it: one rendering finds every page.
        const draft = await officeToPdf(await buildDocx(t), 'docx');
        const headings = headingTexts(t);
        const labels = headingLabels(await pdfPageTexts(draft), headings);
        if (labels.every(Boolean)) return { docx: await buildDocx(t, knownPageNumbers(new Map(headings.map((h, i) => [h, labels[i]!])))), pages: 'rendered' };
        this.log.warn({ thesisId: id, missing: headings.filter((_, i) => !labels[i]) }, 'thesis: headings not found in the rendered pages; page numbers estimated');
      } catch (err) {
        this.log.warn({ err, thesisId: id }, 'thesis: rendering for page numbers failed; page numbers estimated');
      }
    }
    const docx = await estimatedDocx(t).catch(async (err: unknown) => {
      // The estimate could not run: the contents list the headings, without numbers and without asking to update.
      this.log.warn({ err, thesisId: id }, 'thesis: page estimate failed; contents without page numbers');
      return buildDocx(t, noPageNumbers);
    });
    return { docx, pages: 'estimated' };
  }
}
