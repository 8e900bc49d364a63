import type { DocumentAskBody, DocumentStreamEvent } from '@app/shared';
import { requestEventStream, type StreamEnd } from '../../../lib/event-stream.ts';

export type { StreamEnd };

/**
 * POST /api/document/ask (SPEC §4.2 step 2 for documents): the reply read as `data: {json}`
 * events (delta / done / error). A reply that is not a stream ends as `failed`.
 */
export function openAskStream(body: DocumentAskBody, signal: AbortSignal, onEvent: (e: DocumentStreamEvent) => void): Promise<StreamEnd> {
  return requestEventStream<DocumentStreamEvent>('/api/document/ask', { method: 'POST', body, signal }, onEvent);
}
