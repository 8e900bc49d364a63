import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pieces, refusedUrl, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { OpenAiChat, completionsUrl } from './openai.ts';
import { LlmError, type LlmChunk, type LlmRequest } from './types.ts';

let up: FakeUpstream;
beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 5 });
});
afterAll(() => up.close());

const chat = (opts: { key?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  new OpenAiChat({ baseUrl: opts.baseUrl ?? up.url, apiKey: opts.key ?? 'good-key', timeoutMs: opts.timeoutMs ?? 5000 });

async function run(question: string, opts: Parameters<typeof chat>[0] = {}, extra: Partial<LlmRequest> = {}) {
  const chunks: LlmChunk[] = [];
  let error: LlmError | null = null;
  try {
    for await (const c of chat(opts).stream({ model: 'fake', messages: [{ role: 'user', content: question }], ...extra })) chunks.push(c);
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    error = e;
  }
  const text = chunks.map((c) => (c.type === 'delta' ? c.text : '')).join('');
  const usage = chunks.find((c) => c.type === 'usage');
  return { chunks, text, usage: usage?.type === 'usage' ? usage.usage : null, error };
}

describe('OpenAI-compatible adapter', () => {
  it('streams the deltas and ends with the usage', async () => {
    const r = await run('你好');
    expect(r.error).toBeNull();
    expect(r.text).toBe('回答「你好」：第1段。第2段。第3段。第4段。');
    expect(r.chunks.filter((c) => c.type === 'delta')).toHaveLength(5);
    expect(r.usage).toEqual({ promptTokens: 11, completionTokens: 7 });
    expect(r.chunks.at(-1)?.type).toBe('usage');
  });

  it('sends the key, the model, stream options and image parts', async () => {
    const before = up.requests.length;
    await run('看图', {}, {
      temperature: 0.5,
      maxTokens: 100,
      messages: [{ role: 'user', content: [{ type: 'text', text: '看图' }, { type: 'image', url: 'data:image/png;base64,AAAA' }] }],
    });
    const req = up.requests[before]!;
    expect(req.key).toBe('good-key');
    expect(req.body).toMatchObject({ model: 'fake', stream: true, stream_options: { include_usage: true }, temperature: 0.5, max_tokens: 100 });
    expect(req.body.messages[0].content[1]).toEqual({ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } });
  });

  it('does not need role in the first delta', async () => {
    const r = await run('[[norole]] hi');
    expect(r.error).toBeNull();
    expect(r.text.startsWith('回答「[[norole]] hi」')).toBe(true);
  });

  it('copes with CRLF, a body written byte by byte (split UTF-8), and no usage', async () => {
    expect((await run('[[crlf]] 中文')).text).toContain('第4段。');
    const q = '中文字符[[bytes]][[nousage]]';
    const bytes = await run(q);
    expect(bytes.error).toBeNull();
    expect(bytes.text).toBe(pieces(q, 5).join(''));
    expect(bytes.text).toContain('中文字符');
    expect(bytes.usage).toBeNull();
  });

  it('accepts a plain JSON completion from a server that ignores stream', async () => {
    const r = await run('[[json]]');
    expect(r.text).toBe('完整的一次性回答');
    expect(r.usage).toEqual({ promptTokens: 11, completionTokens: 7 });
  });

  it('classifies a wrong key as auth and an exhausted one as quota', async () => {
    const bad = await run('hi', { key: 'bad-1' });
    expect(bad.error?.kind).toBe('auth');
    expect(bad.error?.status).toBe(401);
    expect(bad.error?.keyIsBad).toBe(true);
    const broke = await run('hi', { key: 'broke-1' });
    expect(broke.error?.kind).toBe('quota');
    expect(broke.error?.keyIsBad).toBe(true);
  });

  it('classifies 429 as a rate limit and 500 as an upstream failure', async () => {
    const limited = await run('[[429]]');
    expect(limited.error?.kind).toBe('rate_limit');
    expect(limited.error?.keyIsBad).toBe(false);
    const down = await run('[[500]]');
    expect(down.error?.kind).toBe('upstream');
    expect(down.error?.message).toContain('HTTP 500');
  });

  it('reports a stream cut in the middle, keeping what came', async () => {
    const cut = await run('[[cut]]');
    expect(cut.error?.kind).toBe('cut');
    expect(cut.text).toBe('回答「[[cut]]」：第1段。第2段。');
    const clean = await run('[[cut-clean]]');
    expect(clean.error?.kind).toBe('cut');
    expect(clean.text).toContain('第2段。');
  });

  it('reports an error object inside the stream', async () => {
    const r = await run('[[stream-error]]');
    expect(r.error?.kind).toBe('upstream');
    expect(r.error?.message).toContain('upstream model crashed');
    expect(r.text).toContain('第1段。');
  });

  it('times out a silent upstream, before and after the first chunk', async () => {
    const t0 = Date.now();
    const slow = await run('[[slow]]', { timeoutMs: 300 });
    expect(slow.error?.kind).toBe('timeout');
    expect(slow.text).toContain('回答');
    const hang = await run('[[hang]]', { timeoutMs: 300 });
    expect(hang.error?.kind).toBe('timeout');
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('reports a refused connection', async () => {
    const r = await run('hi', { baseUrl: await refusedUrl() });
    expect(r.error?.kind).toBe('refused');
    expect(r.error?.message).toContain('ECONNREFUSED');
  });

  it('stops quietly-typed when the caller aborts', async () => {
    const ctrl = new AbortController();
    const chunks: LlmChunk[] = [];
    let error: LlmError | null = null;
    try {
      for await (const c of chat().stream({ model: 'fake', messages: [{ role: 'user', content: '[[long]]' }], signal: ctrl.signal })) {
        chunks.push(c);
        if (chunks.length === 3) ctrl.abort();
      }
    } catch (e) {
      error = e as LlmError;
    }
    expect(error?.kind).toBe('aborted');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.length).toBeLessThan(20);
  });

  it('builds the completions URL from a base URL', () => {
    expect(completionsUrl('https://api.deepseek.com/v1/')).toBe('https://api.deepseek.com/v1/chat/completions');
    expect(completionsUrl('http://x/v1/chat/completions')).toBe('http://x/v1/chat/completions');
  });
});
