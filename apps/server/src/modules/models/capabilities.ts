import type { TokenParam } from '../../providers/llm/types.ts';

/** The guess from a model's name is shared with the console (it shows it while a model is added). */
export { guessCapabilities, type ModelCapabilities } from '@app/shared';

/** A stored token parameter read back (anything unknown is the common `max_tokens`). */
export const tokenParamOf = (value: string): TokenParam => (value === 'max_completion_tokens' ? 'max_completion_tokens' : 'max_tokens');
