import { describe, expect, it, vi } from 'vitest';
import { batchLoader, batchTaker } from './batch.ts';

describe('batchLoader', () => {
  it('loads the keys asked for in one turn of the event loop together, once each, and answers every caller', async () => {
    const load = vi.fn(async (keys: string[]) => new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()])));
    const get = batchLoader(load);
    const got = await Promise.all(['a', 'b', 'a', 'missing', 'c'].map(get));
    expect(got).toEqual(['A', 'B', 'A', undefined, 'C']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]![0]).toEqual(['a', 'b', 'missing', 'c']);
    // A later turn is a new batch.
    expect(await get('d')).toBe('D');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('splits at the largest batch', async () => {
    const load = vi.fn(async (keys: number[]) => new Map(keys.map((k) => [k, k * 2])));
    const get = batchLoader(load, 3);
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map(get))).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(load.mock.calls.map((c) => c[0])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('keys asked for while the most loads run wait for one to end, and leave in one batch', async () => {
    const ends: (() => void)[] = [];
    const load = vi.fn(async (keys: number[]) => {
      await new Promise<void>((r) => ends.push(r));
      return new Map(keys.map((k) => [k, k]));
    });
    const get = batchLoader(load, 500, 1);
    const first = get(1);
    await new Promise((r) => setImmediate(r));
    expect(load).toHaveBeenCalledTimes(1);
    // Three more requests over three turns of the loop, while the first load runs.
    const later: Promise<number | undefined>[] = [];
    for (const k of [2, 3, 4]) {
      later.push(get(k));
      await new Promise((r) => setImmediate(r));
    }
    expect(load).toHaveBeenCalledTimes(1);
    ends.shift()!();
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(load.mock.calls[1]![0]).toEqual([2, 3, 4]);
    ends.shift()!();
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
  });

  it('a failed load rejects the callers of its batch only', async () => {
    let fail = true;
    const get = batchLoader(async (keys: string[]) => {
      if (fail) throw new Error('database away');
      return new Map(keys.map((k) => [k, k]));
    });
    const first = await Promise.allSettled([get('a'), get('b')]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await get('a')).toBe('a');
  });
});

describe('batchTaker', () => {
  it('hands each caller of one turn a different item of a single load', async () => {
    let next = 100;
    const load = vi.fn(async (n: number) => Array.from({ length: n }, () => next++));
    const take = batchTaker(load);
    const ids = await Promise.all(Array.from({ length: 5 }, take));
    expect(new Set(ids).size).toBe(5);
    expect(ids.sort()).toEqual([100, 101, 102, 103, 104]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await take()).toBe(105);
  });

  it('a short or failed load rejects its callers', async () => {
    const short = batchTaker(async () => [1]);
    expect((await Promise.allSettled([short(), short()])).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const failed = batchTaker<number>(async () => {
      throw new Error('no');
    });
    await expect(failed()).rejects.toThrow('no');
  });
});
