import { describe, expect, it } from 'vitest';
import { mergeDelta, type LiveText } from './live-text.ts';

describe('the section in progress', () => {
  it('appends pieces at their place, skips those already shown and waits past a gap', () => {
    let live: LiveText = { key: 'a', text: 'abc' };
    live = mergeDelta(live, { key: 'a', text: 'bc', at: 1 });
    expect(live.text).toBe('abc');
    live = mergeDelta(live, { key: 'a', text: 'cde', at: 2 });
    expect(live.text).toBe('abcde');
    live = mergeDelta(live, { key: 'a', text: 'xy', at: 9 });
    expect(live.text).toBe('abcde');
    expect(mergeDelta(live, { key: 'b', text: 'new', at: 0 })).toEqual({ key: 'b', text: 'new' });
  });
});
