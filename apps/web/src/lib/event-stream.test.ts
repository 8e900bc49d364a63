import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentStreamEvent } from '@app/shared';
import { mockApi, sse } from '../test/mock-api.ts';
import { requestEventStream } from './event-stream.ts';
import { on } from './events.ts';
import { tokenStore } from './storage.ts';

/** A POST stream the way document chat opens it. */
const openAskStream = (body: object, signal: AbortSignal, onEvent: (e: DocumentStreamEvent) => void) =>
  requestEventStream<DocumentStreamEvent>('/api/document/ask', { method: 'POST', body, signal }, onEvent);

afterEach(() => vi.unstubAllGlobals());

const body = { secret: 's'.repeat(32), token: 'a'.repeat(32), question: '', action: 'summary', language: 'English' };
const done: DocumentStreamEvent = { type: 'done', token: 'a'.repeat(32), messageId: 9, userMessageId: 8, status: 'complete', usage: null, charged: 1, citations: [{ n: 1, page: 2, section: null }] };

describe('requestEventStream', () => {
  it('POSTs the turn as JSON with the bearer token and hands over each event as it arrives', async () => {
    tokenStore.set('tok');
    const api = mockApi({
      // Events split across chunks, a keep-alive comment and CRLF line ends.
      'POST /api/document/ask': () => ({
        sse: ['data: {"type":"delta","te', 'xt":"离线"}\r\n\r\n: ping\n\n', ...sse({ type: 'delta', text: '演示\n\n- 要点' }, done)],
      }),
    });
    const events: DocumentStreamEvent[] = [];
    const end = await openAskStream(body, new AbortController().signal, (e) => events.push(e));
    expect(end).toEqual({ kind: 'events' });
    expect(events).toEqual([{ type: 'delta', text: '离线' }, { type: 'delta', text: '演示\n\n- 要点' }, done]);
    const call = api.find('POST', '/api/document/ask')[0]!;
    expect(call.body).toEqual(body);
    const init = vi.mocked(fetch).mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect((init.headers as Record<string, string>).Accept).toBe('text/event-stream');
  });

  it('delivers an error event', async () => {
    mockApi({ 'POST /api/document/ask': () => ({ sse: sse({ type: 'delta', text: '部分' }, { type: 'error', code: 502001, message: '模型服务暂时不可用', token: 'a'.repeat(32), messageId: 3 }) }) });
    const events: DocumentStreamEvent[] = [];
    await openAskStream(body, new AbortController().signal, (e) => events.push(e));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 502001, message: '模型服务暂时不可用' });
  });

  it('a JSON refusal ends as failed with its message; 408xxx opens the purchase dialog', async () => {
    mockApi({ 'POST /api/document/ask': () => ({ body: { code: 408001, message: '余额不足，请购买套餐' } }) });
    const balance = vi.fn();
    const off = on('balance-low', balance);
    try {
      const end = await openAskStream(body, new AbortController().signal, () => {});
      expect(end).toEqual({ kind: 'failed', code: 408001, message: '余额不足，请购买套餐' });
      expect(balance).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });

  it('rejects when aborted', async () => {
    mockApi({ 'POST /api/document/ask': () => ({ sse: sse({ type: 'delta', text: 'a' }) }) });
    const ctrl = new AbortController();
    ctrl.abort();
    vi.mocked(fetch).mockImplementationOnce(async (_u, init) => {
      init?.signal?.throwIfAborted();
      throw new Error('unreachable');
    });
    await expect(openAskStream(body, ctrl.signal, () => {})).rejects.toThrow();
  });
});
