import type { ChatStreamEvent } from '@app/shared';
import { requestEventStream, type StreamEnd } from '../../../lib/event-stream.ts';

export type { StreamEnd };

export interface StreamRequest {
  secret: string;
  feature: string;
  images: string[];
  signal: AbortSignal;
}

/**
 * GET /api/chat/stream (SPEC §4.2 step 2). Events go to `onEvent` as they arrive; a reply that
 * is not a stream becomes a `failed` end with the server's message.
 */
export function openChatStream(req: StreamRequest, onEvent: (e: ChatStreamEvent) => void): Promise<StreamEnd> {
  const qs = new URLSearchParams({ secret: req.secret, feature: req.feature });
  if (req.images.length) qs.set('images', req.images.join(','));
  return requestEventStream<ChatStreamEvent>(`/api/chat/stream?${qs}`, { method: 'GET', signal: req.signal }, onEvent);
}
