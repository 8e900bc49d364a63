import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, apiUrl, normalizeApiBase, withApiBase } from './api-base.ts';

describe('the API base host (VITE_API_BASE)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('defaults to the page origin: paths stay relative', () => {
    expect(API_BASE).toBe('');
    expect(apiUrl('/api/config')).toBe('/api/config');
    expect(normalizeApiBase(undefined)).toBe('');
    expect(normalizeApiBase('  ')).toBe('');
  });

  it('prefixes API paths with the configured host, without doubling the slash', () => {
    const base = normalizeApiBase('https://api.example.com/');
    expect(base).toBe('https://api.example.com');
    expect(withApiBase(base, '/api/chat/stream?x=1')).toBe('https://api.example.com/api/chat/stream?x=1');
    expect(withApiBase(base, '/order/buy')).toBe('https://api.example.com/order/buy');
    expect(withApiBase(normalizeApiBase('https://example.com/backend'), '/api/config')).toBe('https://example.com/backend/api/config');
  });

  it('leaves absolute and protocol-relative URLs alone', () => {
    const base = 'https://api.example.com';
    expect(withApiBase(base, 'https://pay.example.net/cashier')).toBe('https://pay.example.net/cashier');
    expect(withApiBase(base, '//cdn.example.net/a.png')).toBe('//cdn.example.net/a.png');
  });

  it('refuses a value that is not an http(s) URL', () => {
    expect(() => normalizeApiBase('api.example.com')).toThrow(/VITE_API_BASE/);
    expect(() => normalizeApiBase('javascript:alert(1)')).toThrow(/VITE_API_BASE/);
    expect(() => normalizeApiBase('https://api.example.com/?q=1')).toThrow(/VITE_API_BASE/);
  });

  it('the HTTP client calls the built-in base', async () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com');
    vi.resetModules();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, message: '', success: true, data: { ok: 1 } }), { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { request } = await import('./http.ts');
    await request('GET', '/api/config', { a: 1 });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('https://api.example.com/api/config?a=1');
    vi.unstubAllGlobals();
  });
});
