import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from './format-date.ts';

describe('formatDisplayDate', () => {
  it('shows the time at UTC+8 (SPEC §9)', () => {
    expect(formatDisplayDate('2026-06-30T16:00:00.000Z')).toBe('2026-07-01');
    expect(formatDisplayDate('2026-06-30T15:59:00.000Z', true)).toBe('2026-06-30 23:59');
  });

  it('is empty for a value that is not a date', () => {
    expect(formatDisplayDate('soon')).toBe('');
  });
});
