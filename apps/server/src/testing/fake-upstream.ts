import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamWithThinking, thinkingSentBack, thinkingShape } from './fake-thinking.ts';

/**
 * A local server speaking OpenAI's chat-completions protocol (streamed as SSE), for tests and
 * benches. It follows the API as documented at platform.openai.com/docs/api-reference/chat and
 * /docs/guides/error-codes (as served in 2025/2026), and the error bodies DeepSeek, Azure OpenAI and
 * Qwen (DashScope compatible mode) send; see `refusal` below. What it does is chosen by the model,
 * the key and by markers in the last user message:
 *   key `bad-…` → 401 invalid key · key `broke-…` → 429 insufficient_quota ·
 *   key `poor-…` → 402 Insufficient Balance (DeepSeek) · models o1/o3/o4/gpt-5 refuse a temperature
 *   other than 1 and `max_tokens`, o1-mini/o1-preview a system message, as OpenAI does ·
 *   [[context]] 400 context_length_exceeded (OpenAI) · [[context-deepseek]] the same as DeepSeek says it ·
 *   [[azure-filter]] 400 content_filter (Azure OpenAI) · [[data-inspection]] 400 data_inspection_failed
 *   (DashScope) · [[filter-finish]] two pieces, then finish_reason content_filter ·
 *   [[429]] rate limit · [[500]] server error · [[cut]] 3 chunks then the socket is destroyed ·
 *   [[cut-clean]] 3 chunks then a clean end without [DONE] · [[slow]] one chunk, then silence ·
 *   [[hang]] no answer at all · [[norole]] no `role` in the first delta · [[long]] 200 chunks
 *   at 20 ms · [[crlf]] CRLF line ends · [[bytes]] the body written a byte at a time ·
 *   [[nousage]] no usage chunk · [[json]] a plain JSON completion (as if stream were ignored) ·
 *   [[stream-error]] an error object in the middle of the stream · [[chunks:N]] N pieces ·
 *   [[interval:MS]] pieces MS apart · [[nul]] a NUL character inside the second piece.
 * Otherwise: a reply of `chunks` pieces, `intervalMs` apart, quoting the question.
 */
export interface FakeUpstreamOptions {
  chunks?: number;
  intervalMs?: number;
}

export interface RecordedRequest {
  key: string;
  body: any;
  question: string;
}

export interface FakeUpstream {
  /** Base URL to configure, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Requests still being answered. */
  open: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function lastUserText(body: any): string {
  const msgs: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const m = [...msgs].reverse().find((x) => x.role === 'user');
  if (!m) return '';
  return typeof m.content === 'string' ? m.content : (m.content as any[]).map((p) => p.text ?? '').join(' ');
}

function chunk(text: string | null, opts: { role?: boolean; finish?: string | null } = {}) {
  const delta: Record<string, unknown> = {};
  if (opts.role) delta.role = 'assistant';
  if (text !== null) delta.content = text;
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_800_000_000,
    model: 'fake',
    choices: [{ index: 0, delta, finish_reason: opts.finish ?? null }],
  };
}

function errorBody(message: string, type: string, code: string | null) {
  return JSON.stringify({ error: { message, type, param: null, code } });
}

/** OpenAI's reasoning models (gpt-5-chat is not one). */
const OPENAI_REASONING = /^(o[134](-|$)|gpt-5)(?!(\.\d+)?-chat)/;

/**
 * The error answers of real upstreams, word for word: OpenAI's parameter checks for its reasoning
 * models and its context limit, DeepSeek's 402 and context message, Azure OpenAI's content filter
 * (HTTP 400, code content_filter), DashScope's data inspection (HTTP 400, data_inspection_failed).
 */
function refusal(key: string, body: any, has: (m: string) => boolean): { status: number; body: unknown } | null {
  const invalid = (message: string, param: string | null, code: string | null) => ({ status: 400, body: { error: { message, type: 'invalid_request_error', param, code } } });
  if (key.startsWith('poor-')) return { status: 402, body: { error: { message: 'Insufficient Balance', type: 'unknown_error', param: null, code: 'invalid_request_error' } } };
  const model = String(body?.model ?? '');
  if (OPENAI_REASONING.test(model)) {
    if (body.max_tokens !== undefined) return invalid("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens', 'unsupported_parameter');
    if (body.temperature !== undefined && body.temperature !== 1)
      return invalid(`Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`, 'temperature', 'unsupported_value');
  }
  if (/^o1-(mini|preview)/.test(model)) {
    const at = (body.messages as any[]).findIndex((m) => m.role === 'system' || m.role === 'developer');
    if (at >= 0) return invalid(`Unsupported value: 'messages[${at}].role' does not support '${body.messages[at].role}' with this model.`, `messages[${at}].role`, 'unsupported_value');
  }
  if (has('context'))
    return invalid("This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.", 'messages', 'context_length_exceeded');
  if (has('context-deepseek'))
    return invalid("This model's maximum context length is 65536 tokens. However, you requested 70011 tokens (61819 in the messages, 8192 in the completion). Please reduce the length of the messages or completion.", null, 'invalid_request_error');
  if (has('azure-filter'))
    return {
      status: 400,
      body: {
        error: {
          message: "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry.",
          type: null,
          param: 'prompt',
          code: 'content_filter',
          status: 400,
          innererror: { code: 'ResponsibleAIPolicyViolation', content_filter_result: { hate: { filtered: true, severity: 'high' } } },
        },
      },
    };
  if (has('data-inspection'))
    return { status: 400, body: { error: { code: 'data_inspection_failed', param: null, message: 'Input data may contain inappropriate content.', type: 'data_inspection_failed' }, id: 'chatcmpl-fake', request_id: 'fake' } };
  return null;
}

export function pieces(question: string, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(i === 0 ? `回答「${question.slice(0, 20)}」：` : `第${i}段。`);
  return out;
}

export async function startFakeUpstream(opts: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  const state = { open: 0 };
  const sockets = new Set<import('node:net').Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await new Promise<string>((resolve) => {
      let s = '';
      req.setEncoding('utf8');
      req.on('data', (d) => (s += d));
      req.on('end', () => resolve(s));
    });
    const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end(errorBody('bad json', 'invalid_request_error', null));
      return;
    }
    const question = lastUserText(body);
    requests.push({ key, body, question });
    const has = (m: string) => question.includes(`[[${m}]]`);
    // Thinking models: the answer shapes and DeepSeek's refusal of thinking sent back are in fake-thinking.ts.
    const sentBack = thinkingSentBack(body);
    if (sentBack) return void res.writeHead(400, { 'content-type': 'application/json' }).end(sentBack);

    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(errorBody('not found', 'invalid_request_error', null));
      return;
    }
    if (key.startsWith('bad-')) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(errorBody('Incorrect API key provided: bad-****.', 'invalid_request_error', 'invalid_api_key'));
      return;
    }
    if (key.startsWith('broke-')) {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(errorBody('You exceeded your current quota, please check your plan and billing details.', 'insufficient_quota', 'insufficient_quota'));
      return;
    }
    const refused = refusal(key, body, has);
    if (refused) {
      res.writeHead(refused.status, { 'content-type': 'application/json' }).end(JSON.stringify(refused.body));
      return;
    }
    if (has('429')) {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(errorBody('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'));
      return;
    }
    if (has('500')) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(errorBody('The server had an error while processing your request.', 'server_error', null));
      return;
    }
    if (has('hang')) return; // never answers; the client's timeout ends it
    const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
    if (has('json')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: '完整的一次性回答' }, finish_reason: 'stop' }],
          usage,
        }),
      );
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const eol = has('crlf') ? '\r\n' : '\n';
    const send = async (payload: unknown) => {
      const text = `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}${eol}${eol}`;
      if (!has('bytes')) return void res.write(text);
      for (const b of Buffer.from(text)) {
        res.write(Buffer.from([b]));
        await sleep(0);
      }
    };
    const long = has('long');
    const n = long ? 200 : Number(/\[\[chunks:(\d+)\]\]/.exec(question)?.[1] ?? opts.chunks ?? 5);
    const interval = long ? 20 : Number(/\[\[interval:(\d+)\]\]/.exec(question)?.[1] ?? opts.intervalMs ?? 0);
    const parts = pieces(question, n);
    if (has('nul') && parts.length > 1) parts[1] = `第\u0000段。`;
    res.write(`: keep-alive comment${eol}${eol}`);
    const shape = thinkingShape(question);
    if (shape) return streamWithThinking(shape, { res, send, parts, question, interval, usage, sleep });

    if (has('slow')) {
      await send(chunk(parts[0]!, { role: true }));
      return; // silence: the client's timeout ends it
    }
    for (let i = 0; i < parts.length; i++) {
      if (res.destroyed) return;
      if (i > 0 && interval) await sleep(interval);
      if ((has('cut') || has('cut-clean')) && i === 3) {
        await sleep(30); // let what was written reach the client first
        return void (has('cut') ? res.socket?.destroy() : res.end());
      }
      if (has('filter-finish') && i === 2) {
        await send(chunk(null, { finish: 'content_filter' }));
        await send('[DONE]');
        return void res.end();
      }
      if (has('stream-error') && i === 2) {
        await send({ error: { message: 'upstream model crashed', type: 'server_error', code: null } });
        return void res.end();
      }
      await send(chunk(parts[i]!, { role: i === 0 && !has('norole') }));
    }
    await send(chunk(null, { finish: 'stop' }));
    if (!has('nousage')) await send({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [], usage });
    await send('[DONE]');
    res.end();
  };

  const server = createServer((req, res) => {
    state.open++;
    res.on('close', () => state.open--);
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get open() {
      return state.open;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens (a port that was just free). */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}/v1`;
}
