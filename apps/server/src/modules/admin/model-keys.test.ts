import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminModelKey, adminModelKeyListReply, adminModelKeyTest } from '@app/shared';
import { resolveWithDns } from '../../core/safe-fetch.ts';
import { adminAudit, modelKeys, models } from '../../db/schema/index.ts';
import { addModel } from '../../testing/chat.ts';
import { startFakeKeyUpstream, type FakeKeyUpstream } from '../../testing/fake-key-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, auditRows, phone } from './test-kit.ts';

let t: TestApp;
let up: FakeKeyUpstream;
let admin: { token: string; id: number };
let userToken: string;
let modelId: number;
let otherModelId: number;
beforeAll(async () => {
  up = await startFakeKeyUpstream();
  // The fake upstream is on 127.0.0.1: the operator allows it, as an intranet gateway would be.
  t = await createTestApp({ env: { SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1' } });
  admin = await adminToken(t);
  userToken = await t.loginByPhone(phone());
  modelId = await addModel(t, { code: 'pool', baseUrl: up.url });
  otherModelId = await addModel(t, { code: 'pool-other', baseUrl: up.url });
});
afterAll(async () => {
  await t.close();
  await up.close();
});

const A = () => ({ token: admin.token });
const base = () => `/api/admin/models/${modelId}/keys`;
const CLEAR = 'sk-admin-added-0123456789xyz';

/** Nothing the server answers or stores in the audit log holds the clear key. */
const expectNoClear = (value: unknown, clear = CLEAR) => {
  const text = JSON.stringify(value);
  expect(text).not.toContain(clear);
  expect(text).not.toContain(clear.slice(3, -4));
};
const allAudit = async () => t.ctx.db.select().from(adminAudit);

describe('admin: model keys, refused to everyone else', () => {
  const calls = () => [
    ['GET', base(), undefined],
    ['POST', base(), { key: CLEAR }],
    ['POST', `${base()}/1`, { weight: 2 }],
    ['POST', `${base()}/1/delete`, {}],
    ['POST', `${base()}/1/test`, {}],
  ] as const;

  it('a guest (401), a bad token (403000) and a normal user (403) are refused on every key route', async () => {
    for (const [method, url, body] of calls()) {
      const guest = await t.call(method, url, { body });
      expect(guest.status, url).toBe(401);
      const bad = await t.call(method, url, { body, token: 'not-a-token' });
      expect(bad.body.code, url).toBe(403000);
      const user = await t.call(method, url, { body, token: userToken });
      expect(user.status, url).toBe(403);
      expect(user.body).toMatchObject({ code: 403, success: false, message: '无权访问' });
    }
    expect(await t.ctx.db.select().from(modelKeys).where(eq(modelKeys.modelId, modelId))).toEqual([]);
  });
});

describe('admin: model keys', () => {
  let keyId: number;

  it('adds a key: stored encrypted, answered masked, audited without the clear key', async () => {
    const r = await t.call('POST', base(), { ...A(), body: { key: `  ${CLEAR}  `, weight: 3, priority: 5 } });
    expect(r.status).toBe(200);
    const k = adminModelKey.parse(r.body.data);
    keyId = k.id;
    expect(k).toMatchObject({ modelId, hint: 'sk-…9xyz', source: 'admin', weight: 3, priority: 5, enabled: true, readable: true, baseUrl: null, calls: 0 });
    expectNoClear(r.body);

    const [row] = await t.ctx.db.select().from(modelKeys).where(eq(modelKeys.id, k.id));
    expect(row!.key).toBeNull();
    expect(row!.secret).toMatch(/^sb1\./);
    expect(row!.secret).not.toContain(CLEAR);
    expectNoClear(row!.secret);

    const [audit] = await auditRows(t, 'model_key', k.id);
    expect(audit).toMatchObject({ action: 'model.key.create', adminId: admin.id, before: null, after: { modelId, hint: 'sk-…9xyz', weight: 3, priority: 5, enabled: true } });
    expectNoClear(audit);

    const list = adminModelKeyListReply.parse((await t.call('GET', base(), A())).body.data);
    expect(list.model).toMatchObject({ id: modelId, code: 'pool' });
    expect(list.rows.map((x) => x.id)).toEqual([k.id]);
    expectNoClear(list);
  });

  it('refuses bad input with a 400 and the field message, a duplicate, and unknown models or keys with 404', async () => {
    for (const [body, message] of [
      [{}, '请填写密钥'],
      [{ key: 'short' }, '密钥至少 8 位'],
      [{ key: 'sk has spaces 123' }, '密钥只能含可见的英文字符，不能有空格'],
      [{ key: 'sk-valid-123456', weight: -1 }, '权重不能为负'],
      [{ key: 'sk-valid-123456', weight: 1.5 }, '权重须为整数'],
      [{ key: 'sk-valid-123456', priority: 5000 }, '优先级最大 1000'],
      [{ key: 'sk-valid-123456', baseUrl: 'ftp://x' }, '须为 http(s) 地址'],
      [{ key: 'x'.repeat(501) }, '密钥最多 500 位'],
    ] as const) {
      const r = await t.call('POST', base(), { ...A(), body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ success: false, message });
    }
    const dup = await t.call('POST', base(), { ...A(), body: { key: CLEAR } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('该模型已有这个密钥');
    expectNoClear(dup.body);
    // The same key on another model is another row.
    expect((await t.call('POST', `/api/admin/models/${otherModelId}/keys`, { ...A(), body: { key: CLEAR } })).status).toBe(200);

    expect((await t.call('GET', '/api/admin/models/999999/keys', A())).status).toBe(404);
    expect((await t.call('POST', '/api/admin/models/999999/keys', { ...A(), body: { key: 'sk-valid-123456' } })).status).toBe(404);
    expect((await t.call('POST', `${base()}/999999`, { ...A(), body: { weight: 1 } })).status).toBe(404);
    // A key is reached only under its own model.
    expect((await t.call('POST', `/api/admin/models/${otherModelId}/keys/${keyId}`, { ...A(), body: { weight: 1 } })).status).toBe(404);
    expect((await t.call('POST', `${base()}/${keyId}`, { ...A(), body: {} })).status).toBe(400);
    expect((await t.call('POST', `${base()}/abc`, { ...A(), body: { weight: 1 } })).status).toBe(400);
    expect((await t.call('POST', `${base()}/${keyId}`, { ...A(), body: { enabled: 'yes' } })).status).toBe(400);
  });

  it('edits weight, priority and base URL and switches the key off and on; the audit keeps only what changed', async () => {
    const r = await t.call('POST', `${base()}/${keyId}`, { ...A(), body: { weight: 7, priority: 1, baseUrl: up.url } });
    expect(r.body.data).toMatchObject({ weight: 7, priority: 1, baseUrl: up.url });
    const off = await t.call('POST', `${base()}/${keyId}`, { ...A(), body: { enabled: false } });
    expect(off.body.data).toMatchObject({ enabled: false, disabledReason: '管理员停用' });
    const on = await t.call('POST', `${base()}/${keyId}`, { ...A(), body: { enabled: true, weight: 7 } });
    expect(on.body.data).toMatchObject({ enabled: true, disabledReason: null });
    const audit = (await auditRows(t, 'model_key', keyId)).filter((a) => a.action === 'model.key.update');
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ modelId, hint: 'sk-…9xyz', weight: 3, priority: 5, baseUrl: null }, { weight: 7, priority: 1, baseUrl: up.url }],
      [{ modelId, hint: 'sk-…9xyz', enabled: true }, { enabled: false }],
      [{ modelId, hint: 'sk-…9xyz', enabled: false }, { enabled: true }],
    ]);
    expectNoClear(audit);
  });

  it('"测试" makes a real 1-token call: success reports the answer and puts a key taken out back', async () => {
    await t.ctx.db.update(modelKeys).set({ status: 0, disabledReason: 'auth: HTTP 401: earlier' }).where(eq(modelKeys.id, keyId));
    const before = up.requests.length;
    const r = await t.call('POST', `${base()}/${keyId}/test`, A());
    expect(r.status).toBe(200);
    const res = adminModelKeyTest.parse(r.body.data);
    expect(res).toMatchObject({ ok: true, httpStatus: 200, kind: null, message: 'HTTP 200: pong', reply: 'pong' });
    expect(res.key).toMatchObject({ enabled: true, disabledReason: null });
    expect(up.requests.slice(before)).toEqual([{ key: CLEAR, model: 'up-pool', maxTokens: 1, tokenParam: 'max_tokens', auth: `Bearer ${CLEAR}` }]);
    expectNoClear(r.body);
    const audit = (await auditRows(t, 'model_key', keyId)).find((a) => a.action === 'model.key.test')!;
    expect(audit.before).toMatchObject({ enabled: false, disabledReason: 'auth: HTTP 401: earlier' });
    expect(audit.after).toMatchObject({ enabled: true, ok: true, httpStatus: 200 });
    // The test counts as a call of the key.
    const list = adminModelKeyListReply.parse((await t.call('GET', base(), A())).body.data);
    expect(list.rows[0]).toMatchObject({ calls: 1, failures: 0, promptTokens: 8, completionTokens: 1 });
    expect(list.rows[0]!.lastUsedAt).not.toBeNull();
  });

  it('a failing test reports the status and the upstream message (key masked) and takes a bad key out', async () => {
    const bad = 'k401-test-button-secret-42';
    const add = await t.call('POST', base(), { ...A(), body: { key: bad } });
    const id = add.body.data.id as number;
    const r = await t.call('POST', `${base()}/${id}/test`, A());
    const res = adminModelKeyTest.parse(r.body.data);
    expect(res).toMatchObject({ ok: false, httpStatus: 401, kind: 'auth' });
    expect(res.message).toBe('HTTP 401: Incorrect API key provided: k40…t-42. You can find your API key at https://platform.openai.com/account/api-keys.');
    expect(res.key).toMatchObject({ enabled: false, lastError: `auth: ${res.message}` });
    expect(res.key.disabledReason).toMatch(/^auth: HTTP 401/);
    expectNoClear(r.body, bad);
    expectNoClear(await auditRows(t, 'model_key', id), bad);

    // Quota and a plain rate limit: the first taken out, the second not (it is no fault of the key).
    const quota = (await t.call('POST', base(), { ...A(), body: { key: 'k429q-out-of-money-1' } })).body.data.id as number;
    const q = adminModelKeyTest.parse((await t.call('POST', `${base()}/${quota}/test`, A())).body.data);
    expect(q).toMatchObject({ ok: false, httpStatus: 429, kind: 'quota', key: { enabled: false } });
    expect(q.message).toContain('You exceeded your current quota');
    // DeepSeek's 402 Insufficient Balance: out of money, taken out.
    const poor = (await t.call('POST', base(), { ...A(), body: { key: 'k402-no-balance-1' } })).body.data.id as number;
    const p = adminModelKeyTest.parse((await t.call('POST', `${base()}/${poor}/test`, A())).body.data);
    expect(p).toMatchObject({ ok: false, httpStatus: 402, kind: 'quota', message: 'HTTP 402: Insufficient Balance', key: { enabled: false } });
    expect(p.key.disabledReason).toBe('quota: HTTP 402: Insufficient Balance');
    const limited = (await t.call('POST', base(), { ...A(), body: { key: 'k429-just-busy-1' } })).body.data.id as number;
    const l = adminModelKeyTest.parse((await t.call('POST', `${base()}/${limited}/test`, A())).body.data);
    expect(l).toMatchObject({ ok: false, httpStatus: 429, kind: 'rate_limit', key: { enabled: true } });

    // An upstream that cannot be reached says so.
    const far = (await t.call('POST', base(), { ...A(), body: { key: 'sk-unreachable-1', baseUrl: 'http://127.0.0.1:9/v1' } })).body.data.id as number;
    const f = adminModelKeyTest.parse((await t.call('POST', `${base()}/${far}/test`, A())).body.data);
    expect(f).toMatchObject({ ok: false, httpStatus: null, kind: 'refused', key: { enabled: true } });
    expect(f.message).toMatch(/cannot connect to the upstream/);
  });

  it('deletes a key, audited with what it was; a deleted key is gone', async () => {
    const r = await t.call('POST', `${base()}/${keyId}/delete`, A());
    expect(r.body.data).toEqual({ ok: true });
    expect(await t.ctx.db.select().from(modelKeys).where(eq(modelKeys.id, keyId))).toEqual([]);
    const audit = (await auditRows(t, 'model_key', keyId)).find((a) => a.action === 'model.key.delete')!;
    expect(audit.before).toMatchObject({ modelId, hint: 'sk-…9xyz', weight: 7, priority: 1, calls: 1 });
    expect(audit.after).toBeNull();
    expect((await t.call('POST', `${base()}/${keyId}/delete`, A())).status).toBe(404);
    expect((await t.call('POST', `${base()}/${keyId}/test`, A())).status).toBe(404);
  });

  it('"测试" of an o-series model asks as that model takes it (max_completion_tokens)', async () => {
    const id = await addModel(t, { code: 'pool-o3', baseUrl: up.url });
    await t.ctx.db.update(models).set({ upstreamModel: 'o3-mini', takesTemperature: false, tokenParam: 'max_completion_tokens' }).where(eq(models.id, id));
    const key = (await t.call('POST', `/api/admin/models/${id}/keys`, { ...A(), body: { key: 'sk-o3-key-0123456789' } })).body.data.id as number;
    const r = adminModelKeyTest.parse((await t.call('POST', `/api/admin/models/${id}/keys/${key}/test`, A())).body.data);
    expect(r).toMatchObject({ ok: true, reply: 'pong' });
    expect(up.requests.at(-1)).toMatchObject({ model: 'o3-mini', tokenParam: 'max_completion_tokens', maxTokens: 1 });
  });

  it('no audit row anywhere holds a clear key', async () => {
    const text = JSON.stringify(await allAudit());
    for (const clear of [CLEAR, 'k401-test-button-secret-42', 'k429q-out-of-money-1', 'sk-unreachable-1']) expect(text).not.toContain(clear);
  });
});

describe('admin: a key\'s base URL set in the console does not reach the inside', () => {
  /** What these names resolve to, as a DNS would answer now (others, localhost included, resolve for real). */
  const dns = new Map<string, string>();
  const port = () => new URL(up.url).port;
  beforeAll(() => {
    t.ctx.integrations.resolveHost = async (host, options) => {
      const address = dns.get(host);
      return address ? [{ address, family: 4 }] : resolveWithDns(host, options);
    };
  });

  it('a name that resolves inside, or a literal private address, is refused at save with the field named; nothing changes', async () => {
    dns.set('llm.inside.example', '10.1.2.3');
    const keysBefore = await t.ctx.db.select().from(modelKeys);
    const auditBefore = (await allAudit()).length;
    for (const baseUrl of ['http://llm.inside.example/v1', 'http://10.0.0.8/v1', 'http://[::ffff:169.254.169.254]/v1', `http://localhost:${port()}/v1`]) {
      const r = await t.call('POST', base(), { ...A(), body: { key: 'sk-inside-123456', baseUrl } });
      expect(r.status, baseUrl).toBe(400);
      expect(r.body.message).toBe('「密钥接口地址」指向内网地址，已拒绝；如确需使用，请在 SAFE_FETCH_ALLOW_HOSTS 中允许该主机');
    }
    const someKey = keysBefore.find((k) => k.modelId === modelId)!;
    const edit = await t.call('POST', `${base()}/${someKey.id}`, { ...A(), body: { baseUrl: 'http://llm.inside.example/v1', weight: 9 } });
    expect(edit.status).toBe(400);
    expect(await t.ctx.db.select().from(modelKeys)).toEqual(keysBefore);
    expect((await allAudit()).length).toBe(auditBefore);
    // The model's own base is checked the same way.
    const model = await t.call('POST', `/api/admin/models/${modelId}`, { ...A(), body: { baseUrl: 'https://llm.inside.example/v1' } });
    expect(model.status).toBe(400);
    expect(model.body.message).toMatch(/^「模型接口地址」指向内网地址/);
  });

  it('a name re-pointed inside after it was saved is refused when the upstream is called: the local server hears nothing', async () => {
    dns.set('llm.rebind.example', '93.184.216.34');
    const add = await t.call('POST', base(), { ...A(), body: { key: 'sk-rebound-123456', baseUrl: `http://llm.rebind.example:${port()}/v1` } });
    expect(add.status).toBe(200);
    dns.set('llm.rebind.example', '127.0.0.1');
    const heard = up.requests.length;
    const r = adminModelKeyTest.parse((await t.call('POST', `${base()}/${add.body.data.id as number}/test`, A())).body.data);
    expect(r).toMatchObject({ ok: false, httpStatus: null, kind: 'refused' });
    expect(r.message).toContain('不允许访问内网地址（127.0.0.1）');
    expect(up.requests.length).toBe(heard);
    // The allowed literal host is still reached (the environment trusts it).
    const allowed = await t.call('POST', base(), { ...A(), body: { key: 'sk-allowed-123456', baseUrl: up.url } });
    expect(allowed.status).toBe(200);
    expect(adminModelKeyTest.parse((await t.call('POST', `${base()}/${allowed.body.data.id as number}/test`, A())).body.data).ok).toBe(true);
    expect(up.requests.length).toBe(heard + 1);
  });
});

describe('admin: model keys in the log', () => {
  it('the start log says where the secrets key comes from; no log line ever holds a clear key', async () => {
    const raws: string[] = [];
    const stream = { write: (s: string) => void raws.push(s) };
    const logged = await createTestApp({ env: { SECRETS_KEY: '' }, logger: { level: 'debug', stream } });
    try {
      const start = raws.join('');
      expect(start).toContain('SECRETS_KEY is not set');
      expect(start).toContain(`${logged.dataDir}/.secrets-key (mode 0600)`);
      const adm = await adminToken(logged);
      const id = await addModel(logged, { code: 'logged', baseUrl: up.url });
      const secret = 'k401-never-in-the-log-5555';
      const add = await logged.call('POST', `/api/admin/models/${id}/keys`, { token: adm.token, body: { key: secret } });
      const keyId = add.body.data.id as number;
      await logged.call('POST', `/api/admin/models/${id}/keys/${keyId}/test`, { token: adm.token });
      await logged.call('POST', `/api/admin/models/${id}/keys/${keyId}`, { token: adm.token, body: { enabled: true } });
      const all = raws.join('');
      expect(all).toContain('model key tested');
      expect(all).not.toContain(secret);
      expect(all).not.toContain('never-in-the-log');
    } finally {
      await logged.close();
    }
  });
});
