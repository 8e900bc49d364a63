/**
 * Okapi BM25 over pre-segmented documents (k1 = 1.2, b = 0.75,
 * idf = ln(1 + (N - n + 0.5) / (n + 0.5))). Postings are built once, so a query only touches
 * the documents that contain its terms. The index serialises to plain JSON for caching.
 */

export const K1 = 1.2;
export const B = 0.75;

export interface Bm25Hit {
  index: number;
  score: number;
}

/** The cacheable form: per term, a flat [docIndex, tf, docIndex, tf, …] list. */
export interface SerializedBm25 {
  v: 1;
  docLengths: number[];
  postings: Record<string, number[]>;
}

interface Posting {
  docs: Uint32Array;
  tfs: Uint32Array;
  idf: number;
}

export class Bm25Index {
  private readonly avgLength: number;
  /** k1 * (1 - b + b * len / avg) per document, precomputed. */
  private readonly norms: Float64Array;

  private constructor(
    private readonly docLengths: Uint32Array,
    private readonly postings: Map<string, Posting>,
  ) {
    const n = docLengths.length;
    let total = 0;
    for (const len of docLengths) total += len;
    this.avgLength = n ? total / n : 0;
    this.norms = new Float64Array(n);
    for (let i = 0; i < n; i++) this.norms[i] = K1 * (1 - B + (B * docLengths[i]!) / (this.avgLength || 1));
  }

  get size(): number {
    return this.docLengths.length;
  }

  static build(docs: string[][]): Bm25Index {
    const lists = new Map<string, number[]>();
    const lengths = new Uint32Array(docs.length);
    for (let d = 0; d < docs.length; d++) {
      const terms = docs[d]!;
      lengths[d] = terms.length;
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, f] of tf) {
        let list = lists.get(t);
        if (!list) lists.set(t, (list = []));
        list.push(d, f);
      }
    }
    return new Bm25Index(lengths, Bm25Index.toPostings(lists, docs.length));
  }

  static deserialize(data: SerializedBm25): Bm25Index {
    if (!data || data.v !== 1 || !Array.isArray(data.docLengths)) throw new Error('not a serialised BM25 index');
    return new Bm25Index(Uint32Array.from(data.docLengths), Bm25Index.toPostings(new Map(Object.entries(data.postings)), data.docLengths.length));
  }

  private static toPostings(lists: Map<string, number[]>, n: number): Map<string, Posting> {
    const postings = new Map<string, Posting>();
    for (const [term, flat] of lists) {
      const count = flat.length >> 1;
      const docs = new Uint32Array(count);
      const tfs = new Uint32Array(count);
      for (let i = 0; i < count; i++) {
        docs[i] = flat[2 * i]!;
        tfs[i] = flat[2 * i + 1]!;
      }
      postings.set(term, { docs, tfs, idf: Math.log(1 + (n - count + 0.5) / (count + 0.5)) });
    }
    return postings;
  }

  serialize(): SerializedBm25 {
    const postings: Record<string, number[]> = {};
    for (const [term, p] of this.postings) {
      const flat = new Array<number>(p.docs.length * 2);
      for (let i = 0; i < p.docs.length; i++) {
        flat[2 * i] = p.docs[i]!;
        flat[2 * i + 1] = p.tfs[i]!;
      }
      postings[term] = flat;
    }
    return { v: 1, docLengths: Array.from(this.docLengths), postings };
  }

  toJSON(): SerializedBm25 {
    return this.serialize();
  }

  /** Inverse document frequency of a term (0 when no document has it). */
  idf(term: string): number {
    return this.postings.get(term)?.idf ?? 0;
  }

  /** The best `k` documents for the query terms (each distinct term counted once), best first; only documents with a positive score. */
  search(query: string[], k: number): Bm25Hit[] {
    if (k <= 0 || !this.docLengths.length) return [];
    const scores = new Map<number, number>();
    for (const term of new Set(query)) {
      const p = this.postings.get(term);
      if (!p) continue;
      for (let i = 0; i < p.docs.length; i++) {
        const d = p.docs[i]!;
        const tf = p.tfs[i]!;
        const s = (p.idf * tf * (K1 + 1)) / (tf + this.norms[d]!);
        scores.set(d, (scores.get(d) ?? 0) + s);
      }
    }
    return topK(scores, k);
  }
}

/** The k highest entries that `keep` accepts (default: positive scores), best first; ties go to the lower index. */
export function topK(scores: Iterable<[number, number]>, k: number, keep: (score: number) => boolean = (s) => s > 0): Bm25Hit[] {
  if (k <= 0) return [];
  const heap: Bm25Hit[] = [];
  // A min-heap of size k: the weakest of the best k at the root.
  const worse = (a: Bm25Hit, b: Bm25Hit) => a.score < b.score || (a.score === b.score && a.index > b.index);
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const [index, score] of scores) {
    if (!keep(score)) continue;
    const hit = { index, score };
    if (heap.length < k) {
      heap.push(hit);
      up(heap.length - 1);
    } else if (worse(heap[0]!, hit)) {
      heap[0] = hit;
      down(0);
    }
  }
  return heap.sort((a, b) => b.score - a.score || a.index - b.index);
}
