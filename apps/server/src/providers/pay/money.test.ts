import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from './money.ts';
import { hexEquals, notificationParams, readKeyText, sortedPairs, truncateUtf8 } from './util.ts';
import { NotificationRejected } from './types.ts';

describe('fen and yuan', () => {
  it('writes fen as yuan with exactly two decimals', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(1990)).toBe('19.90');
    expect(fenToYuan(123456789)).toBe('1234567.89');
    // A float would print 0.30000000000000004 somewhere on this path; strings never do.
    expect(fenToYuan(10 + 20)).toBe('0.30');
  });

  it('refuses amounts that are not whole fen', () => {
    for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => fenToYuan(bad)).toThrow(RangeError);
  });

  it('reads the yuan strings gateways send', () => {
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('1')).toBe(100);
    expect(yuanToFen('1.5')).toBe(150);
    expect(yuanToFen('19.90')).toBe(1990);
    expect(yuanToFen('199.99')).toBe(19999);
    expect(yuanToFen('0.10')).toBe(10);
    expect(yuanToFen('1.500')).toBe(150);
    expect(yuanToFen('10000000.00')).toBe(1_000_000_000);
  });

  it('rejects anything that is not a plain amount', () => {
    for (const bad of ['', ' 1.00', '1.00 ', '-1', '+1', '1e2', '1.005', '1.', '.5', '0x10', '1,00', 'NaN', '１.００']) {
      expect(yuanToFen(bad), bad).toBeNull();
    }
  });

  it('round-trips every amount up to 1000 yuan', () => {
    for (let fen = 0; fen <= 100_000; fen += 7) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});

describe('shared protocol helpers', () => {
  it('joins sorted pairs, optionally without empty values', () => {
    const params = { b: '2', a: '1', sign: 'x', c: '' };
    expect(sortedPairs(params, { exclude: ['sign'], dropEmpty: true })).toBe('a=1&b=2');
    expect(sortedPairs(params, { exclude: ['sign'], dropEmpty: false })).toBe('a=1&b=2&c=');
    // ASCII order: upper case before lower case, '_' between them.
    expect(sortedPairs({ b: '1', B: '2', a_b: '3', aB: '4' }, { exclude: [], dropEmpty: true })).toBe('B=2&aB=4&a_b=3&b=1');
  });

  it('compares hex digests in constant time, case-insensitively, and only hex', () => {
    expect(hexEquals('0a1b', '0A1B')).toBe(true);
    expect(hexEquals('0a1b', '0a1c')).toBe(false);
    expect(hexEquals('0a1b', '0a1')).toBe(false);
    expect(hexEquals('0a1b', 'zz1b')).toBe(false);
    expect(hexEquals('0a1b', undefined as unknown as string)).toBe(false);
  });

  it('takes notification parameters from the form, the raw body or the query, refusing repeats', () => {
    const base = { headers: {}, rawBody: '', query: {}, form: {} };
    expect(notificationParams({ ...base, form: { a: '1' }, query: { b: '2' } })).toEqual({ a: '1' });
    expect(notificationParams({ ...base, form: { a: '1' }, query: { b: '2', sign: 's' } }, 'query')).toEqual({ b: '2', sign: 's' });
    // A notify URL's own query does not hide a POSTed body.
    expect(notificationParams({ ...base, form: { a: '1', sign: 's' }, query: { provider: 'epay' } }, 'query')).toEqual({ a: '1', sign: 's' });
    expect(notificationParams({ ...base, rawBody: 'a=1&b=%E4%BD%A0+%E5%A5%BD' })).toEqual({ a: '1', b: '你 好' });
    expect(notificationParams({ ...base, query: { c: '3' } })).toEqual({ c: '3' });
    expect(() => notificationParams({ ...base, form: { a: ['1', '2'] } })).toThrow(NotificationRejected);
    expect(() => notificationParams({ ...base, rawBody: 'a=1&a=2' })).toThrow(NotificationRejected);
  });

  it('cuts names on a character boundary within a byte budget', () => {
    expect(truncateUtf8('会员套餐', 7)).toBe('会员');
    expect(truncateUtf8('abc', 10)).toBe('abc');
  });

  it('accepts PEM with literal \\n from a one-line setting', () => {
    expect(readKeyText('-----BEGIN X-----\\nAAAA\\n-----END X-----')).toBe('-----BEGIN X-----\nAAAA\n-----END X-----');
  });
});
