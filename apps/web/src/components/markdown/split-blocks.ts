/**
 * Splits a growing markdown reply into finished top-level blocks and the tail that may still
 * change. A block ends at a blank line followed by an unindented line, outside fenced code and
 * $$ maths. Each call scans only the text that arrived since the last one, so a whole stream
 * costs time linear in its length, and finished blocks keep their identity (memoised renders).
 */
export class BlockSplitter {
  private blocks: string[] = [];
  /** Start of the block still open. */
  private blockStart = 0;
  /** Start of the first line not scanned yet. */
  private cursor = 0;
  private fence: { char: string; len: number } | null = null;
  private inMath = false;
  private blankSeen = false;
  private lastText = '';
  /** Bumped when the text is replaced rather than extended: finished blocks are new then. */
  generation = 0;

  update(text: string): { blocks: string[]; tail: string } {
    if (text.length < this.lastText.length || !text.startsWith(this.lastText.slice(this.blockStart), this.blockStart)) this.reset();
    this.lastText = text;
    let nl = text.indexOf('\n', this.cursor);
    while (nl !== -1) {
      this.line(text, this.cursor, nl);
      this.cursor = nl + 1;
      nl = text.indexOf('\n', this.cursor);
    }
    // The unfinished last line already decides a boundary by its first character.
    if (this.blankSeen && !this.fence && !this.inMath && this.cursor < text.length && !/[ \t\r]/.test(text[this.cursor]!)) this.boundary(text, this.cursor);
    return { blocks: this.blocks, tail: text.slice(this.blockStart) };
  }

  private reset() {
    this.generation++;
    this.blocks = [];
    this.blockStart = 0;
    this.cursor = 0;
    this.fence = null;
    this.inMath = false;
    this.blankSeen = false;
  }

  private boundary(text: string, at: number) {
    const block = text.slice(this.blockStart, at).trimEnd();
    // Immutable append: React sees a new array, each old block keeps its string.
    if (block) this.blocks = [...this.blocks, block];
    this.blockStart = at;
    this.blankSeen = false;
  }

  private line(text: string, start: number, end: number) {
    const line = text.slice(start, end).replace(/\r$/, '');
    const trimmed = line.trim();
    if (this.fence) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1]![0] === this.fence.char && close[1]!.length >= this.fence.len) this.fence = null;
      return;
    }
    if (this.inMath) {
      if (trimmed.endsWith('$$')) this.inMath = false;
      return;
    }
    if (trimmed === '') {
      this.blankSeen = true;
      return;
    }
    if (this.blankSeen && !/^[ \t]/.test(line)) this.boundary(text, start);
    this.blankSeen = false;
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (open) {
      this.fence = { char: open[1]![0]!, len: open[1]!.length };
      return;
    }
    if (trimmed.startsWith('$$') && !(trimmed.length > 2 && trimmed.endsWith('$$'))) this.inMath = true;
  }
}

/** Whole-text convenience for finished messages and tests. */
export const splitBlocks = (text: string) => new BlockSplitter().update(text);
