import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldSse, mockApi, ok, sse, type Route } from '../../test/mock-api.ts';
import { on } from '../events.ts';
import { tokenStore } from '../storage.ts';
import { toast } from '../toast.ts';
import { readRecord, RESUME_MAX_AGE_MS, saveRecord } from './record.ts';
import { currentRun, resumeRun, setUnloading, startRun, stopRun, STOP_GRACE_MS, type TurnEvent, type TurnSpec } from './run.ts';

vi.mock('../toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const SECRET = 's'.repeat(32);
type Ev = TurnEvent | { type: 'done'; id: number; status: 'complete' | 'stopped' } | { type: 'error'; code: number; message: string; id: number | null };
const done = { type: 'done', id: 9, status: 'complete' };

beforeEach(() => {
  sessionStorage.clear();
  tokenStore.set('tok');
  setUnloading(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
});

/** A chat-like feature: POST /x/prepare, GET /x/stream?secret=, POST /x/stop. */
function spec(patch: Partial<TurnSpec<Ev, { secret: string; uuid: number }>> = {}): TurnSpec<Ev, { secret: string; uuid: number }> {
  return {
    kind: 'test',
    prepare: () => fetch('/x/prepare', { method: 'POST', body: '{}' }).then(async (r) => (await r.json()).data),
    stream: (p) => ({ url: `/x/stream?secret=${p.secret}`, method: 'GET' }),
    stop: (secret) => fetch('/x/stop', { method: 'POST', body: JSON.stringify({ secret }) }).then((r) => r.json()),
    context: (p) => ({ uuid: p.uuid, question: '你好' }),
    ...patch,
  };
}

const prepared: Route = () => ok({ secret: SECRET, uuid: 7 });

describe('startRun', () => {
  it('prepares, opens the stream with the secret, hands the text per frame and settles with done', async () => {
    const calls = mockApi({
      'POST /x/prepare': prepared,
      'GET /x/stream': () => ({ sse: sse({ type: 'delta', text: '你' }, { type: 'delta', text: '好' }, { type: 'delta', text: '！' }, done), delayMs: 0 }),
    });
    const texts: string[] = [];
    const states: string[] = [];
    const run = startRun(spec({ onText: (t) => texts.push(t), onState: (s) => states.push(s) }));
    expect(run.state).toBe('preparing');
    expect(currentRun('test')).toBe(run);
    const outcome = await run.settled;
    expect(outcome).toEqual({ kind: 'done', event: done, text: '你好！' });
    expect(calls.find('GET', '/x/stream')[0]!.url.searchParams.get('secret')).toBe(SECRET);
    // Coalesced: never more updates than deltas, and the last one is the whole text.
    expect(texts.length).toBeLessThanOrEqual(3);
    expect(texts.at(-1)).toBe('你好！');
    expect(states).toEqual(['streaming', 'done']);
    expect(run.text).toBe('你好！');
    expect(currentRun('test')).toBeNull();
    expect(readRecord('test')).toBeNull();
  });

  it('keeps a resume record while the turn streams: secret, kind, context, start time', async () => {
    const stream = heldSse({ type: 'delta', text: '一' });
    mockApi({ 'POST /x/prepare': prepared, 'GET /x/stream': stream.route });
    const run = startRun(spec());
    await vi.waitFor(() => expect(run.text).toBe('一'));
    const record = readRecord('test')!;
    expect(record).toMatchObject({ secret: SECRET, kind: 'test', context: { uuid: 7, question: '你好' } });
    expect(Date.now() - record.startedAt).toBeLessThan(5000);
    stream.close(done);
    await run.settled;
    expect(readRecord('test')).toBeNull();
  });

  it('POSTs a stream body when the feature says so', async () => {
    const calls = mockApi({ 'POST /x/prepare': prepared, 'POST /x/ask': () => ({ sse: sse(done) }) });
    const run = startRun(spec({ stream: (p) => ({ url: '/x/ask', method: 'POST', body: { secret: p.secret, q: '问' } }) }));
    expect((await run.settled).kind).toBe('done');
    expect(calls.find('POST', '/x/ask')[0]!.body).toEqual({ secret: SECRET, q: '问' });
  });

  it('at most one run per kind', async () => {
    const stream = heldSse();
    mockApi({ 'POST /x/prepare': prepared, 'POST /x/stop': () => ok(null), 'GET /x/stream': stream.route });
    const run = startRun(spec());
    expect(() => startRun(spec())).toThrow(/already running/);
    // Another feature is independent.
    expect(currentRun('other')).toBeNull();
    run.abort();
    await run.settled;
    expect(currentRun('test')).toBeNull();
  });

  it('a refused prepare settles as refused and opens no stream', async () => {
    const calls = mockApi({ 'POST /x/prepare': () => ({ status: 400, body: { code: 400, message: '输入内容过长' } }) });
    const run = startRun(spec({ prepare: () => Promise.reject(new Error('refused')) }));
    expect(await run.settled).toMatchObject({ kind: 'refused' });
    expect(run.state).toBe('error');
    expect(calls.calls).toHaveLength(0);
  });

  it('a cut connection settles as cut with the text so far; the record goes', async () => {
    const stream = heldSse({ type: 'delta', text: '一半' });
    mockApi({ 'POST /x/prepare': prepared, 'GET /x/stream': stream.route });
    const run = startRun(spec());
    await vi.waitFor(() => expect(run.text).toBe('一半'));
    // The body errors without anybody aborting (network lost).
    stream.fail();
    expect(await run.settled).toEqual({ kind: 'cut', text: '一半' });
    expect(run.state).toBe('error');
    // A moment later (a page going away would never get there).
    expect(readRecord('test')).not.toBeNull();
    await vi.waitFor(() => expect(readRecord('test')).toBeNull(), { timeout: 2000 });
  });

  it('a cut re-attaches once by its secret: the text so far comes back and the reply goes on', async () => {
    const stream = heldSse({ type: 'delta', text: '一半' });
    const calls = mockApi({
      'POST /x/prepare': prepared,
      'GET /x/stream': stream.route,
      'GET /api/turns/resume': () => ({ sse: sse({ type: 'resume', text: '一半，服务器上多出来的' }, { type: 'delta', text: '。' }, done) }),
    });
    const run = startRun(spec());
    await vi.waitFor(() => expect(run.text).toBe('一半'));
    stream.fail();
    expect(await run.settled).toEqual({ kind: 'done', event: done, text: '一半，服务器上多出来的。' });
    expect(calls.find('GET', '/api/turns/resume')[0]!.url.searchParams.get('secret')).toBe(SECRET);
  });

  it('a cut whose turn ended meanwhile (resume 404) stays a cut; the feature reloads its history', async () => {
    const stream = heldSse({ type: 'delta', text: '一半' });
    mockApi({ 'POST /x/prepare': prepared, 'GET /x/stream': stream.route, 'GET /api/turns/resume': () => ({ status: 404, body: { code: 404, message: '对话已结束' } }) });
    const run = startRun(spec());
    await vi.waitFor(() => expect(run.text).toBe('一半'));
    stream.fail();
    expect(await run.settled).toEqual({ kind: 'cut', text: '一半' });
  });

  it('a cut while the page goes away (reload) keeps the record for the next load', async () => {
    const stream = heldSse({ type: 'delta', text: '一半' });
    mockApi({ 'POST /x/prepare': prepared, 'GET /x/stream': stream.route });
    const run = startRun(spec());
    await vi.waitFor(() => expect(run.text).toBe('一半'));
    window.dispatchEvent(new Event('pagehide'));
    stream.fail();
    await run.settled;
    await new Promise((r) => setTimeout(r, 1100));
    expect(readRecord('test')?.secret).toBe(SECRET);
    window.dispatchEvent(new Event('pageshow'));
  });
});

describe('stop', () => {
  it('posts the stop call with the secret; the server closes with done (stopped) before the grace', async () => {
    const stream = heldSse({ type: 'delta', text: '正在' });
    const calls = mockApi({
      'POST /x/prepare': prepared,
      'POST /x/stop': () => {
        stream.close({ ...done, status: 'stopped' });
        return ok(null);
      },
      'GET /x/stream': stream.route,
    });
    const run = startRun(spec());
    await vi.waitFor(() => expect(run.text).toBe('正在'));
    const outcome = await run.stop();
    expect(calls.find('POST', '/x/stop')[0]!.body).toEqual({ secret: SECRET });
    expect(outcome).toEqual({ kind: 'done', event: { ...done, status: 'stopped' }, text: '正在' });
    expect(readRecord('test')).toBeNull();
  });

  it('cuts the connection after the grace when the server does not close it', async () => {
    const stream = heldSse({ type: 'delta', text: '正在' });
    mockApi({ 'POST /x/prepare': prepared, 'POST /x/stop': () => ok(null), 'GET /x/stream': stream.route });
    const run = startRun(spec());
    await vi.waitFor(() => expect(run.text).toBe('正在'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stopping = run.stop();
    expect(run.state).toBe('stopping');
    let settledEarly = false;
    void stopping.then(() => (settledEarly = true));
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS - 100);
    expect(settledEarly).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await stopping).toEqual({ kind: 'stopped', text: '正在' });
    expect(run.state).toBe('done');
  });

  it('a failed stop call cuts at once', async () => {
    const stream = heldSse({ type: 'delta', text: '正在' });
    mockApi({ 'POST /x/prepare': prepared, 'GET /x/stream': stream.route });
    const run = startRun(spec({ stop: () => Promise.reject(new Error('offline')) }));
    await vi.waitFor(() => expect(run.text).toBe('正在'));
    expect(await run.stop()).toEqual({ kind: 'stopped', text: '正在' });
  });

  it('stopped while preparing: the stream is never opened', async () => {
    let answer: () => void = () => {};
    const calls = mockApi({ 'POST /x/prepare': prepared });
    const run = startRun(spec({ prepare: () => new Promise((r) => (answer = () => r({ secret: SECRET, uuid: 7 }))) }));
    const stopping = run.stop();
    answer();
    expect(await stopping).toEqual({ kind: 'cancelled' });
    expect(calls.calls).toHaveLength(0);
    expect(readRecord('test')).toBeNull();
  });

  it('abort (leaving the screen) tells the server and cuts at once', async () => {
    const stream = heldSse({ type: 'delta', text: '正在' });
    const calls = mockApi({ 'POST /x/prepare': prepared, 'POST /x/stop': () => ok(null), 'GET /x/stream': stream.route });
    const run = startRun(spec());
    await vi.waitFor(() => expect(run.text).toBe('正在'));
    run.abort();
    expect(await run.settled).toEqual({ kind: 'stopped', text: '正在' });
    await vi.waitFor(() => expect(calls.find('POST', '/x/stop')).toHaveLength(1));
    expect(readRecord('test')).toBeNull();
  });

  it('stopRun stops the run of a kind and resolves when it settled; nothing to stop resolves at once', async () => {
    await stopRun('nothing');
    const stream = heldSse();
    mockApi({ 'POST /x/prepare': prepared, 'POST /x/stop': () => (stream.close({ ...done, status: 'stopped' }), ok(null)), 'GET /x/stream': stream.route });
    const run = startRun(spec());
    await vi.waitFor(() => expect(run.state).toBe('streaming'));
    await stopRun('test');
    expect(currentRun('test')).toBeNull();
  });
});

describe('resumeRun (after a reload)', () => {
  const record = () => ({ secret: SECRET, kind: 'test', context: { uuid: 7 }, startedAt: Date.now() - 5000 });

  it('a live turn: the text so far comes back, then keeps growing; the record goes when it settles', async () => {
    saveRecord(record());
    const stream = heldSse({ type: 'resume', text: '前面已经生成的' }, { type: 'delta', text: '内容' });
    const calls = mockApi({ 'GET /api/turns/resume': stream.route });
    const texts: string[] = [];
    const run = resumeRun(spec({ onText: (t) => texts.push(t) }), readRecord('test')!);
    expect(run.resumed).toBe(true);
    expect(run.secret).toBe(SECRET);
    expect(run.state).toBe('streaming');
    await vi.waitFor(() => expect(run.text).toBe('前面已经生成的内容'));
    expect(texts[0]).toBe('前面已经生成的');
    expect(calls.find('GET', '/api/turns/resume')[0]!.url.searchParams.get('secret')).toBe(SECRET);
    const auth = (vi.mocked(fetch).mock.calls[0]![1]!.headers as Record<string, string>).Authorization;
    expect(auth).toBe('Bearer tok');
    expect(readRecord('test')).not.toBeNull();
    stream.close({ type: 'delta', text: '。' }, done);
    expect(await run.settled).toEqual({ kind: 'done', event: done, text: '前面已经生成的内容。' });
    expect(readRecord('test')).toBeNull();
  });

  it('stop works on a resumed run with the same secret', async () => {
    saveRecord(record());
    const stream = heldSse({ type: 'resume', text: '一些' });
    const calls = mockApi({ 'POST /x/stop': () => (stream.close({ ...done, status: 'stopped' }), ok(null)), 'GET /api/turns/resume': stream.route });
    const run = resumeRun(spec(), readRecord('test')!);
    await vi.waitFor(() => expect(run.text).toBe('一些'));
    expect((await run.stop()).kind).toBe('done');
    expect(calls.find('POST', '/x/stop')[0]!.body).toEqual({ secret: SECRET });
  });

  it('a turn no longer live (JSON 404) settles as gone and drops the record', async () => {
    saveRecord(record());
    mockApi({ 'GET /api/turns/resume': () => ({ status: 404, body: { code: 404, message: '对话已结束' } }) });
    const run = resumeRun(spec(), readRecord('test')!);
    expect(await run.settled).toEqual({ kind: 'gone' });
    expect(readRecord('test')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a record older than ten minutes is not resumed', () => {
    saveRecord({ ...record(), startedAt: Date.now() - RESUME_MAX_AGE_MS - 1 });
    expect(readRecord('test')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('errors (SPEC §8)', () => {
  const failing = (code: number, message: string) => ({ 'POST /x/prepare': prepared, 'GET /x/stream': () => ({ sse: sse({ type: 'delta', text: '部' }, { type: 'error', code, message, id: null }) }) });

  it.each([
    [408001, 'balance-low'],
    [508001, 'ppt-quota'],
    [403000, 'token-invalid'],
  ] as const)('%i opens its dialog (%s) and is not toasted', async (code, event) => {
    mockApi(failing(code, '不行'));
    const seen = vi.fn();
    const off = on(event, seen);
    try {
      const outcome = await startRun(spec({ toastErrors: true })).settled;
      expect(outcome).toMatchObject({ kind: 'error', code, message: '不行', text: '部', event: { id: null } });
      expect(seen).toHaveBeenCalledTimes(1);
      expect(toast.error).not.toHaveBeenCalled();
    } finally {
      off();
    }
  });

  it('another code is toasted when the feature asks for it, else left to the feature', async () => {
    mockApi(failing(502001, '模型服务暂时不可用'));
    expect(await startRun(spec()).settled).toMatchObject({ kind: 'error', code: 502001 });
    expect(toast.error).not.toHaveBeenCalled();
    mockApi(failing(502002, '上游错误'));
    await startRun(spec({ toastErrors: true })).settled;
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('上游错误'));
  });

  it('a stream call answered with JSON (408xxx) opens the purchase dialog once', async () => {
    mockApi({ 'POST /x/prepare': prepared, 'GET /x/stream': () => ({ body: { code: 408002, message: '余额不足' } }) });
    const seen = vi.fn();
    const off = on('balance-low', seen);
    try {
      expect(await startRun(spec()).settled).toMatchObject({ kind: 'error', code: 408002, event: null });
      expect(seen).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });
});
