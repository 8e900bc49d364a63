/**
 * The moderation word list's matcher: every word and every prompt are normalised the same way
 * (NFKC folds full-width letters, digits and spaces to half-width; lower case; all whitespace and
 * zero-width characters removed, so 「违 规」 and 「ＡＢＣ」 match 「违规」 and 「abc」), then one
 * Aho–Corasick pass finds the first word in the prompt: linear in the prompt's length whatever
 * the size of the list.
 */

const INVISIBLE = /[\s\u200b-\u200f\u2060\ufeff\u00ad]+/gu;

/** The form words are stored and compared in. */
export function normaliseWord(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(INVISIBLE, '');
}

export class WordMatcher {
  /** Trie transitions per node (UTF-16 code unit -> node). */
  private readonly next: Map<number, number>[] = [new Map()];
  private fail: Int32Array = new Int32Array(1);
  /** The word (index into `words`) that ends at a node or at one of its suffixes; -1 when none. */
  private out: Int32Array = new Int32Array(1).fill(-1);
  readonly words: readonly string[];

  constructor(words: Iterable<string>) {
    const unique = new Set<string>();
    for (const w of words) {
      const n = normaliseWord(w);
      if (n) unique.add(n);
    }
    this.words = [...unique];
    const ends: number[] = [-1];
    this.words.forEach((word, index) => {
      let node = 0;
      for (let i = 0; i < word.length; i++) {
        const c = word.charCodeAt(i);
        let to = this.next[node]!.get(c);
        if (to === undefined) {
          to = this.next.length;
          this.next.push(new Map());
          ends.push(-1);
          this.next[node]!.set(c, to);
        }
        node = to;
      }
      if (ends[node] === -1) ends[node] = index;
    });
    this.build(ends);
  }

  get size() {
    return this.words.length;
  }

  /** Failure links breadth first; each node's output is its own word, else its failure node's. */
  private build(ends: number[]) {
    const count = this.next.length;
    this.fail = new Int32Array(count);
    this.out = Int32Array.from(ends);
    const queue: number[] = [];
    for (const child of this.next[0]!.values()) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (const [c, child] of this.next[node]!) {
        let f = this.fail[node]!;
        while (f !== 0 && !this.next[f]!.has(c)) f = this.fail[f]!;
        const target = this.next[f]!.get(c);
        this.fail[child] = target !== undefined && target !== child ? target : 0;
        if (this.out[child] === -1) this.out[child] = this.out[this.fail[child]]!;
        queue.push(child);
      }
    }
  }

  /** The first listed word found in `text` (in its normalised form), or null. */
  find(text: string): string | null {
    if (this.words.length === 0 || !text) return null;
    const s = normaliseWord(text);
    let node = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      let to = this.next[node]!.get(c);
      while (to === undefined && node !== 0) {
        node = this.fail[node]!;
        to = this.next[node]!.get(c);
      }
      node = to ?? 0;
      const hit = this.out[node]!;
      if (hit !== -1) return this.words[hit]!;
    }
    return null;
  }
}
