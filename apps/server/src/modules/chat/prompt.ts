import { estimateMessageTokens, estimateTokens } from '../../providers/llm/tokens.ts';
import type { LlmMessage, LlmPart } from '../../providers/llm/types.ts';
import type { ChatModel } from '../models/public.ts';

export interface PastMessage {
  role: 'user' | 'assistant';
  text: string;
  images: string[];
  status: string;
}

export interface PromptInput {
  model: Pick<ChatModel, 'systemPrompt' | 'maxRounds' | 'maxContextTokens'>;
  systemMessage?: string;
  /** Expert chat: the expert's system prompt (after the model's, before the user's own). */
  appPrompt?: string;
  /** A searched turn: the numbered sources (or why there are none), last in the system prompt. */
  searchContext?: string;
  /** Earlier messages of the group, oldest first; empty when usingContext is off. */
  history: PastMessage[];
  question: { text: string; images: string[] };
  /** An image URL of ours as something the upstream can read (a data: URL); null when gone. */
  loadImage: (url: string) => Promise<string | null>;
}

async function content(text: string, images: string[], load: PromptInput['loadImage']): Promise<string | LlmPart[]> {
  if (!images.length) return text;
  const parts: LlmPart[] = [{ type: 'text', text }];
  for (const url of images) {
    const data = await load(url);
    if (data) parts.push({ type: 'image', url: data });
  }
  return parts.length > 1 ? parts : text;
}

/**
 * The messages sent upstream: system prompt, then as many recent rounds of the group as fit in
 * the model's round limit and context budget (newest kept first), then the question. Failed
 * replies are left out with their question, so roles alternate as some upstreams insist.
 */
export async function buildPrompt(p: PromptInput): Promise<LlmMessage[]> {
  const system = [p.model.systemPrompt, p.appPrompt, p.systemMessage, p.searchContext].map((s) => s?.trim()).filter(Boolean).join('\n\n');
  const question: LlmMessage = { role: 'user', content: await content(p.question.text, p.question.images, p.loadImage) };
  let budget = p.model.maxContextTokens - estimateMessageTokens(question) - (system ? estimateTokens(system) + 4 : 0);

  const picked: PastMessage[] = [];
  let rounds = 0;
  for (let i = p.history.length - 1; i >= 0; i--) {
    const m = p.history[i]!;
    if (m.status === 'error' || !m.text.trim()) continue;
    if (m.role === 'user' && ++rounds > p.model.maxRounds) break;
    const cost = 4 + estimateTokens(m.text) + (m.role === 'user' ? m.images.length * 800 : 0);
    if (cost > budget) break;
    budget -= cost;
    picked.push(m);
  }
  picked.reverse();

  // Only whole exchanges: a question whose reply failed, or a reply without its question, is left out.
  const exchanges: PastMessage[] = [];
  for (let i = 0; i < picked.length; i++) {
    const m = picked[i]!;
    const next = picked[i + 1];
    if (m.role === 'user' && next?.role === 'assistant') {
      exchanges.push(m, next);
      i++;
    }
  }

  const out: LlmMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const m of exchanges) out.push({ role: m.role, content: m.role === 'user' ? await content(m.text, m.images, p.loadImage) : m.text });
  out.push(question);
  return out;
}
