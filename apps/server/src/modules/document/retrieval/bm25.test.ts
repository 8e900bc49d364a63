import { describe, expect, it } from 'vitest';
import { Bm25Index, topK } from './bm25.ts';
import { segment } from './segment.ts';

const paragraphs = [
  '第一条 合同标的：甲方向乙方采购服务器设备一批，具体型号、数量见附件一。',
  '第二条 价款与支付：合同总价款为人民币伍拾万元整，甲方应在收到发票后三十日内付清。',
  '第三条 交货：乙方应于合同签订后十五日内将货物送达甲方指定地点，运输费用由乙方承担。',
  '第四条 违约责任：乙方逾期交货的，每逾期一日，应按合同总价款的千分之三向甲方支付违约金；逾期超过三十日的，甲方有权解除合同。',
  '第五条 质量保证：乙方保证所供货物为全新原装正品，质保期为三年，自验收合格之日起计算。',
  '第六条 争议解决：因本合同引起的争议，双方应协商解决；协商不成的，提交甲方所在地人民法院诉讼解决。',
  'Article 7 Confidentiality: each party shall keep the terms of this agreement confidential.',
];

describe('Bm25Index', () => {
  const index = Bm25Index.build(paragraphs.map(segment));

  it('ranks the paragraph about 违约金 first for a question about it', () => {
    const hits = index.search(segment('如果乙方迟延交货，要付多少违约金？'), 3);
    expect(hits[0]!.index).toBe(3);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]?.score ?? 0);
  });

  it('finds the right clause for other Chinese and English questions', () => {
    expect(index.search(segment('质保期多长时间'), 1)[0]!.index).toBe(4);
    expect(index.search(segment('发生纠纷去哪个法院起诉'), 1)[0]!.index).toBe(5);
    expect(index.search(segment('收到发票后多久付清'), 1)[0]!.index).toBe(1);
    expect(index.search(segment('is the agreement confidential?'), 1)[0]!.index).toBe(6);
  });

  it('returns nothing for terms no document has, and at most k hits', () => {
    expect(index.search(segment('天气预报'), 5)).toEqual([]);
    expect(index.search([], 5)).toEqual([]);
    expect(index.search(segment('合同'), 2)).toHaveLength(2);
    expect(index.search(segment('合同'), 0)).toEqual([]);
  });

  it('scores by the BM25 formula', () => {
    const small = Bm25Index.build([['a', 'b', 'a'], ['b', 'c'], ['c', 'd', 'e', 'f']]);
    // N = 3, avgdl = 3; "a" is in 1 document with tf 2, dl 3.
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const expected = (idf * 2 * 2.2) / (2 + 1.2 * (1 - 0.75 + (0.75 * 3) / 3));
    const [hit] = small.search(['a'], 1);
    expect(hit!.index).toBe(0);
    expect(hit!.score).toBeCloseTo(expected, 10);
    // a term repeated in the query counts once
    expect(small.search(['a', 'a'], 1)[0]!.score).toBeCloseTo(expected, 10);
    expect(small.idf('zzz')).toBe(0);
  });

  it('survives a JSON round trip with identical results', () => {
    const copy = Bm25Index.deserialize(JSON.parse(JSON.stringify(index)));
    for (const q of ['违约金', '争议 法院', 'confidential']) expect(copy.search(segment(q), 5)).toEqual(index.search(segment(q), 5));
    expect(copy.size).toBe(paragraphs.length);
    expect(() => Bm25Index.deserialize({ v: 2 } as never)).toThrow();
  });

  it('handles an empty index', () => {
    expect(Bm25Index.build([]).search(['x'], 3)).toEqual([]);
    expect(Bm25Index.build([[]]).search(['x'], 3)).toEqual([]);
  });
});

describe('topK', () => {
  it('keeps the k best, best first, ties to the lower index', () => {
    const entries: [number, number][] = [
      [0, 1],
      [1, 5],
      [2, 3],
      [3, 5],
      [4, 0],
      [5, 4],
    ];
    expect(topK(entries, 3)).toEqual([
      { index: 1, score: 5 },
      { index: 3, score: 5 },
      { index: 5, score: 4 },
    ]);
    expect(topK(entries, 10).map((h) => h.index)).toEqual([1, 3, 5, 2, 0]);
  });
});
