import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { behaviorEvents, clients, visits } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const event = { type: 1, code: 'page_view', name: '访问页面', client_timestamp: 1763700000, current_page: '/talk', resolution: '1280*800' };

describe('growth endpoints', () => {
  it('issues distinct client codes', async () => {
    const a = await t.call('POST', '/api/client/create', { body: { fingerprint: 'fp1' } });
    const b = await t.call('POST', '/api/client/create', { body: {} });
    expect(a.body.data.client_code).toBeTruthy();
    expect(a.body.data.client_code).not.toBe(b.body.data.client_code);
    const rows = await t.ctx.db.select().from(clients);
    expect(rows.find((r) => r.code === a.body.data.client_code)?.fingerprint).toBe('fp1');
  });

  it('records visits with bd_vid / promote_account_id and the logged-in user', async () => {
    const token = await t.loginByPhone('13700000001');
    const r = await t.call('POST', '/api/client/collect-web', {
      token,
      body: { bd_vid: 'vid123', url: 'http://localhost/talk?bd_vid=vid123' },
      headers: { 'x-client-code': 'cc1' },
    });
    expect(r.body.code).toBe(200);
    await t.call('POST', '/api/client/collect-web', { body: { promote_account_id: 'acc9' } });
    const rows = await t.ctx.db.select().from(visits);
    const v = rows.find((x) => x.bdVid === 'vid123')!;
    expect(v.clientCode).toBe('cc1');
    expect(v.userId).toBeGreaterThan(0);
    expect(rows.find((x) => x.promoteAccountId === 'acc9')?.userId).toBeNull();
  });

  it('stores behaviour events and rejects malformed ones', async () => {
    const ok = await t.call('POST', '/api/user/behavior', { body: event });
    expect(ok.body.code).toBe(200);
    const err = await t.call('POST', '/api/user/behavior', {
      body: { ...event, type: 2, code: 'api_error', name: '请求接口', description: '{"url":"/api/x"}', duration: 120 },
    });
    expect(err.body.code).toBe(200);
    const rows = await t.ctx.db.select().from(behaviorEvents);
    expect(rows.map((r) => r.code).sort()).toEqual(['api_error', 'page_view']);
    for (const bad of [{}, { ...event, type: 'x' }, { ...event, code: '' }, { ...event, client_timestamp: -1 }, { ...event, description: 'x'.repeat(3000) }]) {
      const r = await t.call('POST', '/api/user/behavior', { body: bad });
      expect(r.status).toBe(400);
    }
    expect(await t.ctx.db.select().from(behaviorEvents)).toHaveLength(2);
  });

  it('takes the client code from the body when a beacon could not send the header', async () => {
    await t.call('POST', '/api/user/behavior', { body: { ...event, code: 'beacon_event', client_code: 'cc-beacon' } });
    const rows = await t.ctx.db.select().from(behaviorEvents);
    expect(rows.find((r) => r.code === 'beacon_event')?.clientCode).toBe('cc-beacon');
  });

  it('ignores a bad token on these public calls', async () => {
    const r = await t.call('POST', '/api/user/behavior', { body: event, token: 'garbage' });
    expect(r.body.code).toBe(200);
  });
});
