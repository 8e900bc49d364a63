import type { ChatStreamEvent } from '@app/shared';
import type { ApiReply } from '@app/shared/codes';
import { emit } from '../../../lib/events.ts';
import { commonHeaders, handleReplyCode } from '../../../lib/http.ts';
import { i18n } from '../../../lib/i18n.ts';
import { tokenStore } from '../../../lib/storage.ts';
import '../locales.ts';
import { readSse } from './sse.ts';

export interface StreamRequest {
  secret: string;
  feature: string;
  images: string[];
  signal: AbortSignal;
}

/** What ends a stream besides its own `done` / `error` events. */
export type StreamEnd = { kind: 'events' } | { kind: 'failed'; code: number; message: string };

const isEvent = (v: unknown): v is ChatStreamEvent => !!v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string';

/**
 * GET /api/chat/stream (SPEC §4.2 step 2) read with fetch + ReadableStream. Events go to
 * `onEvent` as they arrive; a reply that is not a stream (expired secret, bad token) becomes a
 * `failed` end with the server's message. Rejects with AbortError when `signal` aborts.
 */
export async function openChatStream(req: StreamRequest, onEvent: (e: ChatStreamEvent) => void): Promise<StreamEnd> {
  const qs = new URLSearchParams({ secret: req.secret, feature: req.feature });
  if (req.images.length) qs.set('images', req.images.join(','));
  const url = `/api/chat/stream?${qs}`;
  const headers = commonHeaders();
  delete headers['Content-Type'];
  headers.Accept = 'text/event-stream';
  const res = await fetch(url, { headers, signal: req.signal, cache: 'no-store' });

  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !res.body) {
    const reply = (await res.json().catch(() => null)) as ApiReply<unknown> | null;
    const message = reply?.message || i18n.t('chat:replyFailed');
    if (res.status === 401) {
      tokenStore.clear();
      emit('need-login', { message, url: '/api/chat/stream' });
    } else if (reply && typeof reply.code === 'number') {
      handleReplyCode({ ...reply, success: true }, '/api/chat/stream', true);
    }
    return { kind: 'failed', code: reply?.code ?? res.status, message };
  }

  await readSse(res.body, (v) => {
    if (isEvent(v)) onEvent(v);
  });
  return { kind: 'events' };
}
