/**
 * Offline OCR with tesseract.js: one worker thread, started on first use, reused for every
 * image, stopped after a while without work. Language data comes from the installed
 * @tesseract.js-data packages and the core from tesseract.js-core: nothing is downloaded.
 */
import { copyFileSync, existsSync, lstatSync, mkdirSync, symlinkSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Tesseract from 'tesseract.js';
import { squeezeCjkSpaces, tidyLine } from './text.ts';

const require = createRequire(import.meta.url);

/** LSTM-only integer models: small (chi_sim 1.7 MB, eng 2.9 MB) and the fastest to run. */
const DATA_VERSION = '4.0.0_best_int';
const OEM_LSTM_ONLY = 1;

export interface OcrLine {
  text: string;
  /** 0-100 as tesseract reports it. */
  confidence: number;
  /** The line's box in the image, in pixels. */
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface OcrParagraph {
  lines: OcrLine[];
}

export interface OcrResult {
  /** Lines joined by '\n', paragraphs by a blank line. */
  text: string;
  paragraphs: OcrParagraph[];
}

export interface OcrEngineOptions {
  /** A writable folder for the unpacked language data (kept between runs). */
  cacheDir: string;
  /** default ['chi_sim', 'eng'] */
  langs?: string[];
  /** Stop the worker (and free its memory, ~100 MB with chi_sim) after this long without work; 0 keeps it. Default 120 s. */
  idleMs?: number;
  /** Lines tesseract is less sure of than this (0-100) are dropped as noise. Default 20. */
  minConfidence?: number;
}

/** Folder of the gzipped traineddata of one language package (@tesseract.js-data/<lang>). */
function langDataFile(lang: string): string {
  let pkg: string;
  try {
    pkg = dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
  } catch {
    throw new Error(`OCR language data for "${lang}" is not installed (@tesseract.js-data/${lang})`);
  }
  const file = join(pkg, DATA_VERSION, `${lang}.traineddata.gz`);
  if (!existsSync(file)) throw new Error(`OCR language data missing: ${file}`);
  return file;
}

/** tesseract.js reads every language from one langPath: a folder of links to the package files. */
function prepareLangDir(dir: string, langs: string[]): void {
  mkdirSync(dir, { recursive: true });
  for (const lang of langs) {
    const source = langDataFile(lang);
    const target = join(dir, `${lang}.traineddata.gz`);
    let present: boolean;
    try {
      // A link whose target moved (node_modules reinstalled elsewhere) is made again.
      present = lstatSync(target).isSymbolicLink() ? existsSync(target) : true;
      if (!present) unlinkSync(target);
    } catch {
      present = false;
    }
    if (present) continue;
    try {
      symlinkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  }
}

export class OcrEngine {
  private readonly langs: string[];
  private readonly idleMs: number;
  private readonly minConfidence: number;
  private worker: Promise<Tesseract.Worker> | null = null;
  /** Jobs run one after another: a tesseract worker must not interleave two images. */
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;
  private pending = 0;

  constructor(private readonly opts: OcrEngineOptions) {
    this.langs = opts.langs?.length ? opts.langs : ['chi_sim', 'eng'];
    this.idleMs = opts.idleMs ?? 120_000;
    this.minConfidence = opts.minConfidence ?? 20;
  }

  /** The text of an image (PNG, JPEG, BMP, WebP…): lines joined by '\n', paragraphs by a blank line. */
  async recognize(image: Buffer): Promise<string> {
    return (await this.recognizeDetailed(image)).text;
  }

  /** Lines with their positions, grouped in paragraphs. */
  recognizeDetailed(image: Buffer): Promise<OcrResult> {
    return this.run(async (worker) => {
      const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
      return this.toResult(data);
    });
  }

  /** Stops the worker; a later call starts a new one. */
  async terminate(): Promise<void> {
    this.clearIdle();
    await this.enqueue(() => this.stopWorker());
  }

  private toResult(data: Tesseract.Page): OcrResult {
    const paragraphs: OcrParagraph[] = [];
    for (const block of data.blocks ?? []) {
      for (const para of block.paragraphs ?? []) {
        const lines: OcrLine[] = [];
        for (const line of para.lines ?? []) {
          const text = tidyLine(squeezeCjkSpaces(line.text.replace(/\s+/g, ' ')));
          if (!text || line.confidence < this.minConfidence) continue;
          if (!/[\p{L}\p{N}]/u.test(text)) continue;
          lines.push({ text, confidence: line.confidence, top: line.bbox.y0, bottom: line.bbox.y1, left: line.bbox.x0, right: line.bbox.x1 });
        }
        if (lines.length) paragraphs.push({ lines });
      }
    }
    if (!paragraphs.length && data.text?.trim() && !data.blocks) {
      // Without block output: fall back to the plain text.
      const lines = data.text.split('\n').map((l) => tidyLine(squeezeCjkSpaces(l))).filter(Boolean);
      if (lines.length) paragraphs.push({ lines: lines.map((text) => ({ text, confidence: data.confidence, top: 0, bottom: 0, left: 0, right: 0 })) });
    }
    const text = paragraphs.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n\n');
    return { text, paragraphs };
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private run<T>(job: (worker: Tesseract.Worker) => Promise<T>): Promise<T> {
    this.pending++;
    this.clearIdle();
    return this.enqueue(async () => {
      try {
        return await job(await this.getWorker());
      } finally {
        this.pending--;
        this.scheduleIdle();
      }
    });
  }

  private getWorker(): Promise<Tesseract.Worker> {
    if (!this.worker) {
      this.worker = this.startWorker();
      this.worker.catch(() => {
        this.worker = null;
      });
    }
    return this.worker;
  }

  private async startWorker(): Promise<Tesseract.Worker> {
    const root = join(this.opts.cacheDir, 'tesseract', DATA_VERSION);
    const langPath = join(root, 'lang');
    const cachePath = join(root, 'cache');
    prepareLangDir(langPath, this.langs);
    mkdirSync(cachePath, { recursive: true });
    const tesseract = require('tesseract.js') as typeof Tesseract;
    // chi_sim's data asks to load a vertical-text sublanguage (chi_sim_vert) that is not
    // installed; tesseract then logs a failed load. Horizontal text is all we read.
    const initConfig = { tessedit_load_sublangs: '' };
    return tesseract.createWorker(this.langs, OEM_LSTM_ONLY, {
      langPath,
      cachePath,
      cacheMethod: 'write',
      gzip: true,
      workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
      corePath: dirname(require.resolve('tesseract.js-core/package.json')),
      logger: () => {},
      errorHandler: () => {},
    }, initConfig as Partial<Tesseract.InitOptions>);
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    try {
      await (await worker).terminate();
    } catch {
      // a worker that failed to start has nothing to stop
    }
  }

  private clearIdle() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private scheduleIdle() {
    if (!this.idleMs || this.pending > 0) return;
    this.clearIdle();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.pending === 0) void this.enqueue(() => this.stopWorker());
    }, this.idleMs);
    this.idleTimer.unref();
  }
}
