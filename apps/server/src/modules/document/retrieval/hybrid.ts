/** Combining keyword and vector retrieval. */
import { topK } from './bm25.ts';

/** Rank constant of reciprocal rank fusion (Cormack et al. use 60). */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each list adds 1 / (k + rank) for the items it ranks (rank from 1);
 * an item found by several lists rises. Best first; ties keep the order of first appearance.
 */
export function fuseRankings(lists: { index: number }[][], k: number = RRF_K): { index: number; score: number }[] {
  const scores = new Map<number, number>();
  const firstSeen = new Map<number, number>();
  for (const list of lists) {
    const seen = new Set<number>();
    list.forEach((item, rank) => {
      if (seen.has(item.index)) return;
      seen.add(item.index);
      scores.set(item.index, (scores.get(item.index) ?? 0) + 1 / (k + rank + 1));
      if (!firstSeen.has(item.index)) firstSeen.set(item.index, firstSeen.size);
    });
  }
  return [...scores]
    .map(([index, score]) => ({ index, score }))
    .sort((a, b) => b.score - a.score || firstSeen.get(a.index)! - firstSeen.get(b.index)!);
}

/** Euclidean norm. */
export function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  return Math.sqrt(s);
}

/**
 * The `k` vectors most similar to `query` by cosine similarity, best first. Missing vectors
 * (null), vectors of another length and zero vectors are skipped.
 */
export function cosineTop(query: number[], vectors: (ArrayLike<number> | null)[], k: number): { index: number; score: number }[] {
  const qn = norm(query);
  if (!qn || k <= 0) return [];
  const dim = query.length;
  const scores: [number, number][] = [];
  for (let i = 0; i < vectors.length; i++) {
    const v = vectors[i];
    if (!v || v.length !== dim) continue;
    let dot = 0;
    let vn = 0;
    for (let j = 0; j < dim; j++) {
      const x = v[j]!;
      dot += query[j]! * x;
      vn += x * x;
    }
    if (!vn) continue;
    scores.push([i, dot / (qn * Math.sqrt(vn))]);
  }
  return topK(scores, k, Number.isFinite);
}
