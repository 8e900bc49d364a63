import type { AppContext } from '../../core/context.ts';
import { OfflineChat } from '../../providers/llm/offline.ts';
import { OpenAiChat } from '../../providers/llm/openai.ts';
import { LlmError, type LlmChunk, type LlmRequest } from '../../providers/llm/types.ts';
import type { ChatModel, ModelCatalog, ModelKey } from './catalog.ts';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Weighted random choice among keys not tried yet. */
export function pickKey(keys: ModelKey[], tried: Set<number>, random = Math.random): ModelKey | null {
  const open = keys.filter((k) => !tried.has(k.id));
  if (!open.length) return null;
  const total = open.reduce((n, k) => n + Math.max(0, k.weight), 0);
  if (total <= 0) return open[Math.floor(random() * open.length)]!;
  let r = random() * total;
  for (const k of open) {
    r -= Math.max(0, k.weight);
    if (r < 0) return k;
  }
  return open[open.length - 1]!;
}

export interface LlmRouterOptions {
  fetch?: typeof fetch;
  random?: () => number;
}

/**
 * Streams a model's answer: the offline adapter when the model has no keys at all; otherwise a
 * weighted random key. A key the upstream calls invalid, banned or out of quota is taken out of
 * rotation; that failure, or a rate limit, is retried once with another key when no text has
 * been relayed yet.
 */
export class LlmRouter {
  constructor(
    private ctx: AppContext,
    private catalog: ModelCatalog,
    private opts: LlmRouterOptions = {},
  ) {}

  async *stream(model: ChatModel, req: Omit<LlmRequest, 'model'>): AsyncGenerator<LlmChunk> {
    const { env } = this.ctx.config;
    const { configured, live } = await this.catalog.keys(model.id);
    if (configured === 0) {
      yield* new OfflineChat({ delayMs: env.LLM_OFFLINE_DELAY_MS, modelLabel: model.label }).stream({ ...req, model: model.upstreamModel });
      return;
    }
    const tried = new Set<number>();
    for (;;) {
      const key = pickKey(live, tried, this.opts.random);
      if (!key) throw new LlmError('auth', `model ${model.code} has no usable key`);
      tried.add(key.id);
      const adapter = new OpenAiChat({
        baseUrl: model.baseUrl ?? env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL,
        apiKey: key.key,
        timeoutMs: env.LLM_TIMEOUT_MS,
        fetch: this.opts.fetch,
      });
      let relayed = false;
      try {
        for await (const chunk of adapter.stream({ ...req, model: model.upstreamModel })) {
          if (chunk.type === 'delta') relayed = true;
          yield chunk;
        }
        return;
      } catch (e) {
        if (!(e instanceof LlmError)) throw e;
        if (e.keyIsBad) await this.catalog.disableKey(key, model, `${e.kind}: ${e.message}`);
        const again = !relayed && tried.size === 1 && (e.keyIsBad || e.kind === 'rate_limit') && live.length > 1;
        if (!again) throw e;
        this.ctx.log.warn({ model: model.code, kind: e.kind }, 'upstream refused the key; retrying with another');
      }
    }
  }
}
