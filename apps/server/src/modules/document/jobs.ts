import { join } from 'node:path';
import { setImmediate as tick } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { documentChunks, documents } from '../../db/schema/index.ts';
import type { OpenAiEmbeddings } from '../../providers/llm/embeddings.ts';
import { cleanParseTmp, ParseProcessFailed, parseIsolated, type ParseOutcome } from './isolated-parse.ts';
import { chunkDocument } from './parse/chunk.ts';
import { ParseError, type ParsedDocument } from './parse/types.ts';
import { segment } from './retrieval/segment.ts';
import { PARSE_FAILED } from './service.ts';
import type { DocumentRow } from './views.ts';

export interface DocumentJobsOptions {
  concurrency: number;
  /** A parse holds its document this long and renews the hold while it runs. */
  leaseMs?: number;
  pollMs?: number;
  /** Tries before a document that keeps failing (not a bad file: a crash, a storage outage) is given up. */
  maxAttempts?: number;
  embeddings?: OpenAiEmbeddings | null;
  /** A parse running longer than this is killed and its document failed. */
  timeoutMs?: number;
  /** Replaces the parser, run in this process (tests). */
  parse?: (body: Buffer, ext: string, signal: AbortSignal) => Promise<ParsedDocument>;
}

const INSERT_BATCH = 200;
const PARSE_TIMEOUT_MS = 10 * 60_000;
/** Chunks segmented between two yields to the event loop (a long file must not stall live answers). */
const SEGMENT_BATCH = 64;

async function segmentAll(chunks: { section: string | null; text: string }[], signal: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < chunks.length; i++) {
    if (i % SEGMENT_BATCH === 0 && i) {
      await tick();
      if (signal.aborted) break;
    }
    const c = chunks[i]!;
    out.push(segment(`${c.section ?? ''} ${c.text}`).join(' '));
  }
  return out;
}
const EMBED_BATCH = 64;

/**
 * The parse queue: documents in status 0 (or 1 with a lapsed hold, cut off by a restart or a
 * crash) are claimed one at a time with a conditional update, parsed off the request path,
 * chunked, segmented and stored. Several instances can run it on one database.
 */
export class DocumentJobs {
  private running = new Map<number, AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The claim loop in flight, if any (close() waits for it). */
  private filling: Promise<unknown> | null = null;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  /** Settles when the parses started so far have ended (tests wait on it). */
  private work = new Set<Promise<void>>();

  constructor(
    private ctx: AppContext,
    private opts: DocumentJobsOptions,
  ) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.maxAttempts = opts.maxAttempts ?? 3;
  }

  start() {
    // Copies left by a parse that never finished (the process died) are older than any live parse.
    const tmpDir = join(this.ctx.config.dataDir, 'tmp');
    void cleanParseTmp(tmpDir, (this.opts.timeoutMs ?? PARSE_TIMEOUT_MS) + this.leaseMs)
      .then((n) => n && this.ctx.log.info(`document: removed ${n} stale parse copies from ${tmpDir}`))
      .catch((e: unknown) => this.ctx.log.warn({ err: e }, 'document: cleaning parse copies failed'));
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? 2000);
    this.timer.unref();
    this.kick();
  }

  /** Takes up waiting documents while there is room. */
  kick() {
    if (this.closed || this.filling) return;
    this.filling = this.fill()
      .catch((e) => this.ctx.log.error({ err: e }, 'document: claiming a parse failed'))
      .finally(() => (this.filling = null));
  }

  private async fill() {
    while (!this.closed && this.running.size < this.opts.concurrency) {
      const doc = await this.claim();
      if (!doc) return;
      if (this.closed) {
        // Closed while the claim ran: hand it back rather than parse on a stopping instance.
        await this.handBack([doc.id]);
        return;
      }
      const controller = new AbortController();
      this.running.set(doc.id, controller);
      const job = this.run(doc, controller.signal).finally(() => {
        this.running.delete(doc.id);
        this.work.delete(job);
        this.kick();
      });
      this.work.add(job);
    }
  }

  /** Waits until no parse is running or waiting (tests). */
  async idle() {
    for (;;) {
      while (this.work.size) await Promise.allSettled([...this.work]);
      await new Promise((r) => setTimeout(r, 5));
      if (!this.work.size && !this.filling) {
        const doc = await this.peek();
        if (!doc) return;
        this.kick();
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }

  private async peek() {
    const now = new Date(this.ctx.clock.now()).toISOString();
    const rows = await this.ctx.db.execute(sql`
      select id from documents
      where status in (0, 1) and deleted_at is null and (locked_until is null or locked_until < ${now}::timestamptz)
      limit 1`);
    return (rows as { rows: unknown[] }).rows[0] ?? null;
  }

  private async claim(): Promise<DocumentRow | null> {
    const now = this.ctx.clock.now();
    const rows = await this.ctx.db.execute(sql`
      update documents set status = 1, attempts = attempts + 1,
        locked_until = ${new Date(now + this.leaseMs).toISOString()}::timestamptz, updated_at = ${new Date(now).toISOString()}::timestamptz
      where id = (
        select id from documents
        where status in (0, 1) and deleted_at is null
          and (locked_until is null or locked_until < ${new Date(now).toISOString()}::timestamptz)
        order by id limit 1
        for update skip locked)
      returning id`);
    const id = (rows as { rows: { id: number }[] }).rows[0]?.id;
    if (id === undefined) return null;
    const [doc] = await this.ctx.db.select().from(documents).where(eq(documents.id, id)).limit(1);
    return doc ?? null;
  }

  private async run(doc: DocumentRow, signal: AbortSignal) {
    const startedAt = Date.now();
    if (doc.attempts > this.maxAttempts) return this.fail(doc, PARSE_FAILED, 'gave up after repeated failures');
    const renew = setInterval(() => {
      void this.ctx.db
        .update(documents)
        .set({ lockedUntil: new Date(this.ctx.clock.now() + this.leaseMs) })
        .where(and(eq(documents.id, doc.id), eq(documents.status, 1)))
        .catch((e) => this.ctx.log.warn({ err: e, id: doc.id }, 'document: renewing the parse hold failed'));
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    renew.unref();
    try {
      const file = await this.ctx.storage.get(doc.storageKey);
      if (!file) return await this.fail(doc, '文件已丢失，请重新上传', 'file missing in storage');
      const outcome = this.opts.parse
        ? await this.parseHere(file.body, doc.fileExt, signal)
        : await parseIsolated(file.body, doc.fileExt, {
            tmpDir: join(this.ctx.config.dataDir, 'tmp'),
            ocrCacheDir: join(this.ctx.config.dataDir, 'ocr-cache'),
            signal,
            timeoutMs: this.opts.timeoutMs ?? PARSE_TIMEOUT_MS,
          });
      if (signal.aborted) return;
      const { chunks } = outcome;
      if (!chunks.length) return await this.fail(doc, '文档中没有可识别的文字', 'no text');
      const vectors = await this.embed(chunks.map((c) => c.text));
      if (signal.aborted) return;
      await this.store(doc, outcome, vectors, Date.now() - startedAt);
      this.ctx.log.info({ id: doc.id, pages: outcome.pages, chunks: chunks.length, ms: Date.now() - startedAt }, 'document parsed');
    } catch (e) {
      if (signal.aborted) return;
      if (e instanceof ParseError) return await this.fail(doc, e.message, 'unreadable');
      // The parse process had the file and died on it: the next try would too.
      if (e instanceof ParseProcessFailed) return await this.fail(doc, PARSE_FAILED, e.message);
      // Not the file's fault: let the hold lapse so the parse is tried again (up to maxAttempts).
      this.ctx.log.error({ err: e, id: doc.id, attempt: doc.attempts }, 'document: parse failed; it will be retried');
    } finally {
      clearInterval(renew);
    }
  }

  /** The injected parser (tests), chunked and segmented in this process. */
  private async parseHere(body: Buffer, ext: string, signal: AbortSignal): Promise<ParseOutcome> {
    const parsed = await this.opts.parse!(body, ext, signal);
    const chunks = chunkDocument(parsed);
    return { pages: parsed.pages, title: parsed.title, ocrPages: parsed.ocrPages, chunks, terms: await segmentAll(chunks, signal) };
  }

  /** Embeddings when configured; keyword retrieval alone when the embeddings service fails. */
  private async embed(texts: string[]): Promise<(number[] | null)[]> {
    const e = this.opts.embeddings;
    if (!e) return texts.map(() => null);
    try {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBED_BATCH) out.push(...(await e.embed(texts.slice(i, i + EMBED_BATCH))));
      return out;
    } catch (err) {
      this.ctx.log.warn({ err }, 'document: embeddings failed; keyword retrieval only');
      return texts.map(() => null);
    }
  }

  private async store(doc: DocumentRow, parsed: ParseOutcome, vectors: (number[] | null)[], parseMs: number) {
    const { chunks, terms } = parsed;
    const title = parsed.title?.trim() ? Array.from(parsed.title.trim()).slice(0, 60).join('') : doc.title;
    await this.ctx.db.transaction(async (tx) => {
      // Still ours and still wanted: a deleted document, or one another instance took over, is left alone.
      const [mine] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, doc.id), eq(documents.status, 1), isNull(documents.deletedAt)))
        .for('update');
      if (!mine) return;
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, doc.id));
      for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
        await tx.insert(documentChunks).values(
          chunks.slice(i, i + INSERT_BATCH).map((c, j) => ({
            documentId: doc.id,
            ord: c.ord,
            page: c.page,
            section: c.section,
            text: c.text,
            terms: terms[i + j]!,
            embedding: vectors[i + j] ?? null,
          })),
        );
      }
      await tx
        .update(documents)
        .set({
          status: 2,
          nameStatus: 1,
          title: doc.fileExt === 'png' || doc.fileExt === 'jpg' || doc.fileExt === 'jpeg' ? doc.title : title,
          pages: parsed.pages,
          chunkCount: chunks.length,
          ocrPages: parsed.ocrPages,
          parseMs,
          errorText: null,
          lockedUntil: null,
          updatedAt: new Date(this.ctx.clock.now()),
        })
        .where(eq(documents.id, doc.id));
    });
  }

  private async fail(doc: DocumentRow, message: string, why: string) {
    this.ctx.log.warn({ id: doc.id, why }, 'document parse failed');
    await this.ctx.db
      .update(documents)
      .set({ status: 3, nameStatus: 1, errorText: message, lockedUntil: null, updatedAt: new Date(this.ctx.clock.now()) })
      .where(and(eq(documents.id, doc.id), eq(documents.status, 1)));
  }

  /** Stops a parse of a deleted document. */
  cancel(documentId: number) {
    this.running.get(documentId)?.abort();
  }

  /** Stops taking work; running parses are cut and handed back (their hold cleared) so the next start resumes them at once. */
  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.filling;
    const ids = [...this.running.keys()];
    for (const c of this.running.values()) c.abort();
    await Promise.race([Promise.allSettled([...this.work]), new Promise((r) => setTimeout(r, 5000).unref())]);
    await this.handBack(ids);
  }

  private async handBack(ids: number[]) {
    if (!ids.length) return;
    await this.ctx.db
      .update(documents)
      .set({ lockedUntil: null, attempts: sql`greatest(${documents.attempts} - 1, 0)` })
      .where(and(sql`${documents.id} in ${ids}`, eq(documents.status, 1)))
      .catch((e) => this.ctx.log.warn({ err: e }, 'document: handing back parses failed'));
  }
}
