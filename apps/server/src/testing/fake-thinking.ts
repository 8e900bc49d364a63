import type { ServerResponse } from 'node:http';

/**
 * How reasoning models stream their thinking, for the fake upstream (markers in the last user message):
 * - [[reasoning_content]]: DeepSeek's API for `deepseek-reasoner` (api-docs.deepseek.com, "Reasoning
 *   Model", release of 2025-01-20; Qwen3/QwQ on DashScope and Kimi answer the same way): the first delta
 *   `{role, content: null, reasoning_content: ""}`, then `reasoning_content` pieces with `content: null`,
 *   then `content` pieces with `reasoning_content: null`; usage counts
 *   `completion_tokens_details.reasoning_tokens`. A request whose messages carry `reasoning_content` is
 *   refused with HTTP 400 (see `thinkingSentBack`).
 * - [[reasoning]]: Ollama's OpenAI-compatible endpoint (ollama/ollama openai/openai.go `ToChunk`,
 *   v0.12): every delta has `role: "assistant"` and `content` ("" while thinking), the thinking in
 *   `reasoning` (left out when empty); OpenRouter streams the same `delta.reasoning`.
 * - [[think-tags]]: an R1 distill served raw by Ollama or vLLM without a reasoning parser:
 *   `<think>\n…</think>\n\n` leads `content`, the tags cut across pieces.
 * - [[think-no-open]]: the same where the chat template already put `<think>` in the prompt (the
 *   DeepSeek-R1 template of 2025-02): the content starts inside the thinking, with no opening tag.
 * [[thinking:N]] sets how many pieces of thinking come (3 by default); [[interval:MS]] paces them too.
 */
export type ThinkingShape = 'reasoning_content' | 'reasoning' | 'think-tags' | 'think-no-open';

const SHAPES: ThinkingShape[] = ['reasoning_content', 'reasoning', 'think-tags', 'think-no-open'];

export function thinkingShape(question: string): ThinkingShape | null {
  return SHAPES.find((s) => question.includes(`[[${s}]]`)) ?? null;
}

export const thinkingPieces = (n: number) => Array.from({ length: n }, (_, i) => `思考第${i + 1}步。`);

/** DeepSeek's refusal of a request that sends the thinking back (its 400 for `reasoning_content` in the input). */
export function thinkingSentBack(body: any): string | null {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const at = messages.findIndex((m) => m && typeof m === 'object' && 'reasoning_content' in m);
  if (at < 0) return null;
  return JSON.stringify({
    error: { message: `Invalid request: messages[${at}]: reasoning_content is not allowed in input messages`, type: 'invalid_request_error', param: null, code: 'invalid_request_error' },
  });
}

interface StreamParts {
  res: ServerResponse;
  send: (payload: unknown) => Promise<void>;
  /** The answer's pieces. */
  parts: string[];
  question: string;
  interval: number;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  sleep: (ms: number) => Promise<unknown>;
}

const frame = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion.chunk',
  created: 1_800_000_000,
  model: 'fake',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

/** The deltas of one answer in `shape`: thinking first, then the answer. */
function deltas(shape: ThinkingShape, thinking: string[], answer: string[]): Record<string, unknown>[] {
  switch (shape) {
    case 'reasoning_content':
      return [
        { role: 'assistant', content: null, reasoning_content: '' },
        ...thinking.map((t) => ({ content: null, reasoning_content: t })),
        ...answer.map((t) => ({ content: t, reasoning_content: null })),
      ];
    case 'reasoning':
      return [...thinking.map((t) => ({ role: 'assistant', content: '', reasoning: t })), ...answer.map((t) => ({ role: 'assistant', content: t }))];
    case 'think-tags':
    case 'think-no-open': {
      // The whole content, then cut so that each tag falls across two pieces.
      const open = shape === 'think-tags' ? '<think>\n' : '';
      const text = `${open}${thinking.join('')}\n</think>\n\n${answer.join('')}`;
      const cuts = new Set<number>([3, open.length + 2]);
      const close = text.indexOf('</think>');
      cuts.add(close + 4);
      for (let at = close + 8 + 4; at < text.length; at += 5) cuts.add(at);
      for (let at = open.length + 6; at < close; at += 4) cuts.add(at);
      const points = [...cuts].filter((c) => c > 0 && c < text.length).sort((a, b) => a - b);
      const out: Record<string, unknown>[] = [];
      let from = 0;
      for (const c of [...points, text.length]) {
        out.push({ role: 'assistant', content: text.slice(from, c) });
        from = c;
      }
      return out;
    }
  }
}

/** Streams an answer with its thinking in `shape`, then the finish, the usage and [DONE]. */
export async function streamWithThinking(shape: ThinkingShape, p: StreamParts) {
  const n = Number(/\[\[thinking:(\d+)\]\]/.exec(p.question)?.[1] ?? 3);
  const thinking = thinkingPieces(n);
  const all = deltas(shape, thinking, p.parts);
  for (let i = 0; i < all.length; i++) {
    if (p.res.destroyed) return;
    if (i > 0 && p.interval) await p.sleep(p.interval);
    await p.send(frame(all[i]!));
  }
  const finish = shape === 'reasoning_content' ? { content: '', reasoning_content: null } : shape === 'reasoning' ? { role: 'assistant', content: '' } : {};
  await p.send(frame(finish, 'stop'));
  const reasoningTokens = n * 4;
  await p.send({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    choices: [],
    usage: { ...p.usage, completion_tokens: p.usage.completion_tokens + reasoningTokens, total_tokens: p.usage.total_tokens + reasoningTokens, completion_tokens_details: { reasoning_tokens: reasoningTokens } },
  });
  await p.send('[DONE]');
  p.res.end();
}
