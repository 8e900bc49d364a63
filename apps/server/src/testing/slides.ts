import { deckOutlineEvent, type DeckOutlineEvent, type DeckOutlineValidateBody } from '@app/shared';
import type { TestApp } from './harness.ts';
import { readSseEvents } from './sse.ts';

/** POST /api/aippt/outline/validate then the outline stream over real HTTP; the deck id and the events. */
export async function makeOutline(
  t: TestApp,
  token: string,
  body: Partial<DeckOutlineValidateBody> & { topic: string },
  opts: { onEvent?: (e: DeckOutlineEvent, all: DeckOutlineEvent[]) => void | Promise<void>; signal?: AbortSignal } = {},
) {
  const v = await t.call<{ secret: string; deckId: number }>('POST', '/api/aippt/outline/validate', { token, body: { pages: 10, ...body } });
  if (v.body.code !== 200) throw new Error(`validate failed: ${v.body.code} ${v.body.message}`);
  const stream = await openOutline(t, v.body.data.secret, token, opts);
  return { deckId: v.body.data.deckId, secret: v.body.data.secret, ...stream };
}

export async function openOutline(
  t: TestApp,
  secret: string,
  token: string | null,
  opts: { onEvent?: (e: DeckOutlineEvent, all: DeckOutlineEvent[]) => void | Promise<void>; signal?: AbortSignal } = {},
) {
  const base = await t.listen();
  const res = await fetch(`${base}/api/aippt/outline/stream?${new URLSearchParams({ secret })}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: opts.signal,
  });
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    return { status: res.status, json: (await res.json()) as { code: number; message: string }, events: [] as DeckOutlineEvent[], text: '', last: undefined };
  }
  return { status: res.status, json: null, ...(await readSseEvents(res, deckOutlineEvent, opts.onEvent)) };
}
