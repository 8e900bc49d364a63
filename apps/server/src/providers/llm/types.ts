import type { OfflineHint } from './offline-tools.ts';

/** Chat completion streaming. Adapters: openai (any OpenAI-compatible upstream), offline (local demo). */

export type LlmPart = { type: 'text'; text: string } | { type: 'image'; url: string };

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | LlmPart[];
}

export interface LlmRequest {
  /** The upstream's model name. */
  model: string;
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  /** Which tool asks (mind map, translation): only the offline model reads it, to answer in that tool's shape. */
  offline?: OfflineHint;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * Text as it arrives: the answer (`delta`) and, before it, the model's thinking (`thinking`: a
 * reasoning model's chain of thought, never part of the answer nor sent back upstream); at most
 * one `usage`, last, when the upstream reports it.
 */
export type LlmChunk = { type: 'delta'; text: string } | { type: 'thinking'; text: string } | { type: 'usage'; usage: LlmUsage };

export interface LlmProvider {
  readonly name: 'openai' | 'offline';
  /** Throws LlmError (before or during iteration); stops quietly with kind 'aborted' when `signal` aborts. */
  stream(req: LlmRequest): AsyncIterable<LlmChunk>;
}

/**
 * auth: the key is wrong or banned (401/403) · quota: the key is out of money or quota ·
 * rate_limit: too many requests (429) · upstream: 5xx or an error inside the stream ·
 * timeout: nothing arrived for too long · cut: the stream ended before it was complete ·
 * refused: no connection could be made · bad_request: the upstream refused this request (4xx) ·
 * aborted: the caller aborted.
 */
export type LlmErrorKind = 'auth' | 'quota' | 'rate_limit' | 'upstream' | 'timeout' | 'cut' | 'refused' | 'bad_request' | 'aborted';

export class LlmError extends Error {
  constructor(
    public readonly kind: LlmErrorKind,
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }

  /** The key itself is the problem: take it out of rotation. */
  get keyIsBad() {
    return this.kind === 'auth' || this.kind === 'quota';
  }
}
