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

  it('a model added or switched off in the console is usable or refused in chat at once, not after the catalogue cache runs out', async () => {
    const reg = await t.call('POST', '/api/login/register', { body: { userName: `cat_${Date.now() % 1e6}`, password: 'secret123' } });
    const user = reg.body.data.token as string;
    const send = (feature: string) => t.call('POST', '/api/chat/create', { token: user, body: { input: '你好', feature } });
    expect((await send('deepseek_v3')).status).toBe(200); // the catalogue is now cached
    const made = adminModel.parse((await t.call('POST', '/api/admin/models', { ...A(), body: { ...fresh, code: 'fresh_now', baseUrl: null } })).body.data);
    expect((await send('fresh_now')).status).toBe(200);
    await t.call('POST', `/api/admin/models/${made.id}`, { ...A(), body: { enabled: false } });
    const refused = await send('fresh_now');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该模型不存在或已停用，请重新选择');
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

describe('admin: what each model takes', () => {
  const base = { ...fresh, baseUrl: null };
  const { vision: _vision, ...withoutVision } = base;

  it('a new model without capabilities gets them guessed from its upstream name; the pages learn them', async () => {
    const o3 = adminModel.parse((await t.call('POST', '/api/admin/models', { ...A(), body: { ...withoutVision, code: 'o3-mini', upstreamModel: 'o3-mini' } })).body.data);
    expect(o3).toMatchObject({ vision: false, reasoning: true, takesTemperature: false, tokenParam: 'max_completion_tokens', takesSystem: true });
    const o1 = adminModel.parse((await t.call('POST', '/api/admin/models', { ...A(), body: { ...withoutVision, code: 'o1-mini', upstreamModel: 'o1-mini' } })).body.data);
    expect(o1).toMatchObject({ takesSystem: false, takesTemperature: false });
    const chat = adminModel.parse((await t.call('POST', '/api/admin/models', { ...A(), body: { ...base, code: 'ds-chat', upstreamModel: 'deepseek-chat' } })).body.data);
    expect(chat).toMatchObject({ vision: false, reasoning: false, takesTemperature: true, tokenParam: 'max_tokens', takesSystem: true });
    const info = (await t.call('GET', '/api/website/info')).body.data.features as { code: string; reasoning?: boolean; takes_temperature?: boolean }[];
    expect(info.find((f) => f.code === 'o3-mini')).toMatchObject({ reasoning: true, takes_temperature: false });
    expect(info.find((f) => f.code === 'ds-chat')).toMatchObject({ reasoning: false, takes_temperature: true });
  });

  it('given capabilities win over the guess; a patch changes them, audited', async () => {
    const m = adminModel.parse(
      (await t.call('POST', '/api/admin/models', { ...A(), body: { ...base, code: 'gw-o3', upstreamModel: 'o3', takesTemperature: true, tokenParam: 'max_tokens', reasoning: false } })).body.data,
    );
    expect(m).toMatchObject({ takesTemperature: true, tokenParam: 'max_tokens', reasoning: false, takesSystem: true });
    const patched = await t.call('POST', `/api/admin/models/${m.id}`, { ...A(), body: { takesTemperature: false, tokenParam: 'max_completion_tokens', takesSystem: false, reasoning: true } });
    expect(adminModel.parse(patched.body.data)).toMatchObject({ takesTemperature: false, tokenParam: 'max_completion_tokens', takesSystem: false, reasoning: true });
    const audit = await auditRows(t, 'model', m.id);
    expect(audit.at(-1)).toMatchObject({ action: 'model.update', after: { takesTemperature: false, tokenParam: 'max_completion_tokens', takesSystem: false, reasoning: true } });
  });

  it('bad capability values are a 400 with the field\'s message and change nothing', async () => {
    const { rows } = adminModelListReply.parse((await t.call('GET', '/api/admin/models', A())).body.data);
    const m = rows.find((x) => x.code === 'ds-chat')!;
    for (const bad of [{ tokenParam: 'max_output_tokens' }, { takesTemperature: 'no' }, { reasoning: 1 }, { takesSystem: null }]) {
      const r = await t.call('POST', `/api/admin/models/${m.id}`, { ...A(), body: bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
      const c = await t.call('POST', '/api/admin/models', { ...A(), body: { ...base, code: 'never', ...bad } });
      expect(c.status, JSON.stringify(bad)).toBe(400);
    }
    const after = adminModelListReply.parse((await t.call('GET', '/api/admin/models', A())).body.data).rows;
    expect(after.find((x) => x.id === m.id)).toEqual(m);
    expect(after.some((x) => x.code === 'never')).toBe(false);
  });

  it('only an admin may read or change models: a guest 401, a user 403', async () => {
    const user = await t.loginByPhone('13900000073');
    const { rows } = adminModelListReply.parse((await t.call('GET', '/api/admin/models', A())).body.data);
    const m = rows[0]!;
    expect((await t.call('GET', '/api/admin/models')).status).toBe(401);
    expect((await t.call('GET', '/api/admin/models', { token: user })).status).toBe(403);
    expect((await t.call('POST', `/api/admin/models/${m.id}`, { body: { takesTemperature: false } })).status).toBe(401);
    expect((await t.call('POST', `/api/admin/models/${m.id}`, { token: user, body: { takesTemperature: false } })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/models', { token: user, body: { ...base, code: 'sneaky' } })).status).toBe(403);
    const after = adminModelListReply.parse((await t.call('GET', '/api/admin/models', A())).body.data).rows;
    expect(after.find((x) => x.id === m.id)).toEqual(m);
  });
});
