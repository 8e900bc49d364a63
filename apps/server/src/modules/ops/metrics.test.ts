import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { addModel, sendTurn, userIdOf } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let up: FakeUpstream;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  up = await startFakeUpstream({ chunks: 3, intervalMs: 1 });
  admin = await t.loginByPhone('13800000701');
  user = await t.loginByPhone('13800000702');
  await t.ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, await userIdOf(t, admin)));
});
afterAll(async () => {
  await t.close();
  await up.close();
});

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` }) => t.app.inject({ method: 'GET', url: '/metrics', headers });
/** The value of one series in the exposition text, or undefined. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics: who may read it', () => {
  it('without credentials: 401, with a request id in the envelope and the header', async () => {
    const res = await scrape({});
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 401 });
    expect(body.requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers['x-request-id']).toBe(body.requestId);
  });

  it('a wrong bearer is a 401, a plain user session a 404 (nothing to see)', async () => {
    expect((await scrape({ authorization: 'Bearer metrics-token-0123456789abcdeX' })).statusCode).toBe(401);
    expect((await scrape({ authorization: 'Bearer x' })).statusCode).toBe(401);
    const res = await scrape({ authorization: `Bearer ${user}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
  });

  it('the METRICS_TOKEN bearer and an administrator session read the Prometheus text', async () => {
    for (const auth of [METRICS_TOKEN, admin]) {
      const res = await scrape({ authorization: `Bearer ${auth}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE http_requests_total counter');
    }
  });
});

describe('what it reports', () => {
  it('counts requests and latency by route pattern, never the raw URL', async () => {
    await t.call('GET', '/api/app/detail/987654');
    await t.call('GET', '/api/app/detail/123456');
    const text = (await scrape()).body;
    expect(text).not.toContain('987654');
    expect(valueOf(text, 'http_requests_total{method="GET",route="/api/app/detail/:id",status="404"}') ?? valueOf(text, 'http_requests_total{method="GET",route="/api/app/detail/:id",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{method="GET",route="\/api\/app\/detail\/:id",le="\+Inf"\} \d+/);
    // An unknown URL is one series, whatever the URL.
    await t.call('GET', '/api/no-such-thing-31337');
    expect((await scrape()).body).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
  });

  it('time to first token, turns ended, credits spent per pool, upstream errors per model and key', async () => {
    await addModel(t, { code: 'mtr', baseUrl: up.url, keys: ['good-m1'] });
    await addModel(t, { code: 'mtrbad', baseUrl: up.url, keys: ['bad-m2'] });
    const ok = await sendTurn(t, user, { input: '你好', feature: 'mtr' });
    expect(ok.last).toMatchObject({ type: 'done', status: 'complete' });
    const bad = await sendTurn(t, user, { input: '你好', feature: 'mtrbad' });
    expect(bad.last).not.toMatchObject({ status: 'complete' });
    const text = (await scrape()).body;
    expect(valueOf(text, 'turn_first_token_seconds_count{kind="chat"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'turns_ended_total{kind="chat",status="complete"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'credits_spent_total{pool="model3"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/llm_upstream_errors_total\{model="mtrbad",key="\d+",kind="auth"\} 1/);
    expect(text).not.toContain('bad-m2');
    expect(valueOf(text, 'streams_in_flight')).toBe(0);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  });

  it('orders by state and job queues', async () => {
    const list = (await t.call('GET', '/api/package/index')).body.data.list as { id: number }[];
    const created = await t.call('POST', '/api/order/pay-qrcode', { token: user, body: { package_id: list[0]!.id } });
    expect(created.body.code).toBe(200);
    const text = (await scrape()).body;
    expect(valueOf(text, 'orders{state="pending"}')).toBe(1);
    expect(text).toContain('# TYPE jobs_queued gauge');
    expect(text).toContain('# TYPE documents_parse_queue gauge');
  });
});

describe('request ids', () => {
  it('echoes a proxy id that looks like one, replaces one that does not', async () => {
    const given = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toBe(given);
    const evil = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x\r\n<script>' } });
    expect(evil.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
  });

  it('puts the id in 400, 404 and 500 envelopes', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/chat/create', headers: { authorization: `Bearer ${user}`, 'content-type': 'application/json' }, payload: '{oops' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().requestId).toBe(bad.headers['x-request-id']);
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.json().requestId).toBe(missing.headers['x-request-id']);
  });

  it('streams carry the header too', async () => {
    const res = await sendTurn(t, user, { input: '流', feature: 'mtr' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('every log line written while a request is handled carries its id, whichever logger wrote it', async () => {
    const lines: Record<string, unknown>[] = [];
    const raws: string[] = [];
    const stream = { write: (s: string) => void (raws.push(s), lines.push(JSON.parse(s))) };
    const logged = await createTestApp({ logger: { level: 'info', stream, mixin: (await import('../../core/request-id.ts')).requestIdMixin } });
    try {
      // The readiness probe logs its failure through ctx.log (the app's logger, not the request's).
      const spy = vi.spyOn(logged.ctx.db, 'execute').mockRejectedValueOnce(new Error('down'));
      const res = await logged.app.inject({ method: 'GET', url: '/api/ready', headers: { 'x-request-id': 'trace-0001-abcdef' } });
      spy.mockRestore();
      expect(res.statusCode).toBe(503);
      const mine = lines.filter((l) => l.reqId === 'trace-0001-abcdef');
      expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'readiness: probe failed', 'request completed']));
      // The request's own lines carry the id once (not bound and mixed in twice).
      expect(raws.filter((l) => l.includes('"msg":"incoming request"')).every((l) => l.split('"reqId"').length === 2)).toBe(true);
    } finally {
      await logged.close();
    }
  });
});
