import { describe, expect, it } from 'vitest';
import { DELETE_DEBOUNCE_MS } from '@app/shared/constants';
import { leadingDebounce } from './debounce.ts';

describe('leadingDebounce', () => {
  it('runs once for calls closer than 600 ms and again after a quiet 600 ms', () => {
    let t = 1000;
    const calls: number[] = [];
    const fn = leadingDebounce((n: number) => calls.push(n), DELETE_DEBOUNCE_MS, () => t);
    fn(1);
    t += 100;
    fn(2);
    t += 550; // 650 after the first, but only 550 after the last call
    fn(3);
    t += 600;
    fn(4);
    expect(calls).toEqual([1, 4]);
  });
});
