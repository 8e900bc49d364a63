import { describe, expect, it } from 'vitest';
import { closeOpenMarks } from './close-marks.ts';

describe('closeOpenMarks', () => {
  it('closes an open bold and inline code', () => {
    expect(closeOpenMarks('1. **理解问')).toBe('1. **理解问**');
    expect(closeOpenMarks('运行 `npm i')).toBe('运行 `npm i`');
  });
  it('leaves balanced text and code blocks alone', () => {
    expect(closeOpenMarks('**好** 的')).toBe('**好** 的');
    expect(closeOpenMarks('`a**b`')).toBe('`a**b`');
    expect(closeOpenMarks('```py\nx = "**"')).toBe('```py\nx = "**"');
  });
});
