import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
} as const;

/** Over this share of its time busy, the event loop is saturated: each stream writes at most every PACE_MS. */
const SATURATED = 0.9;
const SAMPLE_MS = 250;
export const PACE_MS = 100;

/**
 * Whether this process' event loop is saturated (sampled from its utilisation). Then pieces of a
 * stream that come faster than PACE_MS apart leave together: under a burst, the relay makes a
 * tenth of the socket writes, and the CPU goes to opening the streams still waiting for their
 * first text. Below it, every piece leaves as it comes. Tests set `fixed` to set `saturated` themselves.
 */
export const loopLoad = { saturated: false, fixed: false };
let sampler: NodeJS.Timeout | null = null;
function watchLoop() {
  if (sampler) return;
  let last = performance.eventLoopUtilization();
  sampler = setInterval(() => {
    const now = performance.eventLoopUtilization();
    if (!loopLoad.fixed) loopLoad.saturated = performance.eventLoopUtilization(now, last).utilization > SATURATED;
    last = now;
  }, SAMPLE_MS);
  sampler.unref();
}

/**
 * One `data:` line per event on a raw response. Notices a client that went away (`onGone`),
 * after which writes are dropped, and waits for `drain` when the socket buffer is full.
 *
 * Deltas are batched: those that arrive in the same tick (several events in one upstream
 * read) leave in one socket write, at the end of that tick — or, while the loop is saturated, at
 * most every PACE_MS; any other event (and `end`) first sends what is batched, so the order on
 * the wire is the order of the calls.
 */
export class SseWriter {
  private ended = false;
  gone = false;
  private lastWriteAt = Date.now();
  /** Deltas not written yet (flushed at the end of the tick). */
  private batch = '';
  /** Set while the socket buffer is full: resolves when it drains or the client leaves. */
  private full: Promise<void> | null = null;
  /** When deltas were last written (the first of a stream never waits for the pace). */
  private deltasAt = 0;
  private readonly flushBatch = () => {
    const text = this.batch;
    if (!text) return;
    this.batch = '';
    this.deltasAt = Date.now();
    void this.write(text);
  };

  constructor(
    private res: ServerResponse,
    onGone: () => void,
    extraHeaders: Record<string, string> = {},
  ) {
    watchLoop();
    res.on('close', () => {
      if (this.ended || this.gone) return;
      this.gone = true;
      this.batch = '';
      onGone();
    });
    if (res.destroyed || res.socket?.destroyed) {
      this.gone = true;
      queueMicrotask(onGone);
      return;
    }
    res.writeHead(200, { ...SSE_HEADERS, ...extraHeaders });
    res.flushHeaders();
  }

  /** Resolves at once unless the socket buffer is full; then when it drains or the client leaves. */
  private write(chunk: string): Promise<void> | undefined {
    if (this.gone || this.ended) return;
    this.lastWriteAt = Date.now();
    // Corked around the write, the chunk's pieces (size line, data, CRLF) leave in one writev now,
    // rather than on a tick that node:http would schedule for every write.
    const socket = this.res.socket;
    socket?.cork();
    const ok = this.res.write(chunk);
    socket?.uncork();
    if (ok) return;
    this.full ??= new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        this.full = null;
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
    return this.full;
  }

  /**
   * The hot path: no object is built and serialised around the text, and no write is made here
   * (see the class). Returns a promise only while the socket buffer is full.
   */
  delta(text: string): Promise<void> | undefined {
    if (this.gone || this.ended) return;
    const event = `data: {"type":"delta","text":${JSON.stringify(text)}}\n\n`;
    if (this.batch) this.batch += event;
    else {
      this.batch = event;
      const wait = loopLoad.saturated ? this.deltasAt + PACE_MS - Date.now() : 0;
      if (wait > 0) setTimeout(this.flushBatch, wait);
      else process.nextTick(this.flushBatch);
    }
    return this.full ?? undefined;
  }

  send(event: { type: string; [field: string]: unknown }) {
    const text = `data: ${JSON.stringify(event)}\n\n`;
    if (!this.batch) return this.write(text);
    const batched = this.batch;
    this.batch = '';
    return this.write(batched + text);
  }

  /** An SSE comment when nothing was written for a while (keeps proxies from closing the stream). */
  ping(quietMs = 10_000) {
    if (!this.batch && Date.now() - this.lastWriteAt >= quietMs) void this.write(': ping\n\n');
  }

  end() {
    if (this.ended) return;
    const batched = this.batch;
    this.batch = '';
    this.ended = true;
    if (this.gone) return;
    if (batched) this.res.end(batched);
    else this.res.end();
  }
}
