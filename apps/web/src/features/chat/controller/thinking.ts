import type { ChatStreamEvent } from '@app/shared';
import { createCoalescer } from '../../../lib/coalescer.ts';
import { streamStore } from '../stores/stream-store.ts';

/**
 * The `onEvent` of a chat run: a reasoning model's thinking goes to the stream store apart from the
 * answer (at most once per frame); a resumed turn's thinking so far comes with its `resume` event.
 */
export function followThinking() {
  const pieces = createCoalescer((text) => streamStore.appendThinking(text));
  return (e: ChatStreamEvent) => {
    if (e.type === 'thinking') pieces.push(e.text);
    else if (e.type === 'resume') {
      pieces.dispose();
      if (e.thinking) streamStore.resumeThinking(e.thinking, e.thinkingMs ?? 0, e.text.length > 0);
    } else pieces.flush();
  };
}
