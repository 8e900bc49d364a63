import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerSecurityHeaders, webCsp } from './security-headers.ts';

const dir = mkdtempSync(join(tmpdir(), 'csp-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the web app CSP', () => {
  it('allows the built index.html inline script by its hash and no other inline script', async () => {
    const inline = "\n      document.documentElement.classList.add('dark');\n    ";
    const index = join(dir, 'index.html');
    writeFileSync(index, `<!doctype html><html><head><script>${inline}</script><script type="module" src="/assets/a.js"></script></head><body></body></html>`);
    const app = Fastify();
    registerSecurityHeaders(app, loadConfig({}), index);
    app.get('/talk', async () => 'page');
    app.get('/api/x', async () => ({ ok: 1 }));
    const page = await app.inject({ method: 'GET', url: '/talk' });
    const csp = String(page.headers['content-security-policy']);
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}' https://hm.baidu.com;`);
    expect(csp).not.toContain("'unsafe-inline' 'self' 'sha256");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await app.inject({ method: 'GET', url: '/api/x' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    await app.close();
  });

  it('lets images come only from this site, data:/blob:, the allowed hosts and the configured services', () => {
    const csp = webCsp(
      loadConfig({ IMAGE_ALLOW_HOSTS: 'cdn.example.com, bad host', S3_PUBLIC_URL: 'https://files.example.com', HUPI_APP_ID: 'a', HUPI_APP_SECRET: 'b' }),
      [],
    );
    const img = /img-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(img).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'https://files.example.com', 'https://api.xunhupay.com']));
    expect(img.some((s) => s.includes('bad'))).toBe(false);
    expect(csp).toMatch(/frame-src 'self' https:\/\/api\.xunhupay\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/hm\.baidu\.com https:\/\/files\.example\.com/);
  });
});
