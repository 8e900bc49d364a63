import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BehaviorEvent } from '@app/shared';

vi.mock('./toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

type Tracking = typeof import('./tracking.ts');

/** A fresh module per test: the fingerprint cache, page state and once-flags start over. */
async function freshTracking(): Promise<Tracking> {
  vi.resetModules();
  return import('./tracking.ts');
}

let beacons: { url: string; event: BehaviorEvent }[];
let beaconAccepts = true;
const pending: Promise<unknown>[] = [];

function stubBeacon() {
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      if (!beaconAccepts) return false;
      const entry = { url, event: undefined as unknown as BehaviorEvent };
      beacons.push(entry);
      pending.push(body.text().then((t) => (entry.event = JSON.parse(t))));
      return true;
    },
  });
}
const flushBeacons = () => Promise.all(pending.splice(0));

function stubFetch(handler: (path: string, body: any) => unknown = () => null) {
  const calls: { method: string; path: string; body: any }[] = [];
  const fn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init?.method ?? 'GET', path, body });
    return new Response(JSON.stringify({ code: 200, message: 'ok', success: true, data: handler(path, body) }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

beforeEach(() => {
  beaconAccepts = true;
  stubBeacon();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('fingerprint', () => {
  it('is a stable hash: the same on every call and on every page load', async () => {
    const a = await freshTracking();
    const first = a.getFingerprint();
    expect(first).toMatch(/^[0-9a-f]{28}$/);
    expect(a.getFingerprint()).toBe(first);
    const b = await freshTracking();
    expect(b.getFingerprint()).toBe(first);
  });

  it('takes in the audio step (SPEC §9) once measured, and gives it up after 1000 ms', async () => {
    const render = vi.fn();
    class FakeOffline {
      destination = {};
      createOscillator = () => ({ type: '', frequency: { value: 0 }, connect: vi.fn(), start: vi.fn() });
      createDynamicsCompressor = () => ({ connect: vi.fn() });
      startRendering = render;
    }
    vi.stubGlobal('OfflineAudioContext', FakeOffline);
    const samples = new Float32Array(5000).fill(0.25);
    render.mockResolvedValue({ getChannelData: () => samples });
    const a = await freshTracking();
    const without = a.getFingerprint();
    const withAudio = await a.prepareFingerprint();
    expect(withAudio).not.toBe(without);
    expect(a.getFingerprint()).toBe(withAudio);

    vi.useFakeTimers();
    try {
      render.mockReturnValue(new Promise(() => {}));
      const b = await freshTracking();
      const noAudio = b.getFingerprint();
      const ready = b.prepareFingerprint();
      await vi.advanceTimersByTimeAsync(999);
      let settled = false;
      void ready.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(ready).resolves.toBe(noAudio);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('changes with its inputs', async () => {
    const t = await freshTracking();
    expect(t.hashString('a|b')).not.toBe(t.hashString('a|c'));
    expect(t.hashString('a|b')).toBe(t.hashString('a|b'));
  });
});

describe('events', () => {
  it('carry the SPEC §3 fields: seconds timestamp, resolution w*h, version 1.0.0, fingerprint', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T08:00:00.900Z'));
    const t = await freshTracking();
    const e = t.buildEvent({ type: 1, code: 'x', name: '测试' });
    expect(e).toMatchObject({
      type: 1,
      code: 'x',
      name: '测试',
      client_timestamp: Math.floor(Date.parse('2026-03-01T08:00:00Z') / 1000),
      resolution: `${screen.width}*${screen.height}`,
      version: '1.0.0',
      fingerprint: t.getFingerprint(),
      duration: 0,
      description: '',
    });
  });

  it('go out by sendBeacon to /api/user/behavior', async () => {
    const calls = stubFetch();
    const t = await freshTracking();
    t.track({ type: 1, code: 'hello' });
    await flushBeacons();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/api/user/behavior');
    expect(beacons[0]!.event.code).toBe('hello');
    expect(calls).toHaveLength(0);
  });

  it('fall back to the http client when the beacon is refused, and fail silently', async () => {
    beaconAccepts = false;
    const calls = stubFetch();
    const t = await freshTracking();
    t.track({ type: 1, code: 'fallback' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/user/behavior', body: { code: 'fallback', version: '1.0.0' } });

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const { toast } = await import('./toast.ts');
    expect(() => t.track({ type: 1, code: 'offline' })).not.toThrow();
    await new Promise((r) => setTimeout(r, 10));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('api errors reported by lib/http arrive as api_error events once tracking is started', async () => {
    const t = await freshTracking();
    const { reportApiError } = await import('./tracking-bridge.ts');
    const stop = t.initTracking();
    reportApiError('/api/foo', 500, 'boom', 12.4);
    await flushBeacons();
    stop();
    expect(beacons[0]!.event).toMatchObject({ type: 2, code: 'api_error', name: '请求接口', duration: 12 });
    expect(JSON.parse(beacons[0]!.event.description)).toEqual({ url: '/api/foo', code: 500, message: 'boom' });
  });
});

describe('pages', () => {
  it('keeps previous_page/current_page in their local keys and logs each page once', async () => {
    localStorage.setItem('current_page', JSON.stringify({ data: '/old', expire: null }));
    const t = await freshTracking();
    const { storage } = await import('./storage.ts');
    t.trackPage('/talk', '对话聊天');
    t.trackPage('/talk', '对话聊天');
    t.trackPage('/draw', '基础绘画');
    await flushBeacons();
    expect(storage.get('previous_page')).toBe('/talk');
    expect(storage.get('current_page')).toBe('/draw');
    expect(beacons.map((b) => b.event.code)).toEqual(['page_view', 'page_view']);
    expect(beacons[0]!.event).toMatchObject({ current_page: '/talk', current_page_desc: '对话聊天', previous_page: '/old' });
    expect(beacons[1]!.event).toMatchObject({ current_page: '/draw', previous_page: '/talk', previous_page_desc: '对话聊天' });
  });
});

describe('idle tracking (SPEC §4.9)', () => {
  it('logs idle after 6000 ms without mouse movement, doubling the wait each time, and starts over on movement', async () => {
    vi.useFakeTimers();
    const t = await freshTracking();
    const stop = t.startIdleTracking();
    const idles = () => beacons.length;

    vi.advanceTimersByTime(5999);
    expect(idles()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(idles()).toBe(1);

    vi.advanceTimersByTime(11999);
    expect(idles()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(idles()).toBe(2);

    vi.advanceTimersByTime(24000);
    expect(idles()).toBe(3);

    // Movement resets the interval to 6000 ms.
    vi.advanceTimersByTime(1000);
    window.dispatchEvent(new MouseEvent('mousemove'));
    vi.advanceTimersByTime(5999);
    expect(idles()).toBe(3);
    vi.advanceTimersByTime(1);
    expect(idles()).toBe(4);
    vi.advanceTimersByTime(12000);
    expect(idles()).toBe(5);

    // Steady movement keeps it quiet.
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(3000);
      window.dispatchEvent(new MouseEvent('mousemove'));
    }
    expect(idles()).toBe(5);

    stop();
    vi.advanceTimersByTime(100_000);
    expect(idles()).toBe(5);
    vi.useRealTimers();
    await flushBeacons();
    expect(beacons[0]!.event).toMatchObject({ type: 1, code: 'idle', duration: 6000 });
    expect(beacons[1]!.event).toMatchObject({ code: 'idle', duration: 18000 });
  });
});

describe('first text input', () => {
  it('is logged once per page, only for text fields', async () => {
    const t = await freshTracking();
    const stop = t.initTracking();
    const input = document.createElement('input');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    const textarea = document.createElement('textarea');
    document.body.append(input, checkbox, textarea);
    const firstInputs = async () => {
      await flushBeacons();
      return beacons.filter((b) => b.event.code === 'first_input').length;
    };

    t.trackPage('/talk');
    checkbox.dispatchEvent(new Event('input', { bubbles: true }));
    expect(await firstInputs()).toBe(0);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(await firstInputs()).toBe(1);

    t.trackPage('/draw');
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
    expect(await firstInputs()).toBe(2);
    stop();
    input.remove();
    checkbox.remove();
    textarea.remove();
  });
});

describe('client code and visit', () => {
  it('asks the server for a client_code when none is stored and keeps it without expiry', async () => {
    const calls = stubFetch((path) => (path === '/api/client/create' ? { client_code: 'cc_1' } : null));
    const t = await freshTracking();
    await expect(t.ensureClientCode()).resolves.toBe('cc_1');
    expect(calls).toEqual([{ method: 'POST', path: '/api/client/create', body: { fingerprint: t.getFingerprint() } }]);
    const saved = JSON.parse(localStorage.getItem('client_code')!);
    expect(saved).toEqual({ data: 'cc_1', expire: null });
    await expect(t.ensureClientCode()).resolves.toBe('cc_1');
    expect(calls).toHaveLength(1);
  });

  it('keeps a stored client_code', async () => {
    localStorage.setItem('client_code', JSON.stringify({ data: 'mine', expire: null }));
    const calls = stubFetch();
    const t = await freshTracking();
    await expect(t.ensureClientCode()).resolves.toBe('mine');
    expect(calls).toHaveLength(0);
  });

  it('sends one visit per page load, with bd_vid and promote_account_id when present', async () => {
    const calls = stubFetch();
    const t = await freshTracking();
    t.collectVisit('http://localhost/talk?bd_vid=B1&promote_account_id=P9', 'https://www.baidu.com/');
    t.collectVisit('http://localhost/talk?bd_vid=B2', '');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/client/collect-web',
      body: { bd_vid: 'B1', promote_account_id: 'P9', url: 'http://localhost/talk?bd_vid=B1&promote_account_id=P9', referrer: 'https://www.baidu.com/' },
    });
  });

  it('sends the visit without the ad fields when the URL has none', async () => {
    const calls = stubFetch();
    const t = await freshTracking();
    t.collectVisit('http://localhost/talk', '');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ url: 'http://localhost/talk' });
  });
});
