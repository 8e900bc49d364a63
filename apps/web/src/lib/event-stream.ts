import type { ApiReply } from '@app/shared/codes';
import { apiUrl } from './api-base.ts';
import { emit } from './events.ts';
import { commonHeaders, handleReplyCode } from './http.ts';
import { i18n } from './i18n.ts';
import { readSse } from './sse.ts';
import { tokenStore } from './storage.ts';
import './locales.ts';

/** What ends a stream besides its own `done` / `error` events. */
export type StreamEnd = { kind: 'events' } | { kind: 'failed'; code: number; message: string };

export interface EventStreamRequest {
  method: 'GET' | 'POST';
  /** JSON body of a POST. */
  body?: object;
  signal: AbortSignal;
}

const isEvent = (v: unknown): v is { type: string } => !!v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string';

/**
 * A streaming call (SPEC §4.2 step 2) read with fetch + ReadableStream: each `data: {json}`
 * event with a `type` goes to `onEvent` as it arrives. A reply that is not a stream (expired
 * secret, bad token, no balance) becomes a `failed` end with the server's message, after
 * SPEC §8 was applied to it (401 asks to log in, 403000 drops the token, 408xxx opens the
 * purchase dialog). Rejects with AbortError when `signal` aborts.
 */
export async function requestEventStream<E extends { type: string }>(url: string, req: EventStreamRequest, onEvent: (e: E) => void): Promise<StreamEnd> {
  const headers = commonHeaders();
  if (req.method === 'GET') delete headers['Content-Type'];
  headers.Accept = 'text/event-stream';
  const res = await fetch(apiUrl(url), {
    method: req.method,
    headers,
    body: req.method === 'POST' ? JSON.stringify(req.body ?? {}) : undefined,
    signal: req.signal,
    cache: 'no-store',
  });

  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !res.body) {
    const reply = (await res.json().catch(() => null)) as ApiReply<unknown> | null;
    const message = reply?.message || i18n.t('common:replyFailed');
    const path = url.split('?')[0]!;
    if (res.status === 401) {
      tokenStore.clear();
      emit('need-login', { message, url: path });
    } else if (reply && typeof reply.code === 'number') {
      handleReplyCode({ ...reply, success: true }, path, true);
    }
    return { kind: 'failed', code: reply?.code ?? res.status, message };
  }

  await readSse(res.body, (v) => {
    if (isEvent(v)) onEvent(v as E);
  });
  return { kind: 'events' };
}
