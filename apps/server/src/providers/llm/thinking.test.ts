import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thinkingPieces } from '../../testing/fake-thinking.ts';
import { pieces, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { OfflineChat, offlineThinking } from './offline.ts';
import { OpenAiChat } from './openai.ts';
import { ThinkTags } from './think-tags.ts';
import type { LlmChunk } from './types.ts';

let up: FakeUpstream;
beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 5 });
});
afterAll(() => up.close());

const chat = () => new OpenAiChat({ baseUrl: up.url, apiKey: 'good-key', timeoutMs: 5000 });

async function answer(question: string, mode: 'stream' | 'relay', model = 'fake', withThinking = true) {
  const chunks: LlmChunk[] = [];
  const req = { model, messages: [{ role: 'user' as const, content: question }] };
  if (mode === 'stream') for await (const c of chat().stream(req)) chunks.push(c);
  else {
    const usage = await chat().relay(
      req,
      (text) => void chunks.push({ type: 'delta', text }),
      withThinking ? (text) => void chunks.push({ type: 'thinking', text }) : undefined,
    );
    if (usage) chunks.push({ type: 'usage', usage });
  }
  const of = (type: 'delta' | 'thinking') =>
    chunks
      .filter((c) => c.type === type)
      .map((c) => (c as { text: string }).text)
      .join('');
  const lastThinking = chunks.findLastIndex((c) => c.type === 'thinking');
  const firstAnswer = chunks.findIndex((c) => c.type === 'delta');
  return { thinking: of('thinking'), text: of('delta'), thinkingFirst: lastThinking < firstAnswer, usage: chunks.find((c) => c.type === 'usage') };
}

describe('reasoning models: the thinking apart from the answer', () => {
  const cases = [
    ['reasoning_content', 'deepseek-reasoner'],
    ['reasoning', 'deepseek-r1:7b'],
    ['think-tags', 'deepseek-r1:7b'],
    ['think-tags', 'qwen3:8b'],
    ['think-no-open', 'deepseek-r1:7b'],
    ['think-no-open', 'DeepSeek-R1-Distill-Qwen-7B'],
  ] as const;
  for (const mode of ['stream', 'relay'] as const) {
    for (const [shape, model] of cases) {
      it(`${shape} from ${model} (${mode})`, async () => {
        const question = `想一想 [[${shape}]]`;
        const got = await answer(question, mode, model);
        expect(got.thinking).toBe(thinkingPieces(3).join('') + (shape.startsWith('think-') ? '\n' : ''));
        expect(got.text).toBe(pieces(question, 5).join(''));
        expect(got.thinkingFirst).toBe(true);
        expect(got.usage).toBeTruthy();
      });
    }
  }

  it('tags cut anywhere: the body a byte at a time', async () => {
    const question = '逐字 [[think-tags]] [[bytes]]';
    const got = await answer(question, 'relay', 'deepseek-r1:14b');
    expect(got.thinking.trim()).toBe(thinkingPieces(3).join(''));
    expect(got.text).toBe(pieces(question, 5).join(''));
  });

  it('a relay that does not ask for the thinking gets the clean answer only', async () => {
    const question = '只要答案 [[reasoning_content]]';
    const got = await answer(question, 'relay', 'deepseek-reasoner', false);
    expect(got.thinking).toBe('');
    expect(got.text).toBe(pieces(question, 5).join(''));
  });

  it('the fake refuses thinking sent back, as DeepSeek does; the adapter never sends it', async () => {
    const messages = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello', reasoning_content: '想过了' },
      { role: 'user', content: 'again' },
    ];
    const res = await fetch(`${up.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'deepseek-reasoner', messages, stream: true }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    // Whatever a caller puts on a message, only role and content go upstream.
    await chat().relay({ model: 'deepseek-reasoner', messages: messages as never }, () => {});
    expect(JSON.stringify(up.requests.at(-1)!.body.messages)).not.toContain('想过了');
  });
});

describe('ThinkTags', () => {
  const split = (pieces: string[], implied = false) => {
    const tags = new ThinkTags(implied);
    let answer = '';
    for (const p of pieces) answer += tags.push(p);
    answer += tags.end();
    return { answer, thinking: tags.thinking };
  };

  it('finds both tags wherever the text is cut', () => {
    const text = '  <think>\n想一想。</think>\n\n答案是 42。';
    for (let a = 0; a <= text.length; a++) {
      for (let b = a; b <= text.length; b++) {
        const got = split([text.slice(0, a), text.slice(a, b), text.slice(b)]);
        expect(got).toEqual({ answer: '答案是 42。', thinking: '想一想。' });
      }
    }
  });

  it('leaves an answer without tags alone, a tag later in it too', () => {
    expect(split(['答案', '：<think>不是思考</think>'])).toEqual({ answer: '答案：<think>不是思考</think>', thinking: '' });
    expect(split(['<thi', 'ng>'])).toEqual({ answer: '<thing>', thinking: '' });
    expect(split(['<thi'])).toEqual({ answer: '<thi', thinking: '' });
  });

  it('an implied opening: thinking up to </think>; never closed, it was the answer', () => {
    expect(split(['想一想', '。</th', 'ink>答案'], true)).toEqual({ answer: '答案', thinking: '想一想。' });
    expect(split(['直接', '回答'], true).answer).toBe('直接回答');
  });
});

describe('the offline model', () => {
  it('a reasoning model thinks briefly before it answers', async () => {
    const messages = [{ role: 'user' as const, content: '你好' }];
    const chunks: LlmChunk[] = [];
    for await (const c of new OfflineChat({ delayMs: 0, reasoning: true }).stream({ model: 'x', messages })) chunks.push(c);
    const thinking = chunks.filter((c) => c.type === 'thinking').map((c) => (c as { text: string }).text);
    expect(thinking.join('')).toBe(offlineThinking(messages));
    expect(chunks.findLastIndex((c) => c.type === 'thinking')).toBeLessThan(chunks.findIndex((c) => c.type === 'delta'));
    const plain: LlmChunk[] = [];
    for await (const c of new OfflineChat({ delayMs: 0 }).stream({ model: 'x', messages })) plain.push(c);
    expect(plain.some((c) => c.type === 'thinking')).toBe(false);
  });
});
