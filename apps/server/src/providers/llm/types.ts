import type { OfflineHint } from './offline-tools.ts';

/** Chat completion streaming. Adapters: openai (any OpenAI-compatible upstream), offline (local demo). */

export type LlmPart = { type: 'text'; text: string } | { type: 'image'; url: string };

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | LlmPart[];
  /** assistant: the tool calls it made (OpenAI function calling). */
  toolCalls?: LlmToolCall[];
  /** tool: the call this message answers. */
  toolCallId?: string;
}

/** A function the model may call (OpenAI `tools`). */
export interface LlmToolDef {
  name: string;
  description: string;
  /** JSON Schema of its arguments. */
  parameters: Record<string, unknown>;
}

/** One call the model made: its arguments are the JSON text it wrote (not parsed, maybe invalid). */
export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The output-token limit's name: `max_completion_tokens` for OpenAI's o-series and gpt-5 (they refuse `max_tokens`). */
export type TokenParam = 'max_tokens' | 'max_completion_tokens';

/** What a model's upstream takes (set per model in the admin console); absent: everything, as most upstreams do. */
export interface LlmCapabilities {
  /** False: no temperature is sent (the o-series and gpt-5 refuse any value but 1). */
  takesTemperature: boolean;
  tokenParam: TokenParam;
  /** False: the system message is folded into the first user message (o1-mini and o1-preview refuse role `system`). */
  takesSystem: boolean;
}

export interface LlmRequest {
  /** The upstream's model name. */
  model: string;
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  capabilities?: LlmCapabilities;
  signal?: AbortSignal;
  /** Functions the model may call; its calls come as one `tool_calls` chunk once its answer is complete. */
  tools?: LlmToolDef[];
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
export type LlmChunk =
  | { type: 'delta'; text: string }
  | { type: 'thinking'; text: string }
  | { type: 'usage'; usage: LlmUsage }
  /** The model asked for these calls (assembled from the streamed `tool_calls` deltas, parallel calls by index). */
  | { type: 'tool_calls'; calls: LlmToolCall[] };

export interface LlmProvider {
  readonly name: 'openai' | 'offline';
  /** Throws LlmError (before or during iteration); stops quietly with kind 'aborted' when `signal` aborts. */
  stream(req: LlmRequest): AsyncIterable<LlmChunk>;
}

/**
 * auth: the key is wrong or banned (401/403) · quota: the key is out of money or quota ·
 * rate_limit: too many requests (429) · context_length: the conversation is longer than the model reads ·
 * content_filter: the upstream's content check refused the question or the answer ·
 * upstream: 5xx or an error inside the stream ·
 * timeout: nothing arrived for too long · cut: the stream ended before it was complete ·
 * refused: no connection could be made · bad_request: the upstream refused this request (4xx) ·
 * aborted: the caller aborted.
 */
export type LlmErrorKind =
  | 'auth'
  | 'quota'
  | 'rate_limit'
  | 'context_length'
  | 'content_filter'
  | 'upstream'
  | 'timeout'
  | 'cut'
  | 'refused'
  | 'bad_request'
  | 'aborted';

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

/** How the tool loop marks a failed or refused call in the `tool` message the model reads. */
export const TOOL_ERROR_PREFIX = '错误：';
