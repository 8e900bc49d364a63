const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;

/**
 * Incremental server-sent-events parser working on the raw bytes: feed the body in chunks cut
 * anywhere (inside a line, inside a UTF-8 character), and `onData` gets the `data` of each
 * completed event. Only complete `data` lines are decoded; comments and other fields (event,
 * id, retry — not needed by chat completions) are skipped without decoding. Handles LF, CRLF
 * and CR line ends (also a CR at the end of one chunk with its LF in the next), multi-line data
 * and a missing final blank line (see `end`).
 */
export class SseParser {
  /** The bytes of a line not ended yet (a copy: the chunk it came from is not kept). */
  private rest: Buffer | null = null;
  /** The data lines of the event being read, joined with '\n'; null when it has none. */
  private data: string | null = null;
  private pendingCr = false;

  constructor(private readonly onData: (data: string) => void) {}

  push(chunk: Uint8Array) {
    let buf = chunk;
    let pos = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (buf.length && buf[0] === LF) pos = 1;
    }
    let start = pos;
    if (this.rest) {
      // The rest holds no line end, so the scan resumes right after it.
      pos = this.rest.length;
      buf = Buffer.concat([this.rest, buf.subarray(start)]);
      this.rest = null;
      start = 0;
    }
    const len = buf.length;
    if (buf.indexOf(CR, pos) < 0) {
      // LF line ends only (the usual case): the native search finds them.
      for (let i = buf.indexOf(LF, pos); i >= 0; i = buf.indexOf(LF, start)) {
        this.line(buf, start, i);
        start = i + 1;
      }
    } else {
      for (let i = pos; i < len; i++) {
        const c = buf[i];
        if (c !== LF && c !== CR) continue;
        this.line(buf, start, i);
        if (c === CR) {
          if (i + 1 === len) this.pendingCr = true;
          else if (buf[i + 1] === LF) i++;
        }
        start = i + 1;
      }
    }
    if (start < len) this.rest = Buffer.from(buf.subarray(start));
  }

  /** The stream ended: a last line without its line end, and an event not closed by a blank line, still count. */
  end() {
    const rest = this.rest;
    this.rest = null;
    this.pendingCr = false;
    if (rest) this.line(rest, 0, rest.length);
    this.dispatch();
  }

  private dispatch() {
    const data = this.data;
    if (data === null) return;
    this.data = null;
    this.onData(data);
  }

  /** One line: bytes [from, to) of `buf`, without its line end. */
  private line(buf: Uint8Array, from: number, to: number) {
    if (from === to) return this.dispatch();
    // `data` exactly, then the end of the line or a colon; anything else (comments too) is skipped.
    if (to - from < 4 || buf[from] !== 100 || buf[from + 1] !== 97 || buf[from + 2] !== 116 || buf[from + 3] !== 97) return;
    let at = from + 4;
    let value = '';
    if (at < to) {
      if (buf[at] !== COLON) return; // another field whose name starts with "data"
      at++;
      if (at < to && buf[at] === SPACE) at++;
      if (at < to) value = decode(buf, at, to);
    }
    this.data = this.data === null ? value : `${this.data}\n${value}`;
  }
}

function decode(buf: Uint8Array, from: number, to: number): string {
  return Buffer.isBuffer(buf) ? buf.toString('utf8', from, to) : Buffer.from(buf.buffer, buf.byteOffset + from, to - from).toString('utf8');
}
