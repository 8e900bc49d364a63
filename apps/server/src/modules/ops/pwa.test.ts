import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { serviceWorkerSource, shellOf, webManifest } from './pwa.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /manifest.webmanifest', () => {
  it('names the site from its config, with the PNG icons installability needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const m = res.json();
    expect(m).toMatchObject({ name: '知行 AI', short_name: '知行 AI', start_url: '/', scope: '/', display: 'standalone', lang: 'zh-CN' });
    expect(m.icons).toEqual(expect.arrayContaining([expect.objectContaining({ src: '/icons/icon-192.png', sizes: '192x192' }), expect.objectContaining({ src: '/icons/icon-512.png', sizes: '512x512' })]));
  });

  it('follows a change of the site name and icon; an icon on another host is left out', () => {
    expect(webManifest({ siteName: '我的助手', clientFavoIconPath: '/uploads/site/logo.png' })).toMatchObject({
      name: '我的助手',
      icons: expect.arrayContaining([{ src: '/uploads/site/logo.png', sizes: 'any', type: 'image/png' }]),
    });
    const elsewhere = webManifest({ siteName: '  ', clientFavoIconPath: '//evil.example/x.png' });
    expect(elsewhere.name).toBe('AI');
    expect(JSON.stringify(elsewhere)).not.toContain('evil');
  });
});

describe('the service worker', () => {
  it('is 404 until the web app is built', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).statusCode).toBe(404);
  });

  it("precaches the build's shell and is versioned by it", () => {
    const dist = join(t.dataDir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<script type="module" src="/assets/index-abc123.js"></script><link rel="stylesheet" href="/assets/index-def456.css">');
    const a = shellOf(dist);
    expect(a.urls).toEqual(expect.arrayContaining(['/', '/offline.html', '/assets/index-abc123.js', '/assets/index-def456.css']));
    writeFileSync(join(dist, 'index.html'), '<script type="module" src="/assets/index-zzz999.js"></script>');
    const b = shellOf(dist);
    expect(b.version).not.toBe(a.version);
    const src = serviceWorkerSource(b);
    expect(src).toContain('"/assets/index-zzz999.js"');
    expect(src).toContain(`const VERSION = "${b.version}"`);
  });

  it('never answers API, stream, upload or payment requests, nor anything but GET', async () => {
    const src = serviceWorkerSource({ version: 'v1', urls: ['/'] });
    const listeners: Record<string, (e: unknown) => void> = {};
    const responded: string[] = [];
    const self = { addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn), location: { origin: 'https://ai.example' } };
    const cache = { match: async () => undefined, put: async () => {} };
    new Function('self', 'caches', 'fetch', src)(self, { open: async () => cache, match: async () => undefined }, async () => new Response('x'));
    const fetchEvent = (url: string, init: { method?: string; mode?: string; accept?: string } = {}) => ({
      request: { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors', headers: new Headers(init.accept ? { accept: init.accept } : {}) },
      respondWith: () => responded.push(url),
      waitUntil: () => {},
    });
    for (const url of ['/api/chat/stream?secret=x', '/api/user/info', '/uploads/chat/1/a.png', '/order/buy', '/metrics', '/api/pay/return/1', '/midjourney/notify', '/sw.js']) {
      listeners.fetch!(fetchEvent(`https://ai.example${url}`, { mode: url.startsWith('/api/pay') ? 'navigate' : 'cors' }));
    }
    listeners.fetch!(fetchEvent('https://ai.example/talk', { method: 'POST', mode: 'navigate' }));
    listeners.fetch!(fetchEvent('https://ai.example/anything', { accept: 'text/event-stream' }));
    listeners.fetch!(fetchEvent('https://cdn.example/assets/x.js'));
    expect(responded).toEqual([]);
    listeners.fetch!(fetchEvent('https://ai.example/talk', { mode: 'navigate' }));
    listeners.fetch!(fetchEvent('https://ai.example/assets/index-1.js'));
    expect(responded).toEqual(['https://ai.example/talk', 'https://ai.example/assets/index-1.js']);
  });
});
