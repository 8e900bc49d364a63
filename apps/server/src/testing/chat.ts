import { eq } from 'drizzle-orm';
import { chatStreamEvent, type ChatCreateInput, type ChatStreamEvent } from '@app/shared';
import { balances, modelKeys, models } from '../db/schema/index.ts';
import type { TestApp } from './harness.ts';
import { readSseEvents } from './sse.ts';

export interface StreamResult {
  status: number;
  headers: Headers;
  events: ChatStreamEvent[];
  /** The text of every delta, joined. */
  text: string;
  last: ChatStreamEvent | undefined;
  /** The JSON envelope when the answer was not a stream. */
  json: any;
}

/**
 * Reads GET /api/chat/stream over real HTTP, checking each event against the shared schema.
 * `onEvent` sees every event as it arrives (to stop a stream, or drop the connection by
 * aborting `signal`).
 */
export async function readStream(
  t: TestApp,
  secret: string,
  token: string | null,
  opts: { onEvent?: (e: ChatStreamEvent, all: ChatStreamEvent[]) => void | Promise<void>; signal?: AbortSignal; query?: Record<string, string> } = {},
): Promise<StreamResult> {
  const base = await t.listen();
  const qs = new URLSearchParams({ secret, ...opts.query });
  const res = await fetch(`${base}/api/chat/stream?${qs}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: opts.signal,
  });
  const result: StreamResult = { status: res.status, headers: res.headers, events: [], text: '', last: undefined, json: null };
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    result.json = await res.json();
    return result;
  }
  return { ...result, ...(await readSseEvents(res, chatStreamEvent, opts.onEvent)) };

}

export async function createTurn(t: TestApp, token: string, body: ChatCreateInput) {
  return t.call<{ uuid: number; secret: string }>('POST', '/api/chat/create', { token, body });
}

/** create + stream; throws when create is refused. */
export async function sendTurn(t: TestApp, token: string, body: ChatCreateInput, opts: Parameters<typeof readStream>[3] = {}) {
  const created = await createTurn(t, token, body);
  if (created.body.code !== 200) throw new Error(`create failed: ${created.body.code} ${created.body.message}`);
  const stream = await readStream(t, created.body.data.secret, token, opts);
  return { ...stream, uuid: created.body.data.uuid, secret: created.body.data.secret };
}

export async function userIdOf(t: TestApp, token: string): Promise<number> {
  const r = await t.call('GET', '/api/user/info', { token });
  return r.body.data.id;
}

export async function setBalance(
  t: TestApp,
  userId: number,
  b: { base3?: number; base4?: number; member3?: number; member4?: number; memberExpiresAt?: Date | null },
) {
  await t.ctx.db
    .update(balances)
    .set({
      baseModel3: b.base3 ?? 0,
      baseModel4: b.base4 ?? 0,
      memberModel3: b.member3 ?? 0,
      memberModel4: b.member4 ?? 0,
      memberExpiresAt: b.memberExpiresAt ?? null,
    })
    .where(eq(balances.userId, userId));
}

export async function getBalance(t: TestApp, userId: number) {
  const [row] = await t.ctx.db.select().from(balances).where(eq(balances.userId, userId));
  return row!;
}

/** Adds an enabled model (bound to `baseUrl` with `keys`, or offline without keys); drops the model cache. */
export async function addModel(
  t: TestApp,
  m: { code: string; baseUrl?: string; keys?: (string | { key: string; weight: number })[]; vision?: boolean; pool?: 'model3' | 'model4'; cost?: number; inputExt?: number; maxRounds?: number; maxContextTokens?: number; systemPrompt?: string },
) {
  const [row] = await t.ctx.db
    .insert(models)
    .values({
      code: m.code,
      label: m.code,
      upstreamModel: `up-${m.code}`,
      baseUrl: m.baseUrl ?? null,
      vision: m.vision ?? false,
      pool: m.pool ?? 'model3',
      cost: m.cost ?? 1,
      inputExt: m.inputExt ?? 2000,
      maxRounds: m.maxRounds ?? 8,
      maxContextTokens: m.maxContextTokens ?? 16000,
      systemPrompt: m.systemPrompt ?? '',
      sort: 100,
    })
    .returning({ id: models.id });
  for (const k of m.keys ?? []) {
    const { key, weight } = typeof k === 'string' ? { key: k, weight: 1 } : k;
    await t.ctx.db.insert(modelKeys).values({ modelId: row!.id, key, weight });
  }
  t.clock.advance(6000);
  return row!.id;
}

export async function keysOf(t: TestApp, modelId: number) {
  return t.ctx.db.select().from(modelKeys).where(eq(modelKeys.modelId, modelId)).orderBy(modelKeys.id);
}

export const waitFor = async (cond: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/**
 * Waits for `cond`, moving the test clock on `stepMs` at most every `everyMs` of real time (at most
 * `maxMs` in all): a job step may still be scheduling its next poll from the clock when a test moves
 * it once, and that poll then lands after the moved time.
 */
export async function waitMovingClock(t: TestApp, cond: () => boolean | Promise<boolean>, o: { stepMs?: number; everyMs?: number; maxMs?: number; timeoutMs?: number } = {}) {
  const { stepMs = 3100, everyMs = 200, maxMs = Infinity, timeoutMs = 5000 } = o;
  let last = 0;
  let moved = 0;
  await waitFor(async () => {
    if (Date.now() - last > everyMs && moved + stepMs <= maxMs) {
      last = Date.now();
      moved += stepMs;
      t.clock.advance(stepMs);
    }
    return cond();
  }, timeoutMs);
}
