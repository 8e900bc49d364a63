/**
 * OpenAI-compatible embeddings: POST {baseUrl}/embeddings { model, input }, at most 64 inputs a
 * request, vectors put back in input order by their `index`. Failures are LlmError, classified
 * as for chat (auth / quota / rate_limit / upstream / timeout / refused / bad_request / aborted).
 */
import { errorFromAnswer } from './classify.ts';
import { LlmError } from './types.ts';

export interface OpenAiEmbeddingsOptions {
  /** e.g. https://api.openai.com/v1 — `/embeddings` is appended unless already there. */
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: typeof fetch;
  /** Per request. Default 60 s. */
  timeoutMs?: number;
  /** Inputs per request, at most 64 (some providers allow fewer, e.g. 10 or 25). */
  batchSize?: number;
  /** Requested vector size, for models that can shorten their vectors. */
  dimensions?: number;
}

export const MAX_BATCH = 64;

export function embeddingsUrl(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/embeddings') ? base : `${base}/embeddings`;
}

function errorCode(e: unknown): string {
  const err = e as { code?: unknown; cause?: { code?: unknown; cause?: { code?: unknown } } };
  const code = err?.cause?.code ?? err?.cause?.cause?.code ?? err?.code;
  return typeof code === 'string' ? code : '';
}

export class OpenAiEmbeddings {
  private readonly doFetch: typeof fetch;
  private readonly batchSize: number;

  constructor(private readonly o: OpenAiEmbeddingsOptions) {
    this.doFetch = o.fetch ?? fetch;
    this.batchSize = Math.max(1, Math.min(MAX_BATCH, o.batchSize ?? MAX_BATCH));
  }

  /** One vector per text, in the order of `texts`. */
  async embed(texts: string[], opts: { signal?: AbortSignal } = {}): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      out.push(...(await this.request(texts.slice(i, i + this.batchSize), opts.signal)));
    }
    return out;
  }

  private async request(batch: string[], signal?: AbortSignal): Promise<number[][]> {
    if (signal?.aborted) throw new LlmError('aborted', 'aborted before start');
    const timeoutMs = this.o.timeoutMs ?? 60_000;
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, timeoutMs);
    const onAbort = () => ctrl.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const failure = (e: unknown, during: 'connect' | 'body') => {
      if (e instanceof LlmError) return e;
      if (signal?.aborted) return new LlmError('aborted', 'aborted by the caller');
      if (timedOut) return new LlmError('timeout', `no answer from the upstream in ${timeoutMs} ms`);
      const code = errorCode(e);
      if (during === 'connect') return new LlmError('refused', `cannot connect to the upstream (${code || (e as Error)?.message || 'unknown'})`);
      return new LlmError('cut', `the answer broke off${code ? ` (${code})` : ''}`);
    };
    try {
      let res: Response;
      try {
        res = await this.doFetch(embeddingsUrl(this.o.baseUrl), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.o.apiKey}` },
          // Most providers refuse an empty string.
          body: JSON.stringify({
            model: this.o.model,
            input: batch.map((t) => (t.trim() ? t : ' ')),
            ...(this.o.dimensions ? { dimensions: this.o.dimensions } : {}),
          }),
          signal: ctrl.signal,
        });
      } catch (e) {
        throw failure(e, 'connect');
      }
      let text: string;
      try {
        text = await res.text();
      } catch (e) {
        throw failure(e, 'body');
      }
      if (!res.ok) throw errorFromAnswer(res.status, text);
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        throw new LlmError('upstream', 'the upstream answered with something that is not JSON');
      }
      if (body?.error) throw errorFromAnswer(0, text);
      const data = body?.data;
      if (!Array.isArray(data) || data.length !== batch.length) {
        throw new LlmError('upstream', `expected ${batch.length} embeddings, got ${Array.isArray(data) ? data.length : 'none'}`);
      }
      const vectors: number[][] = new Array(batch.length);
      data.forEach((item: any, i: number) => {
        const at = Number.isInteger(item?.index) ? item.index : i;
        const v = item?.embedding;
        if (at < 0 || at >= batch.length || vectors[at] || !Array.isArray(v) || !v.every((x: unknown) => typeof x === 'number')) {
          throw new LlmError('upstream', 'the upstream sent a malformed embedding');
        }
        vectors[at] = v;
      });
      return vectors;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
