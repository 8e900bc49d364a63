import type { DocumentCitation } from '@app/shared';
import type { OpenAiEmbeddings } from '../../providers/llm/embeddings.ts';
import { Bm25Index } from './retrieval/bm25.ts';
import { cosineTop, fuseRankings } from './retrieval/hybrid.ts';
import { segment } from './retrieval/segment.ts';

export interface IndexedChunk {
  ord: number;
  page: number | null;
  section: string | null;
  text: string;
  terms: string;
  embedding: number[] | null;
}

export interface LoadedIndex {
  chunks: IndexedChunk[];
  bm25: Bm25Index;
}

const CACHE_MAX = 32;

/**
 * Per-document retrieval. A document's chunks are few (a 200-page PDF makes ~1,000), so the
 * keyword index (BM25 over jieba terms stored with each chunk) and the vector scan run in
 * memory, built once per document and kept in a small LRU; embeddings, when configured, are
 * fused with the keyword ranking (reciprocal rank fusion).
 */
export class SearchIndexes {
  private cache = new Map<number, Promise<LoadedIndex>>();

  constructor(
    private load: (documentId: number) => Promise<IndexedChunk[]>,
    private embeddings: OpenAiEmbeddings | null,
  ) {}

  get(documentId: number): Promise<LoadedIndex> {
    let entry = this.cache.get(documentId);
    if (entry) {
      this.cache.delete(documentId);
      this.cache.set(documentId, entry);
      return entry;
    }
    entry = this.load(documentId).then((chunks) => ({ chunks, bm25: Bm25Index.build(chunks.map((c) => (c.terms ? c.terms.split(' ') : []))) }));
    entry.catch(() => this.cache.delete(documentId));
    this.cache.set(documentId, entry);
    while (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    return entry;
  }

  forget(documentId: number) {
    this.cache.delete(documentId);
  }

  /** The chunks that best answer `question`, best first. */
  async search(documentId: number, question: string, k: number): Promise<IndexedChunk[]> {
    const index = await this.get(documentId);
    const keyword = index.bm25.search(segment(question), k * 2);
    let ranked = keyword;
    if (this.embeddings && index.chunks.some((c) => c.embedding)) {
      try {
        const [q] = await this.embeddings.embed([question]);
        const vector = cosineTop(q!, index.chunks.map((c) => c.embedding), k * 2);
        ranked = fuseRankings([keyword, vector]);
      } catch {
        // The embeddings service is down: keyword results alone.
      }
    }
    return ranked.slice(0, k).map((h) => index.chunks[h.index]!);
  }
}

/**
 * Up to `budget` characters of the document for whole-document actions: all of it when it fits,
 * else chunks taken evenly across it (in order), so a summary sees the beginning, middle and end.
 */
export function spread(chunks: IndexedChunk[], budget: number): { picked: IndexedChunk[]; complete: boolean } {
  const total = chunks.reduce((n, c) => n + c.text.length, 0);
  if (total <= budget) return { picked: chunks, complete: true };
  const share = budget / total;
  const picked: IndexedChunk[] = [];
  let owed = 0;
  let used = 0;
  for (const c of chunks) {
    owed += c.text.length * share;
    if (owed >= c.text.length / 2 && used + c.text.length <= budget) {
      picked.push(c);
      used += c.text.length;
      owed -= c.text.length;
    }
  }
  return { picked, complete: false };
}

/** The beginning of the document up to `budget` characters (translation goes in order). */
export function leading(chunks: IndexedChunk[], budget: number): { picked: IndexedChunk[]; complete: boolean } {
  const picked: IndexedChunk[] = [];
  let used = 0;
  for (const c of chunks) {
    if (used + c.text.length > budget && picked.length) return { picked, complete: false };
    picked.push(c);
    used += c.text.length;
  }
  return { picked, complete: true };
}

/** `第 3 页 · 第二章 / 违约责任` — how a passage is labelled for the model and in citations. */
export function placeOf(c: { page: number | null; section: string | null }) {
  return [c.page !== null ? `第 ${c.page} 页` : null, c.section].filter(Boolean).join(' · ');
}

export const citationOf = (n: number, c: IndexedChunk): DocumentCitation => ({ n, page: c.page, section: c.section });
