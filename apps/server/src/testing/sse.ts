import type { z } from 'zod';

export interface ReadEvents<E> {
  events: E[];
  /** The text of every delta, joined. */
  text: string;
  last: E | undefined;
}

/**
 * Reads an SSE response body, checking each `data:` event against `schema`; `onEvent` sees
 * every event as it arrives. An abort (the test dropping the connection) ends the read quietly.
 */
export async function readSseEvents<S extends z.ZodType<{ type: string }>>(
  res: Response,
  schema: S,
  onEvent?: (e: z.infer<S>, all: z.infer<S>[]) => void | Promise<void>,
): Promise<ReadEvents<z.infer<S>>> {
  const out: ReadEvents<z.infer<S>> = { events: [], text: '', last: undefined };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let at: number;
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        if (!block.startsWith('data: ')) continue;
        const event = schema.parse(JSON.parse(block.slice(6)));
        out.events.push(event);
        if (event.type === 'delta') out.text += (event as unknown as { text: string }).text;
        await onEvent?.(event, out.events);
      }
    }
  } catch (e) {
    if ((e as Error).name !== 'AbortError') throw e;
  }
  out.last = out.events.at(-1);
  return out;
}
