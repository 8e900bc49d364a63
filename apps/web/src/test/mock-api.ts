import { vi } from 'vitest';

type Json = { code: number; message?: string; data?: unknown };
export type Route = (
  body: unknown,
  url: URL,
  init?: RequestInit,
) => Reply | Promise<Reply>;
type Reply = { status?: number; body: Json } | { sse: string[]; delayMs?: number } | { stream: ReadableStream<Uint8Array> };

/**
 * Stubs fetch with "METHOD /path" handlers and records the calls; an unknown call throws.
 * A handler may answer `{ sse: chunks }`: a text/event-stream body delivered chunk by chunk
 * (`delayMs` apart, 1 ms by default).
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown; url: URL }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ method, path: url.pathname, body, url });
      const route = routes[`${method} ${url.pathname}`];
      if (!route) throw new Error(`unexpected ${method} ${url.pathname}`);
      const reply = await route(body, url, init);
      if ('stream' in reply) return new Response(reply.stream, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
      if ('sse' in reply) {
        const encoder = new TextEncoder();
        const chunks = reply.sse;
        const delay = reply.delayMs ?? 1;
        const signal = init?.signal;
        const stream = new ReadableStream<Uint8Array>({
          async start(c) {
            for (const chunk of chunks) {
              if (signal?.aborted) break;
              c.enqueue(encoder.encode(chunk));
              await new Promise((r) => setTimeout(r, delay));
            }
            c.close();
          },
        });
        return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
      }
      return new Response(JSON.stringify({ message: '', success: reply.body.code === 200, data: null, ...reply.body }), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const ok = (data: unknown, message = '请求成功') => ({ body: { code: 200, message, data } });

export const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`);

/**
 * An event stream that stays open: the route sends `first` at once, then waits for `push`,
 * `close` (ends it, optionally with last events) or `fail` (a lost connection). Aborting the
 * request errors the body, the way a browser does.
 */
export function heldSse(...first: object[]) {
  const enc = new TextEncoder();
  let ctrl: ReadableStreamDefaultController<Uint8Array> | null = null;
  const send = (events: object[]) => ctrl?.enqueue(enc.encode(sse(...events).join('')));
  const route: Route = (_body, _url, init) => ({
    stream: new ReadableStream<Uint8Array>({
      start(c) {
        ctrl = c;
        send(first);
        init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
      },
    }),
  });
  return {
    route,
    push: (...events: object[]) => send(events),
    close(...events: object[]) {
      send(events);
      ctrl?.close();
    },
    fail: () => ctrl?.error(new TypeError('network error')),
  };
}
