import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code } from '@app/shared';
import { defineRoutes } from '@app/shared/routes';
import { users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { AppError } from './errors.ts';
import { fail, ok } from './reply.ts';
import { installAccess, installInputGuard, route } from './routes.ts';

const r = defineRoutes('test', {
  open: { method: 'GET', path: '/t/open', access: 'none', summary: 'open' },
  guest: { method: 'GET', path: '/t/guest', access: 'guest', summary: 'guest' },
  user: { method: 'POST', path: '/t/user/:id', access: 'user', summary: 'user', params: z.object({ id: z.coerce.number().int().max(10) }), body: z.object({ name: z.string().min(1, '请输入名称') }) },
  admin: { method: 'GET', path: '/t/admin', access: 'admin', summary: 'admin' },
  deferred: { method: 'GET', path: '/t/deferred', access: 'user', summary: 'deferred' },
  either: { method: ['GET', 'POST'], path: '/t/either', access: 'none', summary: 'either', query: z.object({ n: z.coerce.number() }), body: z.object({ n: z.number() }) },
});

let t: TestApp;
let app: FastifyInstance;
let userToken = '';
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp();
  userToken = await t.loginByPhone('13600000001');
  adminToken = await t.loginByPhone('13600000002');
  const adminId = (await t.call('GET', '/api/user/info', { token: adminToken })).body.data.id as number;
  await t.ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, adminId));
  app = Fastify();
  app.setErrorHandler((err, _req, reply) =>
    err instanceof AppError ? reply.status(err.httpStatus).send(fail(err.code, err.message, err.data)) : reply.status(500).send(fail(500, 'boom')),
  );
  installAccess(app, t.ctx);
  installInputGuard(app);
  route(app, r.open, async ({ actor }) => ok({ actor }));
  route(app, r.guest, async ({ actor }) => ok({ id: actor?.id ?? null }));
  route(app, r.user, async ({ actor, params, body }) => ok({ id: actor.id, param: params.id, name: body.name }));
  route(app, r.admin, async ({ actor }) => ok({ admin: actor.isAdmin }));
  route(app, r.deferred, async ({ actor }) => ok({ actor }), { tokenLookup: 'handler' });
  route(app, r.either, async ({ req, query, body }) => ok(req.method === 'GET' ? query.n : body.n));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const send = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('the access hook', () => {
  it('none: no lookup, no actor', async () => {
    expect((await send('GET', '/t/open', 'bogus')).json().data).toEqual({ actor: null });
  });

  it('guest: the user with a valid token, else null (a bad token is a guest)', async () => {
    expect((await send('GET', '/t/guest')).json().data.id).toBeNull();
    expect((await send('GET', '/t/guest', 'bogus')).json().data.id).toBeNull();
    expect((await send('GET', '/t/guest', userToken)).json().data.id).toBeGreaterThan(0);
  });

  it('user: HTTP 401 请先登录 without a token, 403000 with a bad one, the user with a good one', async () => {
    const none = await send('POST', '/t/user/1', undefined, { name: 'a' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, message: '请先登录', success: false });
    const bad = await send('POST', '/t/user/1', 'bogus', { name: 'a' });
    expect(bad.json().code).toBe(Code.TOKEN_INVALID);
    const good = await send('POST', '/t/user/7', userToken, { name: 'a' });
    expect(good.json().data).toMatchObject({ param: 7, name: 'a' });
  });

  it('admin: a user without isAdmin is 403', async () => {
    expect((await send('GET', '/t/admin')).statusCode).toBe(401);
    expect((await send('GET', '/t/admin', userToken)).statusCode).toBe(403);
    expect((await send('GET', '/t/admin', adminToken)).json().data).toEqual({ admin: true });
  });

  it('tokenLookup handler: only checks that a token came', async () => {
    expect((await send('GET', '/t/deferred')).statusCode).toBe(401);
    expect((await send('GET', '/t/deferred', 'bogus')).json().data).toEqual({ actor: null });
  });
});

describe('validation', () => {
  it('answers the SPEC §8 400 with the first issue and its field', async () => {
    const res = await send('POST', '/t/user/1', userToken, { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '请输入名称', success: false, data: { field: 'name', issues: [{ field: 'name', message: '请输入名称' }] } });
    expect((await send('POST', '/t/user/11', userToken, { name: 'a' })).json().data.field).toBe('id');
  });

  it('checks GET against the query and POST against the body on a two-method route', async () => {
    expect((await send('GET', '/t/either?n=3')).json().data).toBe(3);
    expect((await send('POST', '/t/either', undefined, { n: 4 })).json().data).toBe(4);
    expect((await send('POST', '/t/either', undefined, { n: '4' })).statusCode).toBe(400);
  });

  it('rejects NUL and lone surrogates anywhere, and oversized or too deep input, before the handler', async () => {
    for (const payload of [{ name: 'a\u0000' }, { name: 'a\uD800' }, { x: { y: ['\uDC00'] } }, { ['k\u0000']: 1 }, { a: Array(1001).fill(1) }]) {
      const res = await send('POST', '/t/user/1', userToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    let deep: unknown = 1;
    for (let i = 0; i < 30; i++) deep = { d: deep };
    expect((await send('POST', '/t/user/1', userToken, deep)).statusCode).toBe(400);
    expect((await send('GET', '/t/open?q=%00')).json().data.field).toBe('q');
  });
});
