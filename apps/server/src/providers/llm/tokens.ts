import type { LlmMessage } from './types.ts';

/** A rough token count: about one token per CJK character, one per four other characters. */
export function estimateTokens(text: string): number {
  let wide = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x2e80) wide++;
  return wide + Math.ceil((text.length - wide) / 4);
}

/** Images count as a flat 800 tokens each (a mid-size image in OpenAI's "auto" detail). */
export function estimateMessageTokens(m: LlmMessage): number {
  if (typeof m.content === 'string') return 4 + estimateTokens(m.content);
  let n = 4;
  for (const p of m.content) n += p.type === 'text' ? estimateTokens(p.text) : 800;
  return n;
}
