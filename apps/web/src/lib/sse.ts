/**
 * A Server-Sent Events reader for `data: {json}` streams. Lines may end in LF, CRLF or CR and
 * may be split anywhere across chunks (a CRLF too). A data line that is complete JSON on its own
 * is delivered at once, so a server that forgets the blank line between events still streams;
 * other data lines are joined with LF and delivered at the blank line that ends the event.
 */
export class SseParser {
  private buf = '';
  private data: string[] = [];
  private started = false;

  constructor(private onEvent: (value: unknown) => void) {}

  push(chunk: string) {
    if (!this.started && chunk) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    this.buf += chunk;
    let start = 0;
    const buf = this.buf;
    for (let i = 0; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (c === 13 && i === buf.length - 1) break;
      this.line(buf.slice(start, i));
      if (c === 13 && buf.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    this.buf = buf.slice(start);
  }

  /** The stream ended: a last line or event without its terminator still counts. */
  end() {
    if (this.buf) {
      const rest = this.buf.endsWith('\r') ? this.buf.slice(0, -1) : this.buf;
      this.buf = '';
      this.line(rest);
    }
    this.dispatch();
  }

  private line(line: string) {
    if (line === '') return this.dispatch();
    if (line.charCodeAt(0) === 58) return; // ':' comment (keep-alive ping)
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return; // event:, id:, retry: carry nothing we use
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (this.data.length === 0) {
      const parsed = tryJson(value);
      if (parsed !== undefined) return this.onEvent(parsed);
    }
    this.data.push(value);
  }

  private dispatch() {
    if (this.data.length === 0) return;
    const parsed = tryJson(this.data.join('\n'));
    this.data = [];
    if (parsed !== undefined) this.onEvent(parsed);
  }
}

function tryJson(text: string): unknown {
  const first = text.trimStart().charCodeAt(0);
  if (first !== 123 && first !== 91) return undefined; // only objects and arrays are events
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads a fetch body to the end, decoding UTF-8 across chunk boundaries. */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (value: unknown) => void) {
  const parser = new SseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
