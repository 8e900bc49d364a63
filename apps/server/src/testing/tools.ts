import { mindStreamEvent, translateStreamEvent, type MindStreamEvent, type TranslateStreamEvent } from '@app/shared';
import type { TestApp } from './harness.ts';
import { readSseEvents } from './sse.ts';

export interface ToolStream<E> {
  status: number;
  events: E[];
  text: string;
  last: E | undefined;
  json: any;
}

async function post<E extends { type: string }>(
  t: TestApp,
  path: string,
  schema: typeof mindStreamEvent | typeof translateStreamEvent,
  token: string | null,
  body: unknown,
  opts: { onEvent?: (e: E) => void | Promise<void>; signal?: AbortSignal },
): Promise<ToolStream<E>> {
  const base = await t.listen();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: opts.signal,
  });
  const out: ToolStream<E> = { status: res.status, events: [], text: '', last: undefined, json: null };
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    out.json = await res.json();
    return out;
  }
  return { ...out, ...((await readSseEvents(res, schema, opts.onEvent as never)) as unknown as Omit<ToolStream<E>, 'status' | 'json'>) };
}

/** POST /chatgpt/chat-mind over real HTTP, each event checked against the shared schema. */
export const streamMind = (t: TestApp, token: string | null, body: unknown, opts: { onEvent?: (e: MindStreamEvent) => void | Promise<void>; signal?: AbortSignal } = {}) =>
  post<MindStreamEvent>(t, '/chatgpt/chat-mind', mindStreamEvent, token, body, opts);

/** POST /api/chat/translate over real HTTP. */
export const streamTranslate = (t: TestApp, token: string | null, body: unknown, opts: { onEvent?: (e: TranslateStreamEvent) => void | Promise<void>; signal?: AbortSignal } = {}) =>
  post<TranslateStreamEvent>(t, '/api/chat/translate', translateStreamEvent, token, body, opts);

/** create + stream of a mind map; throws when create is refused. */
export async function makeMind(
  t: TestApp,
  token: string,
  body: { prompt: string; options?: Record<string, unknown>; systemMessage?: string; document?: string },
  opts: Parameters<typeof streamMind>[3] = {},
) {
  const c = await t.call<{ id: number; secret: string }>('POST', '/api/mind/create', { token, body });
  if (c.body.code !== 200) throw new Error(`create failed: ${c.body.code} ${c.body.message}`);
  const { id, secret } = c.body.data;
  const s = await streamMind(t, token, { prompt: body.prompt || undefined, options: { ...body.options, secret }, systemMessage: body.systemMessage }, opts);
  return { ...s, id, secret };
}

/** create + stream of a translation; throws when create is refused. */
export async function translate(t: TestApp, token: string, body: { text: string; from?: string; to: string; model?: string }, opts: Parameters<typeof streamTranslate>[3] = {}) {
  const c = await t.call<{ id: number; secret: string; from: string; to: string }>('POST', '/api/translate/create', { token, body });
  if (c.body.code !== 200) throw new Error(`create failed: ${c.body.code} ${c.body.message}`);
  const s = await streamTranslate(t, token, { secret: c.body.data.secret }, opts);
  return { ...s, ...c.body.data };
}
