import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes, methodsOf } from '@app/shared/routes';
import { adminToken } from './modules/admin/test-kit.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';

// Every optional route on: dev WeChat (the harness default), local storage, exposed SMS codes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEV_EXPOSE_SMS_CODES: '1' } });
});
afterAll(() => t.close());

const manifest = () => allRoutes().flatMap((r) => methodsOf(r).map((method) => ({ method, url: r.path, access: r.access, key: r.key })));
const id = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('the routes manifest and the server agree', () => {
  it('every registered route is declared in the manifest, with the access it is registered with', () => {
    const declared = new Map(manifest().map((r) => [id(r), r]));
    // Fastify adds a HEAD route beside every GET; static files and the not-found page are not API routes.
    const registered = t.routes.filter((r) => r.method !== 'HEAD');
    const missing = registered.filter((r) => !declared.has(id(r))).map(id);
    expect(missing).toEqual([]);
    const wrongAccess = registered.filter((r) => r.config.access !== declared.get(id(r))?.access).map((r) => `${id(r)} (${r.config.access ?? 'no access'})`);
    expect(wrongAccess).toEqual([]);
  });

  it('every manifest route is registered (except the resume route, whose handler the turn engine adds)', () => {
    const registered = new Set(t.routes.map(id));
    const missing = manifest()
      .filter((r) => !registered.has(id(r)))
      .map(id);
    expect(missing).toEqual([]);
  });

  it('declares each method and path once', () => {
    const ids = manifest().map(id);
    expect(ids.length).toBe(new Set(ids).size);
  });
});

describe('reply schemas', () => {
  it('every JSON GET that needs no input answers data its response schema accepts (as a guest and as a user)', async () => {
    const token = await t.loginByPhone('13900000001');
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const r of allRoutes()) {
      if ((r.kind ?? 'json') !== 'json' || !r.response || r.params || !methodsOf(r).includes('GET')) continue;
      if (r.query && !r.query.safeParse({}).success) continue;
      for (const auth of [undefined, token]) {
        const res = await t.call('GET', r.path, { token: auth });
        if (res.body.code !== 200) continue;
        checked.push(r.key);
        const parsed = r.response.safeParse(res.body.data);
        if (!parsed.success) wrong.push(`${r.key}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(new Set(checked).size).toBeGreaterThan(15);
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document with every manifest route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const r of manifest()) {
      const path = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${path}`).toBeTruthy();
    }
    const create = doc.paths['/api/chat/create'].post;
    expect(create['x-access']).toBe('user');
    expect(create.requestBody.content['application/json'].schema.properties.input).toBeTruthy();
    expect(create.responses['200'].content['application/json'].schema.properties.data.properties.secret).toBeTruthy();
    const detail = doc.paths['/api/app/detail/{id}'].get;
    expect(detail.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });

  it('serves a self-contained viewer page under a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).not.toMatch(/<script[^>]+src=|<link[^>]+href=["']https?:/);
    expect(res.body).not.toContain('innerHTML');
  });
});

describe('ids and pages that are not numbers', () => {
  it('GET /api/admin/feedback/abc answers 400 id 无效', async () => {
    const admin = await adminToken(t);
    const res = await t.call('GET', '/api/admin/feedback/abc', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, message: 'id 无效', data: { field: 'id' } });
  });

  it('every route with an :id answers a Chinese 400 for abc, and every paged list for page=abc', async () => {
    const admin = await adminToken(t);
    const english: string[] = [];
    const notRefused: string[] = [];
    let idRoutes = 0;
    let pagedRoutes = 0;
    for (const r of manifest()) {
      const def = allRoutes().find((x) => x.key === r.key)!;
      const takesId = /:id\b/.test(r.url);
      const paged = r.method === 'GET' && def.query instanceof z.ZodObject && 'page' in def.query.shape;
      if (!takesId && !paged) continue;
      const url = r.url.replace(/:[A-Za-z]+/g, takesId ? 'abc' : '1').replace(/\*$/, 'x');
      const res = await t.call(r.method, url, { token: admin.token, query: paged && !takesId ? { page: 'abc' } : undefined, body: {} });
      if (takesId) idRoutes++;
      else pagedRoutes++;
      if (res.status !== 400) notRefused.push(`${r.method} ${url} ${res.status}`);
      if (!/[\u4e00-\u9fff]/.test(res.body.message) || /Invalid|expected/.test(res.body.message)) english.push(`${r.method} ${url}: ${res.body.message}`);
    }
    expect(notRefused).toEqual([]);
    expect(english).toEqual([]);
    expect(idRoutes).toBeGreaterThan(20);
    expect(pagedRoutes).toBeGreaterThan(5);
  });
});
