import { describe, expect, it } from 'vitest';
import { capText, inputCap, textLength } from './input-cap.ts';

describe('inputCap', () => {
  it('uses the model input_ext, 300 when unset and 2000 before models load', () => {
    expect(inputCap({ input_ext: 4000 })).toBe(4000);
    expect(inputCap({ input_ext: 0 })).toBe(300);
    expect(inputCap(undefined)).toBe(2000);
    expect(inputCap(null)).toBe(2000);
  });
});

describe('capText', () => {
  it('keeps text within the cap', () => {
    expect(capText('你好', 2)).toEqual({ text: '你好', truncated: false });
    expect(capText('', 0)).toEqual({ text: '', truncated: false });
  });

  it('truncates text over the cap', () => {
    expect(capText('一二三四五', 3)).toEqual({ text: '一二三', truncated: true });
    expect(capText('a'.repeat(310), 300).text).toHaveLength(300);
  });

  it('counts an emoji as one character and never cuts it in half', () => {
    expect(textLength('😀😀')).toBe(2);
    expect(capText('😀😀😀', 2)).toEqual({ text: '😀😀', truncated: true });
    expect(capText('😀😀', 2)).toEqual({ text: '😀😀', truncated: false });
  });
});
