import { metrics } from '../../core/metrics.ts';
import type { AppContext } from '../../core/context.ts';
import { OfflineChat } from '../../providers/llm/offline.ts';
import { OpenAiChat, type DeltaSink } from '../../providers/llm/openai.ts';
import { LlmError, type LlmChunk, type LlmRequest, type LlmUsage } from '../../providers/llm/types.ts';
import type { ChatModel, ModelCatalog, ModelKey } from './catalog.ts';
import { scrub, type KeyUsage } from './keys.ts';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Among keys not tried yet: those of the highest priority, then a weighted random choice among them. */
export function pickKey(keys: ModelKey[], tried: Set<number>, random = Math.random): ModelKey | null {
  const untried = keys.filter((k) => !tried.has(k.id));
  if (!untried.length) return null;
  const top = Math.max(...untried.map((k) => k.priority ?? 0));
  const open = untried.filter((k) => (k.priority ?? 0) === top);
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
  random?: () => number;
}

/**
 * Streams a model's answer: the offline adapter when the model has no keys at all; otherwise a
 * key of the highest priority still in rotation, at random by weight. A key the upstream calls invalid, banned or out of quota is taken out of
 * rotation; that failure, or a rate limit, is retried once with another key when no text has
 * been relayed yet.
 *
 * Two ways to read the same answer: `stream` (pulled, chunk by chunk) and `relay` (pushed to a
 * callback, without a promise per delta: the chat relay's hot path).
 */
export class LlmRouter {
  constructor(
    private ctx: AppContext,
    private catalog: ModelCatalog,
    private usage: KeyUsage,
    private opts: LlmRouterOptions = {},
  ) {}

  async *stream(model: ChatModel, req: Omit<LlmRequest, 'model'>): AsyncGenerator<LlmChunk> {
    const { configured, live } = await this.catalog.keys(model.id);
    if (configured === 0) {
      yield* this.offline(model).stream({ ...req, model: model.upstreamModel });
      return;
    }
    const tried = new Set<number>();
    for (;;) {
      const key = this.nextKey(model, live, tried);
      let relayed = false;
      let usage: LlmUsage | null = null;
      let failed = false;
      try {
        for await (const chunk of this.adapter(model, key).stream({ ...req, model: model.upstreamModel, capabilities: model.capabilities })) {
          if (chunk.type === 'usage') usage = chunk.usage;
          else relayed = true;
          yield chunk;
        }
        return;
      } catch (e) {
        failed = true;
        this.recordFailure(key, e);
        await this.retryOrThrow(e, model, key, live, tried, relayed);
      } finally {
        // Ended, or left early by the reader: a call that did not fail.
        if (!failed) this.usage.record(key.id, { ok: true, usage });
      }
    }
  }

  /**
   * Hands each delta to `onDelta` as it arrives (a promise it returns holds the upstream back)
   * and resolves with the usage when the upstream reports it. Fails as `stream` does; when
   * `signal` aborts it rejects with kind 'aborted', and no delta follows the abort.
   */
  async relay(model: ChatModel, req: Omit<LlmRequest, 'model'>, onDelta: DeltaSink, onThinking?: DeltaSink): Promise<LlmUsage | null> {
    const { configured, live } = await this.catalog.keys(model.id);
    if (configured === 0) return this.relayOffline(model, req, onDelta, onThinking);
    const tried = new Set<number>();
    for (;;) {
      const key = this.nextKey(model, live, tried);
      let relayed = false;
      try {
        const usage = await this.adapter(model, key).relay(
          { ...req, model: model.upstreamModel, capabilities: model.capabilities },
          (text) => {
            relayed = true;
            return onDelta(text);
          },
          onThinking &&
            ((text) => {
              relayed = true;
              return onThinking(text);
            }),
        );
        this.usage.record(key.id, { ok: true, usage });
        return usage;
      } catch (e) {
        this.recordFailure(key, e);
        await this.retryOrThrow(e, model, key, live, tried, relayed);
      }
    }
  }

  private offline(model: ChatModel) {
    return new OfflineChat({ delayMs: this.ctx.config.env.LLM_OFFLINE_DELAY_MS, modelLabel: model.label, reasoning: model.reasoning });
  }

  private async relayOffline(model: ChatModel, req: Omit<LlmRequest, 'model'>, onDelta: DeltaSink, onThinking?: DeltaSink): Promise<LlmUsage | null> {
    let usage: LlmUsage | null = null;
    for await (const chunk of this.offline(model).stream({ ...req, model: model.upstreamModel })) {
      if (chunk.type === 'usage') usage = chunk.usage;
      else if (chunk.type !== 'tool_calls') {
        const sink = chunk.type === 'delta' ? onDelta : onThinking;
        const wait = sink?.(chunk.text);
        if (wait) await wait;
      }
      if (req.signal?.aborted) throw new LlmError('aborted', 'aborted by the caller');
    }
    return usage;
  }

  private nextKey(model: ChatModel, live: ModelKey[], tried: Set<number>): ModelKey {
    const key = pickKey(live, tried, this.opts.random);
    if (!key) throw new LlmError('auth', `model ${model.code} has no usable key`);
    tried.add(key.id);
    return key;
  }

  private adapter(model: ChatModel, key: ModelKey) {
    const { env } = this.ctx.config;
    const baseUrl = key.baseUrl ?? model.baseUrl ?? env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL;
    // The base may have been set in the admin console: connected under the guard (core/safe-fetch.ts).
    return new OpenAiChat({ baseUrl, apiKey: key.key, timeoutMs: env.LLM_TIMEOUT_MS, guard: this.ctx.integrations.guardFor(baseUrl) });
  }

  /** Counts a failed attempt against its key (an abort by the caller is no failure of the key). */
  private recordFailure(key: ModelKey, e: unknown) {
    const aborted = e instanceof LlmError && e.kind === 'aborted';
    const error = e instanceof LlmError ? scrub(`${e.kind}: ${e.message}`, key.key) : 'unexpected error';
    this.usage.record(key.id, aborted ? { ok: true } : { ok: false, error });
  }

  /** After a failed attempt: takes a bad key out of rotation; returns when another key should be tried, else throws. */
  private async retryOrThrow(e: unknown, model: ChatModel, key: ModelKey, live: ModelKey[], tried: Set<number>, relayed: boolean) {
    if (!(e instanceof LlmError)) throw e;
    if (e.kind !== 'aborted') metrics.upstreamErrors.inc({ model: model.code, key: String(key.id), kind: e.kind });
    if (e.keyIsBad) await this.catalog.disableKey(key, model, `${e.kind}: ${e.message}`);
    const again = !relayed && tried.size === 1 && (e.keyIsBad || e.kind === 'rate_limit') && live.length > 1;
    if (!again) throw e;
    this.ctx.log.warn({ model: model.code, kind: e.kind }, 'upstream refused the key; retrying with another');
  }
}
