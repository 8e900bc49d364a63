import { setImmediate as tick, setTimeout as sleep } from 'node:timers/promises';
import { LlmError } from '../../providers/llm/types.ts';

/** Streams `text` at the offline model's typing-like pace (small pieces, `delayMs` apart). */
export async function* offlineStream(text: string, delayMs: number, signal: AbortSignal): AsyncGenerator<string> {
  const chars = Array.from(text);
  try {
    for (let i = 0; i < chars.length; ) {
      if (signal.aborted) throw new LlmError('aborted', 'aborted by the caller');
      const n = 4 + Math.floor(Math.random() * 5);
      yield chars.slice(i, i + n).join('');
      i += n;
      if (i < chars.length) await (delayMs > 0 ? sleep(delayMs, undefined, { signal }) : tick());
    }
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw new LlmError('aborted', 'aborted by the caller');
    throw e;
  }
}
