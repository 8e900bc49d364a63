import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiEmbeddings, embeddingsUrl } from './embeddings.ts';
import { LlmError } from './types.ts';

interface Seen {
  path: string;
  auth: string;
  body: { model: string; input: string[] };
}

/** A tiny OpenAI-shaped /embeddings server: the vector of a text is [its length, its first code unit]. */
let server: Server;
let base: string;
const seen: Seen[] = [];

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (s += c));
    req.on('end', () => resolve(s));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => void (async () => {
    const body = JSON.parse(await read(req));
    const auth = req.headers.authorization ?? '';
    seen.push({ path: req.url ?? '', auth, body });
    const json = (status: number, obj: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(obj));
    };
    if (auth === 'Bearer bad') return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
    if (auth === 'Bearer broke') return json(429, { error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } });
    if (auth === 'Bearer crash') return json(500, { error: { message: 'internal error' } });
    if (auth === 'Bearer slow') return setTimeout(() => json(200, { data: [] }), 2000);
    if (auth === 'Bearer short') return json(200, { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [1] }] });
    if (auth === 'Bearer html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>gateway</html>');
    }
    const data = body.input.map((t: string, index: number) => ({ object: 'embedding', index, embedding: [t.length, t.charCodeAt(0)] }));
    // Answer out of order: the client must sort by `index`.
    json(200, { object: 'list', model: body.model, data: data.reverse(), usage: { prompt_tokens: 1, total_tokens: 1 } });
  })());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const client = (apiKey = 'good', extra: Partial<ConstructorParameters<typeof OpenAiEmbeddings>[0]> = {}) =>
  new OpenAiEmbeddings({ baseUrl: base, apiKey, model: 'text-embedding-3-small', timeoutMs: 5000, ...extra });

async function failure(p: Promise<unknown>): Promise<LlmError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(LlmError);
  return e as LlmError;
}

describe('OpenAiEmbeddings', () => {
  it('posts model and input to {baseUrl}/embeddings and returns vectors in input order', async () => {
    seen.length = 0;
    const vectors = await client().embed(['甲', 'bb', 'ccc']);
    expect(vectors).toEqual([
      [1, '甲'.charCodeAt(0)],
      [2, 98],
      [3, 99],
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ path: '/v1/embeddings', auth: 'Bearer good', body: { model: 'text-embedding-3-small', input: ['甲', 'bb', 'ccc'] } });
  });

  it('splits into batches of at most 64 inputs', async () => {
    seen.length = 0;
    const texts = Array.from({ length: 150 }, (_, i) => 'x'.repeat(i + 1));
    const vectors = await client().embed(texts);
    expect(seen.map((s) => s.body.input.length)).toEqual([64, 64, 22]);
    expect(vectors.map((v) => v[0])).toEqual(texts.map((t) => t.length));
    seen.length = 0;
    await client('good', { batchSize: 10 }).embed(texts.slice(0, 25));
    expect(seen.map((s) => s.body.input.length)).toEqual([10, 10, 5]);
  });

  it('sends nothing for no texts and replaces empty strings', async () => {
    seen.length = 0;
    expect(await client().embed([])).toEqual([]);
    expect(seen).toHaveLength(0);
    await client().embed(['', 'a']);
    expect(seen[0]!.body.input).toEqual([' ', 'a']);
  });

  it('classifies a wrong key (401) as auth and an exhausted one as quota', async () => {
    const bad = await failure(client('bad').embed(['a']));
    expect(bad.kind).toBe('auth');
    expect(bad.status).toBe(401);
    expect(bad.keyIsBad).toBe(true);
    expect(bad.message).toContain('Incorrect API key');
    expect((await failure(client('broke').embed(['a']))).kind).toBe('quota');
    expect((await failure(client('crash').embed(['a']))).kind).toBe('upstream');
  });

  it('rejects answers of the wrong shape', async () => {
    expect((await failure(client('short').embed(['a', 'b']))).kind).toBe('upstream');
    expect((await failure(client('html').embed(['a']))).kind).toBe('upstream');
  });

  it('times out, reports a refused connection, and honours abort', async () => {
    expect((await failure(client('slow', { timeoutMs: 200 }).embed(['a']))).kind).toBe('timeout');
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect((await failure(client('good', { baseUrl: `http://127.0.0.1:${port}/v1` }).embed(['a']))).kind).toBe('refused');
    const ctrl = new AbortController();
    const p = client('slow').embed(['a'], { signal: ctrl.signal });
    setTimeout(() => ctrl.abort(), 50);
    expect((await failure(p)).kind).toBe('aborted');
  });

  it('builds the URL from a base with or without /embeddings', () => {
    expect(embeddingsUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1/embeddings');
    expect(embeddingsUrl('https://api.example.com/v1/embeddings')).toBe('https://api.example.com/v1/embeddings');
  });
});
