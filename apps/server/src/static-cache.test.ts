import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerWeb, staticCacheControl } from './app.ts';
import { loadConfig } from './config.ts';

describe('caching of the built web app', () => {
  it('keeps hashed assets for good, the icons a day, and checks the page, the service worker and the rest every time', () => {
    expect(staticCacheControl('/srv/dist/assets/index-Cu01GYMu.js')).toBe('public, max-age=31536000, immutable');
    expect(staticCacheControl('/srv/dist/favicon.svg')).toBe('public, max-age=86400');
    expect(staticCacheControl('/srv/dist/favicon.svg.br')).toBe('public, max-age=86400');
    expect(staticCacheControl('/srv/dist/index.html.gz')).toBe('no-cache');
    expect(staticCacheControl('/srv/dist/icons/icon-192.png')).toBe('public, max-age=86400');
    expect(staticCacheControl('C:\\srv\\dist\\icons\\icon-192.png')).toBe('public, max-age=86400');
    for (const file of ['/srv/dist/index.html', '/srv/dist/sw.js', '/srv/dist/offline.html', '/srv/dist/protocol/user.md']) expect(staticCacheControl(file)).toBe('no-cache');
  });

  it('answers with those headers', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'favicon.svg.br'), brotliCompressSync('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    writeFileSync(join(dist, 'assets', 'a-1234.js'), 'x');
    const app = Fastify();
    await registerWeb(app, loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'web-data-')) }, { webDist: dist }));
    try {
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=86400');
      const compressed = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['cache-control']).toBe('public, max-age=86400');
      expect((await get('/assets/a-1234.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get('/')).headers['cache-control']).toBe('no-cache');
      expect((await get('/talk')).headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
    }
  });
});
