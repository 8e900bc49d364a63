import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../app/test/fixtures.ts';
import { mockApi, sse } from '../test/mock-api.ts';
import { watchJob } from './useJobProgress.ts';

beforeEach(() => {
  vi.unstubAllGlobals();
  resetSession({ ready: true });
});

describe('watchJob', () => {
  it('opens again after a cut, where the job is, and ends at job.end', async () => {
    let opened = 0;
    const calls = mockApi({
      'GET /api/aippt/deck/watch': () => {
        opened += 1;
        return opened === 1
          ? { sse: sse({ type: 'job.snapshot', written: 1 }) }
          : { sse: sse({ type: 'job.snapshot', written: 2 }, { type: 'job.end', status: 'done', error: null, charged: 1 }) };
      },
    });
    const seen: unknown[] = [];
    await watchJob('/api/aippt/deck/watch?id=5', (e) => seen.push(e), new AbortController().signal, 0);
    expect(calls.find('GET', '/api/aippt/deck/watch')).toHaveLength(2);
    expect(seen).toEqual([
      { type: 'job.snapshot', written: 1 },
      { type: 'job.snapshot', written: 2 },
      { type: 'job.end', status: 'done', error: null, charged: 1 },
    ]);
  });

  it('a refusal (not a stream) is not opened again', async () => {
    const calls = mockApi({ 'GET /api/thesis/watch': () => ({ status: 404, body: { code: 404, message: '论文不存在' } }) });
    await watchJob('/api/thesis/watch?id=9', () => {}, new AbortController().signal, 0);
    expect(calls.find('GET', '/api/thesis/watch')).toHaveLength(1);
  });

  it('an abort ends it', async () => {
    const ctrl = new AbortController();
    mockApi({ 'GET /api/aippt/deck/watch': () => ({ sse: sse({ type: 'job.snapshot', written: 1 }) }) });
    const done = watchJob('/api/aippt/deck/watch?id=5', () => ctrl.abort(), ctrl.signal, 0);
    await expect(done).resolves.toBeUndefined();
  });
});
