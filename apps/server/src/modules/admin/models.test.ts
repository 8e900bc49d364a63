import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminModel, adminModelListReply } from '@app/shared';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, auditRows } from './test-kit.ts';

let t: TestApp;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  // A base URL's name is resolved when it is saved: answered here, not by the network.
  t.ctx.integrations.resolveHost = async () => [{ address: '47.88.1.1', family: 4 }];
});
afterAll(() => t.close());
const A = () => ({ token: admin.token });
const features = async () => (await t.call('GET', '/api/website/info')).body.data.features as { code: string; label: string; cost: number }[];

const fresh = {
  code: 'qwen-max',
  label: '通义千问 Max',
  description: '阿里云',
  upstreamModel: 'qwen-max',
  provider: 'openai',
  baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  inputExt: 4000,
  vision: false,
  pool: 'model4',
  cost: 2,
  maxRounds: 8,
  maxTokens: 4096,
  maxContextTokens: 16000,
  systemPrompt: '',
  sort: 50,
  enabled: true,
};

describe('admin: models', () => {
  it('lists every model, disabled ones too, with their key counts', async () => {
    const { body } = await t.call('GET', '/api/admin/models', A());
    const { rows } = adminModelListReply.parse(body.data);
    expect(rows.map((m) => m.code)).toEqual(expect.arrayContaining(['ai_35', 'deepseek_v3', 'ai_4o', 'ai_4_vision']));
    expect(rows.every((m) => m.keys >= m.liveKeys)).toBe(true);
  });

  it('creates a model that pages list at once, audited; a duplicate code or bad values are refused', async () => {
    await features(); // cached
    const r = await t.call('POST', '/api/admin/models', { ...A(), body: fresh });
    const m = adminModel.parse(r.body.data);
    expect(m).toMatchObject({ code: 'qwen-max', pool: 'model4', cost: 2, keys: 0 });
    expect((await features()).map((f) => f.code)).toContain('qwen-max');
    expect((await auditRows(t, 'model', m.id))[0]).toMatchObject({ action: 'model.create', before: null, after: { code: 'qwen-max', cost: 2 } });
    const dup = await t.call('POST', '/api/admin/models', { ...A(), body: fresh });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('模型编码已存在');
    for (const bad of [{ code: 'a b' }, { cost: -1 }, { pool: 'gold' }, { baseUrl: 'ftp://x' }, { label: '' }, { inputExt: 0 }]) {
      const res = await t.call('POST', '/api/admin/models', { ...A(), body: { ...fresh, code: 'other', ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('switches a model off and on, changes cost and order; only changed fields in the audit row', async () => {
    const { rows } = adminModelListReply.parse((await t.call('GET', '/api/admin/models', A())).body.data);
    const m = rows.find((x) => x.code === 'ai_35')!;
    await features();
    const off = await t.call('POST', `/api/admin/models/${m.id}`, { ...A(), body: { enabled: false, cost: m.cost, label: m.label } });
    expect(off.body.data.enabled).toBe(false);
    expect((await features()).map((f) => f.code)).not.toContain('ai_35');
    const on = await t.call('POST', `/api/admin/models/${m.id}`, { ...A(), body: { enabled: true, cost: 3, sort: -1 } });
    expect(on.body.data).toMatchObject({ enabled: true, cost: 3, sort: -1 });
    const f = await features();
    expect(f[0]).toMatchObject({ code: 'ai_35', cost: 3 });
    const audit = await auditRows(t, 'model', m.id);
    expect(audit.map((a) => a.after)).toEqual([{ enabled: false }, { enabled: true, cost: 3, sort: -1 }]);
    expect(audit[1]!.before).toEqual({ code: 'ai_35', enabled: false, cost: m.cost, sort: m.sort });
    expect((await t.call('POST', `/api/admin/models/${m.id}`, { ...A(), body: {} })).status).toBe(400);
    expect((await t.call('POST', '/api/admin/models/999999', { ...A(), body: { cost: 1 } })).status).toBe(404);
  });

  it('counts each model\'s own keys', async () => {
    const { rows } = adminModelListReply.parse((await t.call('GET', '/api/admin/models', A())).body.data);
    const m = rows.find((x) => x.code === 'deepseek_v3')!;
    for (const key of ['sk-count-one-123456', 'sk-count-two-123456']) await t.call('POST', `/api/admin/models/${m.id}/keys`, { ...A(), body: { key } });
    const after = adminModelListReply.parse((await t.call('GET', '/api/admin/models', A())).body.data).rows;
    expect(after.find((x) => x.id === m.id)).toMatchObject({ keys: m.keys + 2, liveKeys: m.liveKeys + 2 });
    expect(after.filter((x) => x.id !== m.id).map((x) => x.keys)).toEqual(rows.filter((x) => x.id !== m.id).map((x) => x.keys));
  });
});
