import { describe, expect, it } from 'vitest';
import { withCanvas } from './canvas-lock.ts';

describe('withCanvas', () => {
  it('runs one piece of work at a time, in order, and a failure does not stop the next', async () => {
    const log: string[] = [];
    const step = (name: string, ms: number, fail = false) =>
      withCanvas(async () => {
        log.push(`${name}:start`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${name}:end`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([step('a', 30), step('b', 5, true), step('c', 1)]);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
