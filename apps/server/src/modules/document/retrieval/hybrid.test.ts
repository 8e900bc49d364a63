import { describe, expect, it } from 'vitest';
import { cosineTop, fuseRankings } from './hybrid.ts';

describe('fuseRankings', () => {
  it('adds 1 / (k + rank) over the lists, so items found by both rise', () => {
    const bm25 = [{ index: 4 }, { index: 2 }, { index: 9 }];
    const vector = [{ index: 2 }, { index: 7 }, { index: 4 }];
    const fused = fuseRankings([bm25, vector]);
    // 2: 1/62 + 1/61 beats 4: 1/61 + 1/63; 7 (1/62) beats 9 (1/63).
    expect(fused.map((f) => f.index)).toEqual([2, 4, 7, 9]);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61 + 1 / 63, 12);
    expect(fused[2]!.score).toBeCloseTo(1 / 62, 12);
    expect(fused[3]!.score).toBeCloseTo(1 / 63, 12);
  });

  it('takes k, ignores repeats inside a list and copes with empty lists', () => {
    expect(fuseRankings([[{ index: 1 }, { index: 1 }]], 0)).toEqual([{ index: 1, score: 1 }]);
    expect(fuseRankings([])).toEqual([]);
    expect(fuseRankings([[], [{ index: 3 }]])).toEqual([{ index: 3, score: 1 / 61 }]);
  });

  it('keeps the order of first appearance for equal scores', () => {
    expect(fuseRankings([[{ index: 5 }], [{ index: 8 }]]).map((f) => f.index)).toEqual([5, 8]);
  });
});

describe('cosineTop', () => {
  it('ranks by cosine similarity, skipping missing, zero and wrong-sized vectors', () => {
    const vectors = [[1, 0, 0], null, [0.9, 0.1, 0], [0, 1, 0], [0, 0, 0], [1, 1], [-1, 0, 0]];
    const top = cosineTop([2, 0, 0], vectors, 3);
    expect(top.map((t) => t.index)).toEqual([0, 2, 3]);
    expect(top[0]!.score).toBeCloseTo(1, 12);
    expect(top[1]!.score).toBeCloseTo(0.9 / Math.hypot(0.9, 0.1), 12);
    expect(cosineTop([1, 0, 0], vectors, 10).map((t) => t.index)).toEqual([0, 2, 3, 6]);
    expect(cosineTop([0, 0, 0], vectors, 3)).toEqual([]);
    expect(cosineTop([1, 0, 0], vectors, 0)).toEqual([]);
  });
});
