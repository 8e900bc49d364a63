/** What a chat model's upstream takes; the server sends each request accordingly, the console edits it per model. */
export interface ModelCapabilities {
  /** Takes images. */
  vision: boolean;
  /** Thinks before it answers. */
  reasoning: boolean;
  /** False for models that refuse a temperature (OpenAI's o-series and gpt-5 take none but 1): none is sent. */
  takesTemperature: boolean;
  /** The name the upstream reads the output-token limit from. */
  tokenParam: 'max_tokens' | 'max_completion_tokens';
  /** False for models that refuse a system message (o1-mini, o1-preview): it goes into the first user message. */
  takesSystem: boolean;
}

const VISION = /vision|[-_.]vl\b|[-_.]vl[-_.]|4o|[-_]4v\b|llava|^gpt-4\.1|^gpt-5|^o1$|^o1-\d|^o3$|^o3-\d|^o4-mini|gemini/i;
/** OpenAI's reasoning models: no temperature but 1, `max_completion_tokens` only. gpt-5-chat is their non-reasoning one. */
const OPENAI_REASONING = /^(o[134](-|$)|gpt-5)/;
const OPENAI_CHAT = /^gpt-5(\.\d+)?-chat/;
/** The early o1 models refuse role `system` (and `developer`). */
const NO_SYSTEM = /^o1-(mini|preview)/;
/** DeepSeek-R1 and its distills, QwQ, Qwen3/Kimi/GLM "thinking" variants. */
const REASONING = /reasoner|(^|[-_])r1([-_:]|$)|^qwq|thinking/;

/**
 * What a model probably takes, guessed from its upstream name (a gateway's `vendor/model` too):
 * the server stores it for a new model (console or OPENAI_MODELS) and the console shows it while a
 * model is added, for the operator to correct. Migration 0028 set older models by the same rules.
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
