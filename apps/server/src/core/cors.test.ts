import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

const SITE = 'https://ai.example.com';

describe('CORS for a web app on another domain (SPEC §7.1 base host, CORS_ORIGIN)', () => {
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGIN: SITE } });
    plain = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  const preflight = (app: TestApp, origin: string) =>
    app.app.inject({
      method: 'OPTIONS',
      url: '/api/chat/histories',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-website-domain' },
    });

  it('the configured origin gets the headers on a preflight and on a call', async () => {
    const pre = await preflight(t, SITE);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(SITE);
    expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: SITE } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SITE);
    expect(String(res.headers.vary).toLowerCase()).toContain('origin');
  });

  it('any other origin gets none, whatever it looks like', async () => {
    for (const origin of ['https://evil.example.com', 'https://ai.example.com.evil.net', 'http://ai.example.com', 'null']) {
      const pre = await preflight(t, origin);
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('unset: no cross-origin access at all (same origin only)', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/health', headers: { origin: SITE } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(plain, SITE)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a setting that is not a list of origins', () => {
    expect(loadConfig({ CORS_ORIGIN: 'https://a.example.com, https://b.example.com' }).env.CORS_ORIGIN).toEqual(['https://a.example.com', 'https://b.example.com']);
    for (const bad of ['*', 'ai.example.com', 'https://ai.example.com/', 'https://ai.example.com/app', 'ftp://ai.example.com'])
      expect(() => loadConfig({ CORS_ORIGIN: bad }), bad).toThrow(/CORS_ORIGIN/);
  });
});
