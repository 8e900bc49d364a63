import { describe, expect, it } from 'vitest';
import { sqlState, SqlState } from './errors.ts';

describe('sqlState', () => {
  it('reads the SQLSTATE of a driver error, or of the one drizzle wraps', () => {
    expect(sqlState({ code: SqlState.uniqueViolation })).toBe('23505');
    expect(sqlState(Object.assign(new Error('query failed'), { cause: { code: '23503' } }))).toBe('23503');
  });

  it('is undefined for anything else', () => {
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState(null)).toBeUndefined();
    expect(sqlState({ code: 42 })).toBeUndefined();
  });
});
