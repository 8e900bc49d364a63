import { describe, expect, it } from 'vitest';
import { canRetry } from './retry.ts';

describe('canRetry', () => {
  it('only for ai_35 models and only on the last reply', () => {
    expect(canRetry('ai_35', true)).toBe(true);
    expect(canRetry('ai_35_16k', true)).toBe(true);
    expect(canRetry('ai_35', false)).toBe(false);
    expect(canRetry('ai_4o', true)).toBe(false);
    expect(canRetry('deepseek_v3', true)).toBe(false);
  });
});
