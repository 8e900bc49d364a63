import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An OpenAI-compatible upstream that answers by the key's prefix, as real gateways answer a key
 * that is wrong, banned or out of money:
 *   `k401-` 401 invalid_api_key · `k402-` 402 insufficient balance · `k403-` 403 forbidden (banned) ·
 *   `k429q-` 429 insufficient_quota · `k429-` 429 rate limit · `k500-` 500 · o1/o3/o4/gpt-5 with
 *   `max_tokens`: 400 unsupported_parameter (as OpenAI) · anything else: a short
 *   streamed reply `pong` with usage. Each request's key, model and output-token limit (under the
 * name it came in: max_tokens or max_completion_tokens) are recorded. The bodies are OpenAI's
 * (platform.openai.com/docs/guides/error-codes) and DeepSeek's (api-docs.deepseek.com, error codes: 402).
 */
export interface FakeKeyUpstream {
  url: string;
  requests: { key: string; model: string; maxTokens: number | null; tokenParam: 'max_tokens' | 'max_completion_tokens' | null; auth: string }[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function startFakeKeyUpstream(): Promise<FakeKeyUpstream> {
  const requests: FakeKeyUpstream['requests'] = [];
  const sockets = new Set<Socket>();
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const auth = req.headers.authorization ?? '';
    const key = auth.replace(/^Bearer\s+/i, '');
    let body: { model?: string; max_tokens?: number; max_completion_tokens?: number } = {};
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      // recorded as empty
    }
    const tokenParam = body.max_completion_tokens !== undefined ? 'max_completion_tokens' : body.max_tokens !== undefined ? 'max_tokens' : null;
    requests.push({ key, model: body.model ?? '', maxTokens: body.max_tokens ?? body.max_completion_tokens ?? null, tokenParam, auth });
    if (key.startsWith('k401-')) return json(res, 401, { error: { message: `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`, type: 'invalid_request_error', code: 'invalid_api_key' } });
    if (key.startsWith('k402-')) return json(res, 402, { error: { message: 'Insufficient Balance', type: 'unknown_error', param: null, code: 'invalid_request_error' } });
    if (key.startsWith('k403-')) return json(res, 403, { error: { message: 'Your access was terminated due to violation of our policies', type: 'access_terminated', code: 'access_terminated' } });
    if (key.startsWith('k429q-')) return json(res, 429, { error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', code: 'insufficient_quota' } });
    if (key.startsWith('k429-')) return json(res, 429, { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } });
    // OpenAI's reasoning models refuse max_tokens.
    if (/^(o[134](-|$)|gpt-5(?!(\.\d+)?-chat))/.test(body.model ?? '') && body.max_tokens !== undefined)
      return json(res, 400, { error: { message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", type: 'invalid_request_error', param: 'max_tokens', code: 'unsupported_parameter' } });
    if (key.startsWith('k500-')) return json(res, 500, { error: { message: 'The server had an error while processing your request.', type: 'server_error', code: null } });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (o: unknown) => res.write(`data: ${typeof o === 'string' ? o : JSON.stringify(o)}\n\n`);
    send({ choices: [{ index: 0, delta: { role: 'assistant', content: 'pong' }, finish_reason: null }] });
    send({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }] });
    send({ choices: [], usage: { prompt_tokens: 8, completion_tokens: 1, total_tokens: 9 } });
    send('[DONE]');
    res.end();
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (raw += d));
    req.on('end', () => handle(req, res, raw));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
