import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex, Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { guardAgent, type ConnectGuard } from '../../core/safe-fetch.ts';
import { errorFromAnswer } from './classify.ts';
import { SseParser } from './sse.ts';
import { ThinkTags, thinksWithoutOpeningTag } from './think-tags.ts';
import { LlmError, type LlmChunk, type LlmMessage, type LlmProvider, type LlmRequest, type LlmToolCall, type LlmUsage } from './types.ts';

export interface OpenAiChatOptions {
  /** e.g. https://api.deepseek.com/v1 — `/chat/completions` is appended unless already there. */
  baseUrl: string;
  apiKey: string;
  /** Given up when no headers, or no further bytes, arrive for this long. */
  timeoutMs: number;
  /** Set when the base URL may come from the admin console: connections only to public addresses, but for the guard's allowed hosts. */
  guard?: ConnectGuard;
}

const MAX_ERROR_BODY = 64 * 1024;
const MAX_REDIRECTS = 5;
/** Followed as fetch does, except that the request stays a POST with its body (the endpoint moved, the API did not). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** A connection reused from the pool that the server had closed meanwhile: the request never reached it. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
/** How long a body that goes on after [DONE] is read to keep its connection, before it is dropped. */
const DRAIN_MS = 2000;
/** Above the 5,000 concurrent streams one process is sized for; beyond it requests queue (and time out). */
const MAX_SOCKETS_PER_ORIGIN = 8192;
const MAX_FREE_SOCKETS_PER_ORIGIN = 1024;
/** A kept-alive connection idle this long is closed: a load balancer on the way may have dropped it silently. */
const IDLE_SOCKET_MS = 30_000;

export function completionsUrl(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
}

const agents = new Map<string, HttpAgent>();
/** The pools of guarded connections, apart from the unguarded ones (a socket is checked once, when it connects). */
const guardedAgents = new WeakMap<ConnectGuard, Map<string, HttpAgent>>();

/**
 * One keep-alive pool per origin (and guard), shared by every key and turn: a turn usually starts on
 * a warm connection (no TCP or TLS handshake before its first text). LIFO keeps the fewest sockets hot.
 */
function agentFor(url: URL, guard?: ConnectGuard): HttpAgent {
  let pools = agents;
  if (guard) {
    pools = guardedAgents.get(guard) ?? new Map<string, HttpAgent>();
    guardedAgents.set(guard, pools);
  }
  let agent = pools.get(url.origin);
  if (!agent) {
    const opts = { keepAlive: true, maxSockets: MAX_SOCKETS_PER_ORIGIN, maxFreeSockets: MAX_FREE_SOCKETS_PER_ORIGIN, scheduling: 'lifo' as const };
    agent = url.protocol === 'https:' ? new HttpsAgent(opts) : new HttpAgent(opts);
    limitIdle(agent);
    if (guard) guardAgent(agent, guard);
    pools.set(url.origin, agent);
  }
  return agent;
}

/**
 * Idle connections in the pool time out (sooner when the server announces a shorter keep-alive);
 * a connection in use has no socket timeout (our own timer watches it, without per-read cost).
 */
function limitIdle(agent: HttpAgent) {
  const keep = agent.keepSocketAlive.bind(agent) as (socket: Duplex) => boolean;
  const reuse = agent.reuseSocket.bind(agent);
  agent.keepSocketAlive = (socket: Duplex) => {
    if (!keep(socket)) return false;
    const s = socket as Socket;
    if (!s.timeout || s.timeout > IDLE_SOCKET_MS) s.setTimeout(IDLE_SOCKET_MS);
    return true;
  };
  agent.reuseSocket = (socket: Duplex, req: ClientRequest) => {
    (socket as Socket).setTimeout(0);
    reuse(socket, req);
  };
}

function toWire(m: LlmMessage) {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId ?? '', content: typeof m.content === 'string' ? m.content : '' };
  if (m.role === 'assistant' && m.toolCalls?.length) {
    return {
      role: 'assistant',
      content: typeof m.content === 'string' && m.content ? m.content : null,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
    };
  }
  if (typeof m.content === 'string') return { role: m.role, content: m.content };
  return {
    role: m.role,
    content: m.content.map((p) => (p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image_url', image_url: { url: p.url } })),
  };
}

/**
 * For a model that refuses role `system` (o1-mini, o1-preview answer 400 "does not support 'system'
 * with this model", and take no `developer` message either): its text goes before the first user message.
 */
function foldSystem(messages: LlmMessage[]): LlmMessage[] {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join('')))
    .filter((text) => text.trim())
    .join('\n\n');
  const rest = messages.filter((m) => m.role !== 'system');
  if (!system) return rest;
  const first = rest.findIndex((m) => m.role === 'user');
  if (first < 0) return [{ role: 'user', content: system }, ...rest];
  const user = rest[first]!;
  const content: LlmMessage['content'] = typeof user.content === 'string' ? `${system}\n\n${user.content}` : [{ type: 'text', text: `${system}\n\n` }, ...user.content];
  return rest.map((m, i) => (i === first ? { role: 'user', content } : m));
}

/** The request body as this model's upstream takes it (its capabilities; without them, as most upstreams take it). */
export function requestBody(req: LlmRequest): Record<string, unknown> {
  const caps = req.capabilities;
  const messages = caps && !caps.takesSystem ? foldSystem(req.messages) : req.messages;
  const body: Record<string, unknown> = {
    model: req.model,
    messages: messages.map(toWire),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (req.temperature !== undefined && caps?.takesTemperature !== false) body.temperature = req.temperature;
  if (req.maxTokens) body[caps?.tokenParam ?? 'max_tokens'] = req.maxTokens;
  if (req.tools?.length) {
    body.tools = req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
    body.tool_choice = 'auto';
  }
  return body;
}

function errorCode(e: unknown): string {
  const err = e as { code?: unknown; errors?: { code?: unknown }[]; cause?: { code?: unknown } };
  const code = err?.code ?? err?.errors?.[0]?.code ?? err?.cause?.code;
  return typeof code === 'string' ? code : '';
}

function decompressor(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}

/**
 * State of one streamed answer, fed with the `data` payloads of its events. The model's thinking
 * comes apart from the answer in any of three shapes: `delta.reasoning_content` (DeepSeek, Qwen,
 * Kimi, most Chinese gateways), `delta.reasoning` (OpenRouter, Ollama's OpenAI endpoint), or
 * `<think>…</think>` leading `content` (R1 distills served raw by Ollama or vLLM).
 */
class Completion {
  done = false;
  finished = false;
  usage: LlmUsage | null = null;
  private readonly tags: ThinkTags;
  /** Tool calls being streamed, by their index (parallel calls interleave; arguments come in pieces). */
  private readonly calls = new Map<number, LlmToolCall>();
  private callsTaken = false;

  constructor(model: string) {
    this.tags = new ThinkTags(thinksWithoutOpeningTag(model));
  }

  /** The thinking that the payloads taken since the last call added. */
  takeThinking(): string {
    const text = this.tags.thinking;
    if (text) this.tags.thinking = '';
    return text;
  }

  /** The model's tool calls, once, when its answer is complete (null before, after, or when it made none). */
  takeToolCalls(): LlmToolCall[] | null {
    if (this.callsTaken || !this.calls.size || !(this.finished || this.done)) return null;
    this.callsTaken = true;
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, c]) => ({ ...c, id: c.id || `call_${i}` }))
      .filter((c) => c.name);
  }

  private takeCallDeltas(list: unknown) {
    if (!Array.isArray(list)) return;
    list.forEach((d: any, i: number) => {
      if (!d || typeof d !== 'object') return;
      const index = Number.isInteger(d.index) ? Number(d.index) : i;
      let call = this.calls.get(index);
      if (!call) this.calls.set(index, (call = { id: '', name: '', arguments: '' }));
      if (typeof d.id === 'string' && d.id) call.id = d.id;
      const fn = d.function;
      // The name comes whole in the call's first delta (some gateways repeat it in every one).
      if (typeof fn?.name === 'string' && fn.name && !call.name) call.name = fn.name;
      if (typeof fn?.arguments === 'string') call.arguments += fn.arguments;
      else if (fn?.arguments && typeof fn.arguments === 'object') call.arguments = JSON.stringify(fn.arguments);
    });
  }

  /** The answer held back (the start of a tag) once the answer is complete. */
  end(): string {
    return this.tags.end();
  }

  /** Returns the answer text this payload adds ('' for none). Throws LlmError for an in-stream error. */
  take(data: string): string {
    if (data === '[DONE]') {
      this.done = true;
      return '';
    }
    let obj: any;
    try {
      obj = JSON.parse(data);
    } catch {
      // Some servers omit the blank line between events, which joins their data lines.
      if (!data.includes('\n')) return '';
      let text = '';
      for (const line of data.split('\n')) text += this.take(line.startsWith('data:') ? line.slice(5).trimStart() : line);
      return text;
    }
    if (!obj || typeof obj !== 'object') return '';
    if (obj.error) throw errorFromAnswer(0, data);
    const u = obj.usage;
    if (u && typeof u === 'object') {
      this.usage = { promptTokens: Number(u.prompt_tokens) || 0, completionTokens: Number(u.completion_tokens) || 0 };
    }
    const choice = obj.choices?.[0];
    if (!choice) return '';
    if (choice.finish_reason) this.finished = true;
    // Azure OpenAI and others stop a filtered answer with this reason; what came before it is no answer.
    if (choice.finish_reason === 'content_filter') throw new LlmError('content_filter', 'the upstream content filter stopped the answer');
    const message = choice.delta ?? choice.message;
    if (!message) return '';
    this.takeCallDeltas(message.tool_calls);
    const thinking = message.reasoning_content ?? message.reasoning;
    if (typeof thinking === 'string') {
      this.tags.separateThinking();
      if (thinking) this.tags.thinking += thinking;
    }
    const text = message.content;
    return typeof text === 'string' && text ? this.tags.push(text) : '';
  }
}

interface CallOptions {
  url: URL;
  headers: OutgoingHttpHeaders;
  body: string;
  timeoutMs: number;
  signal?: AbortSignal;
  guard?: ConnectGuard;
}

/** Receives each delta as it is parsed; a promise returned pauses the upstream until it settles. */
export type DeltaSink = (text: string) => void | Promise<void>;

/** Push mode: where the answer and (when asked for) the thinking go. */
interface Sinks {
  answer: DeltaSink;
  thinking?: DeltaSink;
}

/** Queued deltas (pull mode) above which the upstream is paused until the reader catches up. */
const QUEUE_HIGH = 256;

/**
 * One request to the upstream on node:http, driven by its events: the body's bytes go straight
 * into the SSE parser, and each delta is either queued for a reader (pull: `take` / `wait`) or
 * handed to a sink right there (push: no promise per delta). Whatever ends the call (the answer
 * complete, an error answer, a cut, the timeout, the caller's abort) is settled once, after the
 * deltas that came before it; in push mode `onOver` then reports it.
 */
class UpstreamCall {
  over = false;
  failure: Error | null = null;
  private queue: (LlmChunk | undefined)[] = [];
  private head = 0;
  private wake: (() => void) | null = null;
  private req: ClientRequest | null = null;
  private res: IncomingMessage | null = null;
  private body: Readable | null = null;
  private retried = false;
  private paused = false;
  /** Push mode: promises from the sink not settled yet (the upstream is paused meanwhile). */
  private holds = 0;
  /** While an error answer is read: ends the read with what came so far. */
  private partial: (() => void) | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly completion: Completion;
  private readonly parser = new SseParser((data) => this.onEvent(data));
  private readonly origin: string;

  constructor(
    private readonly opts: CallOptions,
    model: string,
    private readonly sinks: Sinks | null = null,
    private onOver: ((failure: Error | null, usage: LlmUsage | null) => void) | null = null,
  ) {
    this.completion = new Completion(model);
    this.origin = opts.url.origin;
    this.timer = setTimeout(this.onTimeout, opts.timeoutMs);
    opts.signal?.addEventListener('abort', this.onAbort, { once: true });
    this.send(opts.url, 0);
  }

  /** Pull mode: the next chunk to hand out, or undefined when none is queued. */
  take(): LlmChunk | undefined {
    if (this.head === this.queue.length) return undefined;
    const chunk = this.queue[this.head];
    this.queue[this.head++] = undefined;
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
      if (this.paused) this.resume();
    }
    return chunk;
  }

  /** Pull mode: resolves when something was queued or the call is over. */
  wait(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  /** The reader is done: stop whatever still runs. */
  close() {
    if (!this.over) {
      this.over = true;
      this.stop();
      return;
    }
    this.release();
    const res = this.res;
    if (!this.failure && res && !res.complete && !res.destroyed) {
      // [DONE] came before the end of the body: read on briefly so the connection can be reused.
      const drop = setTimeout(() => this.req?.destroy(), DRAIN_MS);
      drop.unref();
      res.once('close', () => clearTimeout(drop));
      this.paused = false;
      res.resume();
    }
  }

  private send(url: URL, hops: number) {
    let req: ClientRequest;
    try {
      const request = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : null;
      if (!request) throw new Error(`unsupported protocol ${url.protocol}`);
      // Like fetch, the key is not sent on to another origin.
      const { Authorization: _key, ...anonymous } = this.opts.headers;
      const headers = url.origin === this.origin ? this.opts.headers : anonymous;
      req = request(url, { method: 'POST', headers, agent: agentFor(url, this.opts.guard) });
    } catch (e) {
      return this.fail(this.refused(e));
    }
    this.req = req;
    req.on('response', (res) => this.onResponse(req, res, url, hops));
    req.on('error', (e) => {
      if (req !== this.req || this.over) return;
      if (!this.res && req.reusedSocket && !this.retried && STALE_SOCKET.has(errorCode(e))) {
        this.retried = true;
        return this.send(url, hops);
      }
      this.fail(this.res ? this.cut(e) : this.refused(e));
    });
    req.end(this.opts.body);
  }

  private onResponse(req: ClientRequest, res: IncomingMessage, url: URL, hops: number) {
    if (req !== this.req || this.over) return void res.resume();
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECTS.has(status) && location && hops < MAX_REDIRECTS) {
      res.resume();
      let next: URL;
      try {
        next = new URL(location, url);
      } catch (e) {
        return this.fail(this.refused(e));
      }
      return this.send(next, hops + 1);
    }
    this.timer.refresh();
    this.res = res;
    res.on('error', this.onBodyError);
    let body: Readable = res;
    const inflate = res.headers['content-encoding'] ? decompressor(res.headers['content-encoding']) : null;
    if (inflate) {
      inflate.on('error', this.onBodyError);
      body = res.pipe(inflate);
    }
    this.body = body;
    body.on('close', this.onBodyClose);
    if (status < 200 || status >= 300) this.collect(body, MAX_ERROR_BODY, true, (text) => this.fail(errorFromAnswer(status, text)));
    // A server that ignores `stream: true` answers with one JSON completion.
    else if ((res.headers['content-type'] ?? '').includes('application/json')) this.collect(body, Infinity, false, this.onJson);
    else {
      body.on('data', this.onSseData);
      body.on('end', this.onSseEnd);
    }
  }

  /**
   * Reads a whole (small) body as text: an error answer (`lenient`: a body cut short, or stalled,
   * still tells what we got), or a completion sent as plain JSON.
   */
  private collect(body: Readable, cap: number, lenient: boolean, then: (text: string) => void) {
    const parts: Buffer[] = [];
    let size = 0;
    const finish = () => {
      this.partial = null;
      body.off('data', onData);
      then(Buffer.concat(parts).toString('utf8'));
    };
    const onData = (chunk: Buffer) => {
      if (this.over) return;
      this.timer.refresh();
      parts.push(chunk);
      size += chunk.length;
      if (size >= cap) finish(); // what we have tells enough; the rest goes with the connection
    };
    if (lenient) this.partial = finish;
    body.on('data', onData);
    body.once('end', () => {
      if (!this.over) finish();
    });
  }

  private onJson = (text: string) => {
    let delta: string;
    try {
      delta = this.completion.take(text);
    } catch (e) {
      return this.fail(e as LlmError);
    }
    this.emitTaken(delta);
    if (!this.over) this.finish();
  };

  private onSseData = (chunk: Buffer) => {
    if (this.over) return;
    this.timer.refresh();
    this.parser.push(chunk);
    if (this.wake) this.notify();
  };

  private onEvent(data: string) {
    if (this.over) return;
    let text: string;
    try {
      text = this.completion.take(data);
    } catch (e) {
      return this.fail(e as LlmError);
    }
    this.emitTaken(text);
    if (this.completion.done && !this.over) this.finish();
  }

  /** The thinking the last payload brought, then its answer (the thinking comes first within one). */
  private emitTaken(answer: string) {
    const thinking = this.completion.takeThinking();
    if (thinking) this.emit(thinking, true);
    if (answer && !this.over) this.emit(answer, false);
    const calls = this.completion.takeToolCalls();
    // Pull mode only (chat's turns read tool calls; the push relay is for tools that use none).
    if (calls?.length && !this.sinks && !this.over) this.queue.push({ type: 'tool_calls', calls });
  }

  private emit(text: string, thinking: boolean) {
    const sinks = this.sinks;
    if (!sinks) {
      this.queue.push(thinking ? { type: 'thinking', text } : { type: 'delta', text });
      if (this.queue.length - this.head >= QUEUE_HIGH) this.pause();
      return;
    }
    const sink = thinking ? sinks.thinking : sinks.answer;
    if (!sink) return;
    let wait: void | Promise<void>;
    try {
      wait = sink(text);
    } catch (e) {
      return this.fail(e as Error);
    }
    if (!wait) return;
    this.holds++;
    this.pause();
    wait.then(
      () => {
        if (--this.holds === 0) this.resume();
      },
      (e: Error) => this.fail(e),
    );
  }

  private pause() {
    if (this.paused || !this.body) return;
    this.paused = true;
    this.body.pause();
  }

  private resume() {
    if (!this.paused || this.over) return;
    this.paused = false;
    this.body?.resume();
  }

  private onSseEnd = () => {
    if (this.over) return;
    this.parser.end();
    if (this.over) return;
    if (!this.completion.finished) return this.fail(new LlmError('cut', 'the stream ended before the answer was complete'));
    this.finish();
  };

  private onBodyError = (e: Error) => {
    if (this.over) return;
    if (this.partial) return this.partial();
    this.fail(this.cut(e));
  };

  /** Closed without an end (and without an error event): cut all the same. */
  private onBodyClose = () => {
    if (this.over || this.body?.readableEnded) return;
    if (this.partial) return this.partial();
    this.fail(this.cut(null));
  };

  private onTimeout = () => {
    if (this.partial) return this.partial();
    this.fail(new LlmError('timeout', `nothing from the upstream for ${this.opts.timeoutMs} ms`));
  };

  private onAbort = () => {
    if (this.over) return;
    this.queue.length = 0;
    this.head = 0;
    this.fail(new LlmError('aborted', 'aborted by the caller'));
  };

  private refused(e: unknown) {
    return new LlmError('refused', `cannot connect to the upstream (${errorCode(e) || (e as Error)?.message || 'unknown'})`);
  }

  private cut(e: unknown) {
    const code = errorCode(e);
    return new LlmError('cut', `the stream broke off${code ? ` (${code})` : ''}`);
  }

  /** The answer is complete ([DONE], or the body ended after a finish reason). */
  private finish() {
    // What the think-tag parser held back (the start of a tag that never came) is text after all.
    const held = this.completion.end();
    this.emitTaken(held);
    if (this.over) return;
    if (this.completion.usage && !this.sinks) this.queue.push({ type: 'usage', usage: this.completion.usage });
    this.over = true;
    this.release();
    this.notify();
  }

  private fail(e: Error) {
    if (this.over) return;
    this.failure = e;
    this.over = true;
    this.stop();
    this.notify();
  }

  private notify() {
    const wake = this.wake;
    if (wake) {
      this.wake = null;
      wake();
    }
    const onOver = this.onOver;
    if (onOver && this.over) {
      this.onOver = null;
      this.close();
      onOver(this.failure, this.failure ? null : this.completion.usage);
    }
  }

  private release() {
    clearTimeout(this.timer);
    this.opts.signal?.removeEventListener('abort', this.onAbort);
  }

  /** Drops the request and its connection (a no-op once the response is complete). */
  private stop() {
    this.release();
    this.req?.destroy();
    if (this.body !== this.res) this.body?.destroy();
  }
}

/**
 * Any OpenAI-compatible chat completions endpoint, streamed. Written on node:http with a
 * keep-alive pool per origin and an SSE parser working on the body's bytes: it relays each
 * delta as it arrives and does not need `role` in the first delta.
 */
export class OpenAiChat implements LlmProvider {
  readonly name = 'openai' as const;

  constructor(private opts: OpenAiChatOptions) {}

  private callOptions(req: LlmRequest): CallOptions {
    let url: URL;
    try {
      url = new URL(completionsUrl(this.opts.baseUrl));
    } catch {
      throw new LlmError('refused', `cannot connect to the upstream (invalid URL ${this.opts.baseUrl})`);
    }
    const body = JSON.stringify(requestBody(req));
    return {
      url,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Accept: 'text/event-stream',
        Authorization: `Bearer ${this.opts.apiKey}`,
        'User-Agent': 'node',
      },
      body,
      timeoutMs: this.opts.timeoutMs,
      signal: req.signal,
      guard: this.opts.guard,
    };
  }

  async *stream(req: LlmRequest): AsyncGenerator<LlmChunk> {
    if (req.signal?.aborted) throw new LlmError('aborted', 'aborted before start');
    const call = new UpstreamCall(this.callOptions(req), req.model);
    try {
      for (;;) {
        const chunk = call.take();
        if (chunk) yield chunk;
        else if (call.failure) throw call.failure;
        else if (call.over) return;
        else await call.wait();
      }
    } finally {
      call.close();
    }
  }

  /**
   * The same answer pushed rather than pulled: `onDelta` gets each text in the read that brought
   * it (no promise per delta; a promise it returns pauses the upstream). Resolves with the usage
   * (null when not reported) once the answer is complete; rejects as `stream` throws. The model's
   * thinking goes to `onThinking`, and without it nowhere.
   */
  relay(req: LlmRequest, onDelta: DeltaSink, onThinking?: DeltaSink): Promise<LlmUsage | null> {
    return new Promise((resolve, reject) => {
      if (req.signal?.aborted) throw new LlmError('aborted', 'aborted before start');
      const sinks = { answer: onDelta, ...(onThinking ? { thinking: onThinking } : {}) };
      new UpstreamCall(this.callOptions(req), req.model, sinks, (failure, usage) => (failure ? reject(failure) : resolve(usage)));
    });
  }
}
