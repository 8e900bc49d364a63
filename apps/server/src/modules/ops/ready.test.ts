import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readyReply } from '@app/shared/routes';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/ready', () => {
  it('answers 200 when the database, Redis (when configured) and storage answer', async () => {
    const res = await t.call('GET', '/api/ready');
    expect(res.status).toBe(200);
    const data = readyReply.parse(res.body.data);
    expect(data).toEqual({ db: 'ok', kv: t.ctx.kv.kind === 'redis' ? 'ok' : 'off', storage: 'ok' });
  });

  it('answers 503 naming the database when it fails', async () => {
    const spy = vi.spyOn(t.ctx.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    const res = await t.call('GET', '/api/ready');
    spy.mockRestore();
    expect(res.status).toBe(503);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('服务未就绪：数据库不可用');
    expect(res.body.data).toMatchObject({ db: 'failed', storage: 'ok' });
  });

  it('answers 503 naming Redis when it hangs (a probe times out)', async () => {
    if (t.ctx.kv.kind !== 'redis') {
      // Without Redis there is nothing to probe: a hanging in-process kv is not asked.
      const spy = vi.spyOn(t.ctx.kv, 'get').mockReturnValue(new Promise(() => {}));
      const res = await t.call('GET', '/api/ready');
      spy.mockRestore();
      expect(res.status).toBe(200);
      expect(res.body.data.kv).toBe('off');
      return;
    }
    const spy = vi.spyOn(t.ctx.kv, 'get').mockReturnValue(new Promise(() => {}));
    const res = await t.call('GET', '/api/ready');
    spy.mockRestore();
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('服务未就绪：Redis不可用');
    expect(res.body.data.kv).toBe('timeout');
  });

  it('answers 503 naming storage when the data folder is gone, and 200 again once it is back', async () => {
    rmSync(t.dataDir, { recursive: true, force: true });
    const res = await t.call('GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('服务未就绪：文件存储不可用');
    expect(res.body.data).toMatchObject({ db: 'ok', storage: 'failed' });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(t.dataDir, { recursive: true });
    expect((await t.call('GET', '/api/ready')).status).toBe(200);
  });

  it('is not cached, and liveness stays 200 meanwhile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });
});
