import { describe, expect, it } from 'vitest';
import { hasMath, normalizeMath } from './normalize-math.ts';

describe('normalizeMath', () => {
  it('rewrites \\( \\) and \\[ \\] to dollar maths', () => {
    expect(normalizeMath('勾股定理 \\(a^2+b^2=c^2\\) 成立')).toBe('勾股定理 $a^2+b^2=c^2$ 成立');
    expect(normalizeMath('\\[\nE=mc^2\n\\]')).toBe('$$\nE=mc^2\n$$');
  });
  it('puts one-line display maths on lines of its own', () => {
    expect(normalizeMath('$$E=mc^2$$')).toBe('$$\nE=mc^2\n$$');
    expect(normalizeMath('\\[E=mc^2\\]')).toBe('$$\nE=mc^2\n$$');
    expect(normalizeMath('文字 $$x$$ 文字')).toBe('文字 $$x$$ 文字');
  });
  it('leaves code alone', () => {
    expect(normalizeMath('```latex\n\\(x\\)\n```')).toBe('```latex\n\\(x\\)\n```');
    expect(normalizeMath('用 `\\(x\\)` 写行内公式')).toBe('用 `\\(x\\)` 写行内公式');
  });
});

describe('hasMath', () => {
  it('spots maths and ignores plain prices', () => {
    expect(hasMath('$$E=mc^2$$')).toBe(true);
    expect(hasMath('例如 $a^2$。')).toBe(true);
    expect(hasMath('\\(x\\)')).toBe(true);
    expect(hasMath('价格 $ 5 和 $ 6')).toBe(false);
    expect(hasMath('没有公式')).toBe(false);
  });
});
