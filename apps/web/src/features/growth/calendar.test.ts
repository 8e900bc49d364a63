import { describe, expect, it } from 'vitest';
import { monthCells, shiftMonth } from './calendar.ts';

describe('sign-in calendar', () => {
  it('starts weeks on Monday and lists every day of the month', () => {
    // 2026-11-01 is a Sunday: six empty cells first.
    const nov = monthCells('2026-11');
    expect(nov.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(nov.filter(Boolean)).toHaveLength(30);
    expect(monthCells('2028-02').filter(Boolean)).toHaveLength(29);
    // 2027-03-01 is a Monday: no padding.
    expect(monthCells('2027-03')[0]).toBe('2027-03-01');
  });

  it('moves across years', () => {
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});
