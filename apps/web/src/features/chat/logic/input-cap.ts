import { INPUT_LIMIT_DEFAULT, INPUT_LIMIT_INITIAL } from '@app/shared/constants';
import type { Feature } from '@app/shared';

/**
 * SPEC §5: the selected model's input_ext; 300 when the model sets none; 2000 before the
 * model list has loaded.
 */
export function inputCap(feature: Pick<Feature, 'input_ext'> | null | undefined): number {
  if (!feature) return INPUT_LIMIT_INITIAL;
  return feature.input_ext > 0 ? feature.input_ext : INPUT_LIMIT_DEFAULT;
}

/** Length in characters as the server counts them (code points, so an emoji is one). */
export const textLength = (text: string) => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** The text cut to `cap` characters (never inside a surrogate pair), and whether it was cut. */
export function capText(text: string, cap: number): { text: string; truncated: boolean } {
  // Fast path: UTF-16 length is an upper bound of the code-point length.
  if (text.length <= cap) return { text, truncated: false };
  let n = 0;
  let end = 0;
  for (const ch of text) {
    if (n === cap) return { text: text.slice(0, end), truncated: true };
    n++;
    end += ch.length;
  }
  return { text, truncated: false };
}
