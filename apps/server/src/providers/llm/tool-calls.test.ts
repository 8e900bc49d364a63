import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolUpstream } from '../../modules/tools/fake-tool-upstream.ts';
import { OpenAiChat } from './openai.ts';
import type { LlmChunk } from './types.ts';

let up: Awaited<ReturnType<typeof startToolUpstream>>;
beforeAll(async () => {
  up = await startToolUpstream((body) =>
    body.messages.some((m: { role: string }) => m.role === 'tool')
      ? { text: ['结果是', ' 42'] }
      : {
          text: ['我来查一下'],
          calls: [
            { id: 'call_a', name: 'everything__echo', args: ['{"mes', 'sage":"你', '好"}'] },
            { id: 'call_b', name: 'everything__get-sum', args: ['{"a":', '2,"b"', ':40}'] },
          ],
        },
  );
});
afterAll(() => up.close());

const collect = async (it: AsyncIterable<LlmChunk>) => {
  const out: LlmChunk[] = [];
  for await (const c of it) out.push(c);
  return out;
};

describe('OpenAI function calling', () => {
  const chat = () => new OpenAiChat({ baseUrl: up.url, apiKey: 'k', timeoutMs: 5000 });
  const tools = [{ name: 'everything__echo', description: 'Echo', parameters: { type: 'object', properties: { message: { type: 'string' } } } }];

  it('sends tools and assembles parallel calls from split argument deltas, once, after the text', async () => {
    const chunks = await collect(chat().stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools }));
    expect(up.requests.at(-1)).toMatchObject({ tools: [{ type: 'function', function: { name: 'everything__echo', description: 'Echo' } }], tool_choice: 'auto' });
    expect(chunks.filter((c) => c.type === 'delta').map((c) => (c as { text: string }).text).join('')).toBe('我来查一下');
    const calls = chunks.filter((c) => c.type === 'tool_calls');
    expect(calls).toEqual([
      {
        type: 'tool_calls',
        calls: [
          { id: 'call_a', name: 'everything__echo', arguments: '{"message":"你好"}' },
          { id: 'call_b', name: 'everything__get-sum', arguments: '{"a":2,"b":40}' },
        ],
      },
    ]);
    expect(chunks.at(-1)).toMatchObject({ type: 'usage' });
  });

  it('sends the calls back as an assistant message and the results as role tool messages', async () => {
    const chunks = await collect(
      chat().stream({
        model: 'm',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'call_a', name: 'everything__echo', arguments: '{"message":"你好"}' }] },
          { role: 'tool', toolCallId: 'call_a', content: 'Echo: 你好' },
        ],
        tools,
      }),
    );
    expect(up.requests.at(-1).messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'everything__echo', arguments: '{"message":"你好"}' } }] },
      { role: 'tool', tool_call_id: 'call_a', content: 'Echo: 你好' },
    ]);
    expect(chunks.some((c) => c.type === 'tool_calls')).toBe(false);
  });

  it('sends no tools when none are given (requests unchanged)', async () => {
    await collect(chat().stream({ model: 'm', messages: [{ role: 'user', content: 'x' }] }));
    expect(up.requests.at(-1)).not.toHaveProperty('tools');
    expect(up.requests.at(-1)).not.toHaveProperty('tool_choice');
  });
});
