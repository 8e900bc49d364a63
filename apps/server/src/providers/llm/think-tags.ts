const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * Models served raw (R1 distills, QwQ on Ollama or vLLM without a reasoning parser) whose chat
 * template already ends the prompt with `<think>`: their answer starts inside the thinking, with no
 * opening tag, and `</think>` marks where the answer begins.
 */
const OPENS_IN_TEMPLATE = /(^|[^a-z0-9])r1([^a-z0-9]|$)|qwq/i;

export const thinksWithoutOpeningTag = (upstreamModel: string) => OPENS_IN_TEMPLATE.test(upstreamModel);

/** The longest end of `text` that could be the start of `tag` (held back until the next piece says). */
function partialTagAtEnd(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) if (tag.startsWith(text.slice(text.length - n))) return n;
  return 0;
}

/**
 * Splits `<think>…</think>` at the start of a streamed `content` from the answer, with either tag
 * cut anywhere across pieces. `impliedOpen`: the thinking starts without its opening tag (see
 * `thinksWithoutOpeningTag`); given up as soon as the upstream sends its thinking apart
 * (`separateThinking`), since it then parsed the tags itself.
 */
export class ThinkTags {
  private state: 'lead' | 'thinking' | 'after' | 'answer' = 'lead';
  /** Lead: content not yet known to be an answer; thinking: a piece of a closing tag held back. */
  private held = '';
  private closed = false;
  /** Implied thinking so far: given as the answer after all when it never closes. */
  private implied = '';
  private thought = false;
  thinking = '';

  constructor(private impliedOpen = false) {}

  separateThinking() {
    if (this.state === 'lead') this.impliedOpen = false;
  }

  /** The answer in `text`; its thinking is added to `thinking` (the caller empties it). */
  push(text: string): string {
    switch (this.state) {
      case 'answer':
        return text;
      case 'lead': {
        const lead = this.held + text;
        const start = lead.trimStart();
        if (!start) {
          this.held = lead;
          return '';
        }
        if (start.startsWith(OPEN)) {
          this.held = '';
          this.state = 'thinking';
          this.impliedOpen = false;
          return this.push(start.slice(OPEN.length));
        }
        if (OPEN.startsWith(start)) {
          this.held = lead;
          return '';
        }
        this.held = '';
        if (this.impliedOpen) {
          this.state = 'thinking';
          return this.push(start);
        }
        this.state = 'answer';
        return lead;
      }
      case 'thinking': {
        const body = this.held + text;
        const end = body.indexOf(CLOSE);
        if (end < 0) {
          const keep = partialTagAtEnd(body, CLOSE);
          this.held = body.slice(body.length - keep);
          this.think(body.slice(0, body.length - keep));
          return '';
        }
        this.held = '';
        this.closed = true;
        this.think(body.slice(0, end));
        this.state = 'after';
        return this.push(body.slice(end + CLOSE.length));
      }
      case 'after': {
        const rest = text.trimStart();
        if (!rest) return '';
        this.state = 'answer';
        return rest;
      }
    }
  }

  /** The stream is complete: what was held back. An implied thinking that never closed was the answer after all. */
  end(): string {
    const held = this.held;
    this.held = '';
    if (this.state === 'lead') return held;
    if (this.state !== 'thinking') return '';
    if (this.impliedOpen && !this.closed) return this.implied + held;
    this.think(held);
    return '';
  }

  private think(piece: string) {
    // The line break models put after the opening tag.
    const text = this.thought ? piece : piece.trimStart();
    if (!text) return;
    this.thought = true;
    this.thinking += text;
    if (this.impliedOpen) this.implied += text;
  }
}
