import { describe, expect, it } from 'vitest';
import { dbId, safeText } from './schemas/common.ts';
import { isSafeText } from './safe-text.ts';

describe('the safe-string rule', () => {
  it('rejects NUL and lone surrogates, keeps every real character', () => {
    for (const s of ['a\u0000b', '\u0000', 'x\uD800', '\uD800y', '\uDC00', 'a\uDC00\uD800b']) expect(isSafeText(s)).toBe(false);
    for (const s of ['', '你好', '😀', 'a\uD83D\uDE00b', 'tab\tnew\nline', '\u200b']) expect(isSafeText(s)).toBe(true);
  });

  it('safeText and dbId say so with a 400-ready message', () => {
    expect(safeText(5).safeParse('a\u0000').success).toBe(false);
    expect(safeText(5).safeParse('abcdef').success).toBe(false);
    expect(safeText().safeParse('好').success).toBe(true);
    expect(dbId().safeParse('2147483647').success).toBe(true);
    for (const v of ['2147483648', '0', '-1', '1.5', 'x', 2 ** 53]) expect(dbId().safeParse(v).success).toBe(false);
  });
});
