import { errorFromAnswer } from './classify.ts';
import { SseParser } from './sse.ts';
import { LlmError, type LlmChunk, type LlmMessage, type LlmProvider, type LlmRequest, type LlmUsage } from './types.ts';

export interface OpenAiChatOptions {
  /** e.g. https://api.deepseek.com/v1 — `/chat/completions` is appended unless already there. */
  baseUrl: string;
  apiKey: string;
  /** Given up when no headers, or no further bytes, arrive for this long. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

const MAX_ERROR_BODY = 64 * 1024;

export function completionsUrl(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
}

function toWire(m: LlmMessage) {
  if (typeof m.content === 'string') return { role: m.role, content: m.content };
  return {
    role: m.role,
    content: m.content.map((p) => (p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image_url', image_url: { url: p.url } })),
  };
}

function errorCode(e: unknown): string {
  const err = e as { code?: unknown; cause?: { code?: unknown; cause?: { code?: unknown } } };
  const code = err?.cause?.code ?? err?.cause?.cause?.code ?? err?.code;
  return typeof code === 'string' ? code : '';
}

async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < MAX_ERROR_BODY) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // a body cut short still tells us what we got
  } finally {
    reader.cancel().catch(() => {});
  }
  return text;
}

/** State of one streamed answer, fed with the `data` payloads of its events. */
class Completion {
  done = false;
  finished = false;
  usage: LlmUsage | null = null;

  /** Returns the text this payload adds ('' for none). Throws LlmError for an in-stream error. */
  take(data: string): string {
    if (data === '[DONE]') {
      this.done = true;
      return '';
    }
    let obj: any;
    try {
      obj = JSON.parse(data);
    } catch {
      // Some servers omit the blank line between events, which joins their data lines.
      if (!data.includes('\n')) return '';
      let text = '';
      for (const line of data.split('\n')) text += this.take(line.startsWith('data:') ? line.slice(5).trimStart() : line);
      return text;
    }
    if (!obj || typeof obj !== 'object') return '';
    if (obj.error) throw errorFromAnswer(0, data);
    const u = obj.usage;
    if (u && typeof u === 'object') {
      this.usage = { promptTokens: Number(u.prompt_tokens) || 0, completionTokens: Number(u.completion_tokens) || 0 };
    }
    const choice = obj.choices?.[0];
    if (!choice) return '';
    if (choice.finish_reason) this.finished = true;
    const text = choice.delta?.content ?? choice.message?.content;
    return typeof text === 'string' ? text : '';
  }
}

/**
 * Any OpenAI-compatible chat completions endpoint, streamed. Written on fetch with its own SSE
 * parser: it relays each delta as it arrives and does not need `role` in the first delta.
 */
export class OpenAiChat implements LlmProvider {
  readonly name = 'openai' as const;
  private doFetch: typeof fetch;

  constructor(private opts: OpenAiChatOptions) {
    this.doFetch = opts.fetch ?? fetch;
  }

  async *stream(req: LlmRequest): AsyncGenerator<LlmChunk> {
    if (req.signal?.aborted) throw new LlmError('aborted', 'aborted before start');
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, this.opts.timeoutMs);
    const onAbort = () => ctrl.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const failure = (e: unknown, during: 'connect' | 'body') => {
      if (e instanceof LlmError) return e;
      if (req.signal?.aborted) return new LlmError('aborted', 'aborted by the caller');
      if (timedOut) return new LlmError('timeout', `nothing from the upstream for ${this.opts.timeoutMs} ms`);
      const code = errorCode(e);
      if (during === 'connect') {
        return new LlmError('refused', `cannot connect to the upstream (${code || (e as Error)?.message || 'unknown'})`);
      }
      return new LlmError('cut', `the stream broke off${code ? ` (${code})` : ''}`);
    };

    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    try {
      let res: Response;
      try {
        res = await this.doFetch(completionsUrl(this.opts.baseUrl), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
            Authorization: `Bearer ${this.opts.apiKey}`,
          },
          body: JSON.stringify({
            model: req.model,
            messages: req.messages.map(toWire),
            stream: true,
            stream_options: { include_usage: true },
            ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
            ...(req.maxTokens ? { max_tokens: req.maxTokens } : {}),
          }),
          signal: ctrl.signal,
        });
      } catch (e) {
        throw failure(e, 'connect');
      }
      timer.refresh();
      if (!res.ok) throw errorFromAnswer(res.status, await readCapped(res));
      const completion = new Completion();

      // A server that ignores `stream: true` answers with one JSON completion.
      if ((res.headers.get('content-type') ?? '').includes('application/json')) {
        let text: string;
        try {
          text = await res.text();
        } catch (e) {
          throw failure(e, 'body');
        }
        const delta = completion.take(text);
        if (delta) yield { type: 'delta', text: delta };
        if (completion.usage) yield { type: 'usage', usage: completion.usage };
        return;
      }
      if (!res.body) throw new LlmError('cut', 'the upstream sent no body');

      reader = res.body.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      while (!completion.done) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (e) {
          throw failure(e, 'body');
        }
        timer.refresh();
        const payloads = chunk.done ? [...parser.push(decoder.decode()), ...parser.end()] : parser.push(decoder.decode(chunk.value, { stream: true }));
        for (const data of payloads) {
          const text = completion.take(data);
          if (text) yield { type: 'delta', text };
          if (completion.done) break;
        }
        if (chunk.done) break;
      }
      if (!completion.done && !completion.finished) throw new LlmError('cut', 'the stream ended before the answer was complete');
      if (completion.usage) yield { type: 'usage', usage: completion.usage };
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      if (reader) reader.cancel().catch(() => {});
      ctrl.abort();
    }
  }
}
