import type { ServerResponse } from 'node:http';
import type { ChatStreamEvent, DocumentStreamEvent } from '@app/shared';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
} as const;

/**
 * One `data:` line per event on a raw response. Notices a client that went away (`onGone`),
 * after which writes are dropped, and waits for `drain` when the socket buffer is full.
 */
export class SseWriter {
  private ended = false;
  gone = false;
  private lastWriteAt = Date.now();

  constructor(
    private res: ServerResponse,
    onGone: () => void,
    extraHeaders: Record<string, string> = {},
  ) {
    res.on('close', () => {
      if (this.ended || this.gone) return;
      this.gone = true;
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
    if (this.res.write(chunk)) return;
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /** The hot path: no object is built and serialised around the text. */
  delta(text: string) {
    return this.write(`data: {"type":"delta","text":${JSON.stringify(text)}}\n\n`);
  }

  send(event: ChatStreamEvent | DocumentStreamEvent) {
    return this.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  /** An SSE comment when nothing was written for a while (keeps proxies from closing the stream). */
  ping(quietMs = 10_000) {
    if (Date.now() - this.lastWriteAt >= quietMs) void this.write(': ping\n\n');
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    if (!this.gone) this.res.end();
  }
}
