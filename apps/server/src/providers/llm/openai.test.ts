import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pieces, refusedUrl, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { OpenAiChat, completionsUrl } from './openai.ts';
import { LlmError, type LlmChunk, type LlmRequest } from './types.ts';

type Mode = 'stream' | 'relay';

let up: FakeUpstream;
beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 5 });
});
afterAll(() => up.close());

const chat = (opts: { key?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  new OpenAiChat({ baseUrl: opts.baseUrl ?? up.url, apiKey: opts.key ?? 'good-key', timeoutMs: opts.timeoutMs ?? 5000 });

/** The answer as `stream` yields it, or as `relay` pushes it (rebuilt into the same chunks). */
async function collect(adapter: OpenAiChat, req: LlmRequest, mode: Mode) {
  const chunks: LlmChunk[] = [];
  let error: LlmError | null = null;
  try {
    if (mode === 'stream') for await (const c of adapter.stream(req)) chunks.push(c);
    else {
      const usage = await adapter.relay(req, (text) => void chunks.push({ type: 'delta', text }));
      if (usage) chunks.push({ type: 'usage', usage });
    }
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    error = e;
  }
  const text = chunks.map((c) => (c.type === 'delta' ? c.text : '')).join('');
  const usage = chunks.find((c) => c.type === 'usage');
  return { chunks, text, usage: usage?.type === 'usage' ? usage.usage : null, error };
}

async function runIn(question: string, opts: Parameters<typeof chat>[0] = {}, extra: Partial<LlmRequest> = {}, mode: Mode = 'stream') {
  return collect(chat(opts), { model: 'fake', messages: [{ role: 'user', content: question }], ...extra }, mode);
}

/** A local server answering with `handle`; the sockets it accepted are counted. */
async function startServer(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (body += d));
    req.on('end', () => handle(req, res, body));
  });
  server.on('connection', (s) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const sse = (...events: unknown[]) => events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join('');
const delta = (content: string, finish: string | null = null) => ({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] });

describe.each(['stream', 'relay'] as const)('OpenAI-compatible adapter (%s)', (mode) => {
  const run = (question: string, opts: Parameters<typeof chat>[0] = {}, extra: Partial<LlmRequest> = {}) => runIn(question, opts, extra, mode);

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
    const req: LlmRequest = { model: 'fake', messages: [{ role: 'user', content: '[[long]]' }], signal: ctrl.signal };
    const take = (c: LlmChunk) => {
      chunks.push(c);
      if (chunks.length === 3) ctrl.abort();
    };
    try {
      if (mode === 'stream') for await (const c of chat().stream(req)) take(c);
      else await chat().relay(req, (text) => take({ type: 'delta', text }));
    } catch (e) {
      error = e as LlmError;
    }
    expect(error?.kind).toBe('aborted');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.length).toBeLessThan(20);
    await expect(run('hi', {}, { signal: AbortSignal.abort() })).resolves.toMatchObject({ error: { kind: 'aborted' } });
  });

  it('builds the completions URL from a base URL', () => {
    expect(completionsUrl('https://api.deepseek.com/v1/')).toBe('https://api.deepseek.com/v1/chat/completions');
    expect(completionsUrl('http://x/v1/chat/completions')).toBe('http://x/v1/chat/completions');
  });

  it('reports a base URL that cannot be used as refused', async () => {
    expect((await run('hi', { baseUrl: 'not a url' })).error?.kind).toBe('refused');
    expect((await run('hi', { baseUrl: 'ftp://127.0.0.1/v1' })).error?.message).toContain('ftp:');
  });
});

describe('OpenAI-compatible adapter on node:http', () => {
  it('reuses one kept-alive connection for turns one after another', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse(delta('a'), delta('b', 'stop'), '[DONE]'));
    });
    try {
      for (let i = 0; i < 5; i++) expect((await runIn('hi', { baseUrl: server.url }, {}, i % 2 ? 'relay' : 'stream')).text).toBe('ab');
      expect(server.connections).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('opens a new connection when the server closed the kept-alive one', async () => {
    let answered = 0;
    const server = await startServer((req, res) => {
      answered++;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse(delta(`ok${answered}`, 'stop'), '[DONE]'));
      // The server drops the connection once the answer is out, as idle timeouts do.
      const socket = req.socket;
      setTimeout(() => socket.destroy(), 10);
    });
    try {
      expect((await runIn('hi', { baseUrl: server.url })).text).toBe('ok1');
      await new Promise((r) => setTimeout(r, 50));
      expect((await runIn('hi', { baseUrl: server.url }, {}, 'relay')).text).toBe('ok2');
      expect(server.connections).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('follows a redirect with the request intact, and keeps the key on the same origin only', async () => {
    const seen: { path: string; key: string | undefined; body: any }[] = [];
    const target = await startServer((req, res, body) => {
      seen.push({ path: req.url!, key: req.headers.authorization, body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse(delta('moved', 'stop'), '[DONE]'));
    });
    const mover = await startServer((req, res, body) => {
      seen.push({ path: req.url!, key: req.headers.authorization, body: JSON.parse(body) });
      const to = req.url!.startsWith('/v1/') ? '/v2/chat/completions' : `${target.url}/chat/completions`;
      res.writeHead(req.url!.startsWith('/v1/') ? 307 : 308, { location: to }).end();
    });
    try {
      const r = await runIn('hi', { baseUrl: mover.url, key: 'k-1' }, {}, 'relay');
      expect(r.error).toBeNull();
      expect(r.text).toBe('moved');
      expect(seen.map((x) => x.path)).toEqual(['/v1/chat/completions', '/v2/chat/completions', '/v1/chat/completions']);
      expect(seen.map((x) => x.key)).toEqual(['Bearer k-1', 'Bearer k-1', undefined]);
      expect(seen.every((x) => x.body.stream === true && x.body.model === 'fake')).toBe(true);
    } finally {
      await mover.close();
      await target.close();
    }
  });

  it('reads a compressed body, and an error answer cut short', async () => {
    const server = await startServer((_req, res, body) => {
      if (JSON.parse(body).messages[0].content === 'gzip') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
        return res.end(gzipSync(sse(delta('压缩'), delta('的', 'stop'), { choices: [], usage: { prompt_tokens: 1, completion_tokens: 2 } }, '[DONE]')));
      }
      res.writeHead(503, { 'content-type': 'application/json' });
      res.write('{"error":{"message":"overloaded, try');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    try {
      for (const mode of ['stream', 'relay'] as const) {
        const r = await runIn('gzip', { baseUrl: server.url }, {}, mode);
        expect(r.text).toBe('压缩的');
        expect(r.usage).toEqual({ promptTokens: 1, completionTokens: 2 });
        const cut = await runIn('error', { baseUrl: server.url }, {}, mode);
        expect(cut.error?.kind).toBe('upstream');
        expect(cut.error?.message).toContain('HTTP 503');
        expect(cut.error?.message).toContain('overloaded');
      }
    } finally {
      await server.close();
    }
  });

  it('ends at [DONE] even when the body goes on and does not end', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse(delta('done'), '[DONE]', delta('ignored')));
    });
    try {
      for (const mode of ['stream', 'relay'] as const) {
        const t0 = Date.now();
        const r = await runIn('hi', { baseUrl: server.url, timeoutMs: 5000 }, {}, mode);
        expect(r.error).toBeNull();
        expect(r.text).toBe('done');
        expect(Date.now() - t0).toBeLessThan(1000);
      }
    } finally {
      await server.close();
    }
  });

  it('relay: a promise from the sink holds the upstream back until it settles', async () => {
    const got: { text: string; at: number }[] = [];
    const t0 = Date.now();
    const usage = await chat().relay({ model: 'fake', messages: [{ role: 'user', content: '[[chunks:6]] [[bytes]]' }] }, (text) => {
      got.push({ text, at: Date.now() - t0 });
      if (got.length === 2) return new Promise<void>((resolve) => setTimeout(resolve, 300));
    });
    expect(usage).toEqual({ promptTokens: 11, completionTokens: 7 });
    expect(got.map((g) => g.text).join('')).toBe(pieces('[[chunks:6]] [[bytes]]', 6).join(''));
    // The body is written a byte at a time, so nothing more had been read when the sink said wait.
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(250);
  });

  it('relay: an exception thrown by the sink ends the call with it', async () => {
    const boom = new Error('sink failed');
    await expect(chat().relay({ model: 'fake', messages: [{ role: 'user', content: 'hi' }] }, () => {
      throw boom;
    })).rejects.toBe(boom);
  });
});

describe('OpenAI-compatible adapter under a connection guard (a base URL from the admin console)', () => {
  it('refuses a name that resolves to loopback and a redirect inside; the allowed host is reached', async () => {
    let heard = 0;
    const inside = await startServer((_req, res) => {
      heard++;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse(delta('inside', 'stop'), '[DONE]'));
    });
    const port = new URL(inside.url).port;
    const mover = await startServer((_req, res) => res.writeHead(307, { location: `http://localhost:${port}/v1/chat/completions` }).end());
    const guard = { allowHosts: [`127.0.0.1:${new URL(mover.url).port}`] };
    const guarded = (baseUrl: string) => new OpenAiChat({ baseUrl, apiKey: 'k', timeoutMs: 5000, guard });
    const ask = (adapter: OpenAiChat) => collect(adapter, { model: 'fake', messages: [{ role: 'user', content: 'hi' }] }, 'relay');
    try {
      const byName = await ask(guarded(`http://localhost:${port}/v1`));
      expect(byName.error).toMatchObject({ kind: 'refused' });
      expect(byName.error!.message).toMatch(/不允许访问内网地址（(127\.0\.0\.1|::1)）/);
      expect((await ask(guarded(inside.url))).error).toMatchObject({ kind: 'refused' });
      expect((await ask(guarded(mover.url))).error).toMatchObject({ kind: 'refused' });
      expect(heard).toBe(0);
      expect(inside.connections).toBe(0);
      // Without a guard (the environment's upstream) the same server answers.
      expect((await ask(new OpenAiChat({ baseUrl: inside.url, apiKey: 'k', timeoutMs: 5000 }))).text).toBe('inside');
    } finally {
      await mover.close();
      await inside.close();
    }
  });
});
