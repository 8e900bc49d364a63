/**
 * Incremental server-sent-events parser: feed decoded text in chunks cut anywhere, get back the
 * `data` of each completed event. Handles LF, CRLF and CR line ends (also a CR at the end of
 * one chunk with its LF in the next), comments, multi-line data and a missing final blank line
 * (see `end`). Other fields (event, id, retry) are not needed by chat completions and are skipped.
 */
export class SseParser {
  private buf = '';
  private data: string[] = [];
  private pendingCr = false;

  push(chunk: string): string[] {
    const out: string[] = [];
    let text = chunk;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const line = this.buf ? this.buf + text.slice(start, i) : text.slice(start, i);
      this.buf = '';
      this.line(line, out);
      if (c === 13) {
        if (i + 1 === text.length) this.pendingCr = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    if (start < text.length) this.buf += text.slice(start);
    return out;
  }

  /** The stream ended: an event not closed by a blank line still counts. */
  end(): string[] {
    const out: string[] = [];
    if (this.buf) this.line(this.buf, out);
    this.buf = '';
    this.line('', out);
    return out;
  }

  private line(line: string, out: string[]) {
    if (line === '') {
      if (this.data.length) out.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ':' comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    this.data.push(value);
  }
}
