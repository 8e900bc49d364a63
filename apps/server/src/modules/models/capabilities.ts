import type { LlmCapabilities, TokenParam } from '../../providers/llm/types.ts';

export interface ModelCapabilities extends LlmCapabilities {
  /** Takes images. */
  vision: boolean;
  /** Thinks before it answers. */
  reasoning: boolean;
}

export const TOKEN_PARAMS: readonly TokenParam[] = ['max_tokens', 'max_completion_tokens'];

const VISION = /vision|[-_.]vl\b|[-_.]vl[-_.]|4o|[-_]4v\b|llava|^gpt-4\.1|^gpt-5|^o1$|^o1-\d|^o3$|^o3-\d|^o4-mini|gemini/i;
/** OpenAI's reasoning models: no temperature but 1, `max_completion_tokens` only. gpt-5-chat is their non-reasoning one. */
const OPENAI_REASONING = /^(o[134](-|$)|gpt-5)/;
const OPENAI_CHAT = /^gpt-5(\.\d+)?-chat/;
/** The early o1 models refuse role `system` (and `developer`). */
const NO_SYSTEM = /^o1-(mini|preview)/;
/** DeepSeek-R1 and its distills, QwQ, Qwen3/Kimi/GLM "thinking" variants. */
const REASONING = /reasoner|(^|[-_])r1([-_:]|$)|^qwq|thinking/;

/**
 * What a model probably takes, guessed from its upstream name (a gateway's `vendor/model` too);
 * the admin console shows the guess for a new model and the operator corrects it. The same rules
 * set the columns of models that existed before (migration 0028).
 */
export function guessCapabilities(upstreamModel: string): ModelCapabilities {
  const name = upstreamModel.trim().toLowerCase().replace(/^.*\//, '');
  const openaiReasoning = OPENAI_REASONING.test(name) && !OPENAI_CHAT.test(name);
  return {
    vision: VISION.test(name),
    reasoning: openaiReasoning || REASONING.test(name),
    takesTemperature: !openaiReasoning,
    tokenParam: openaiReasoning ? 'max_completion_tokens' : 'max_tokens',
    takesSystem: !NO_SYSTEM.test(name),
  };
}

/** A stored token parameter read back (anything unknown is the common `max_tokens`). */
export const tokenParamOf = (value: string): TokenParam => (value === 'max_completion_tokens' ? 'max_completion_tokens' : 'max_tokens');
