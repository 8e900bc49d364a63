import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../core/secret-box.ts';
import { modelKeys } from '../../db/schema/index.ts';
import { LlmError } from '../../providers/llm/types.ts';
import { addModel } from '../../testing/chat.ts';
import { startFakeKeyUpstream, type FakeKeyUpstream } from '../../testing/fake-key-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import type { ModelKey } from './catalog.ts';
import { KEY_LABEL, keyHash, mask, openKey, sealLegacyKeys } from './keys.ts';
import { pickKey } from './llm-router.ts';
import { createModels, type Models } from './service.ts';

const k = (id: number, priority: number, weight: number): ModelKey => ({ id, key: `key-${id}`, weight, priority, baseUrl: null });

describe('key selection: priority first, weight within a priority', () => {
  const keys = [k(1, 0, 100), k(2, 10, 1), k(3, 10, 3), k(4, 5, 1000)];

  it('only keys of the highest priority are picked, in proportion to their weights', () => {
    const seen = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const key = pickKey(keys, new Set(), () => (i + 0.5) / 400)!;
      seen.set(key.id, (seen.get(key.id) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([2, 3]);
    expect(seen.get(2)).toBe(100);
    expect(seen.get(3)).toBe(300);
  });

  it('a lower priority serves once every key above it was tried; none left is null', () => {
    expect(pickKey(keys, new Set([2, 3]), () => 0.99)!.id).toBe(4);
    expect(pickKey(keys, new Set([2, 3, 4]), () => 0.5)!.id).toBe(1);
    expect(pickKey(keys, new Set([1, 2, 3, 4]))).toBeNull();
  });

  it('weights of 0 within the top priority still leave a key to pick', () => {
    expect([7, 8]).toContain(pickKey([k(7, 1, 0), k(8, 1, 0), k(9, 0, 5)], new Set(), () => 0.7)!.id);
  });
});

describe('stored keys in the router (fake upstream)', () => {
  let t: TestApp;
  let up: FakeKeyUpstream;
  let models: Models;
  beforeAll(async () => {
    up = await startFakeKeyUpstream();
    t = await createTestApp();
    models = await createModels(t.ctx, { random: () => 0 });
  });
  afterAll(async () => {
    await t.close();
    await up.close();
  });

  const add = async (modelId: number, key: string, o: { priority?: number; weight?: number; baseUrl?: string | null } = {}) =>
    models.keys.add(t.ctx.db, modelId, { key, weight: o.weight ?? 1, priority: o.priority ?? 0, baseUrl: o.baseUrl ?? null });
  const rowOf = async (id: number) => (await t.ctx.db.select().from(modelKeys).where(eq(modelKeys.id, id)))[0]!;
  const ask = async (code: string) => {
    models.catalog.invalidate();
    const model = (await models.catalog.find(code))!;
    let text = '';
    try {
      await models.router.relay(model, { messages: [{ role: 'user', content: 'hi' }] }, (d) => void (text += d));
      return { text, error: null };
    } catch (e) {
      if (!(e instanceof LlmError)) throw e;
      return { text, error: e };
    }
  };

  it('a stored key is sealed in the database, never in clear', async () => {
    const modelId = await addModel(t, { code: 'sealed', baseUrl: up.url });
    const row = await add(modelId, 'sk-live-0123456789abcdef');
    const [stored] = await t.ctx.db.select().from(modelKeys).where(eq(modelKeys.id, row.id));
    expect(stored!.key).toBeNull();
    expect(stored!.secret).toMatch(/^sb1\./);
    expect(JSON.stringify(stored)).not.toContain('sk-live-0123456789abcdef');
    expect(stored!.keyHint).toBe('sk-…cdef');
    expect(stored!.keyHash).toBe(keyHash('sk-live-0123456789abcdef'));
    const r = await ask('sealed');
    expect(r).toEqual({ text: 'pong', error: null });
    expect(up.requests.at(-1)).toMatchObject({ key: 'sk-live-0123456789abcdef', model: 'up-sealed' });
  });

  for (const [prefix, status, kind] of [
    ['k401-', 401, 'auth'],
    ['k402-', 402, 'quota'],
    ['k403-', 403, 'quota'],
    ['k429q-', 429, 'quota'],
  ] as const) {
    it(`a key the upstream answers ${status} (${prefix}) is taken out with the reason, the turn served by the next key`, async () => {
      const code = `auto-${status}-${prefix.length}`;
      const modelId = await addModel(t, { code, baseUrl: up.url });
      const bad = await add(modelId, `${prefix}secret-value-9999`, { priority: 10 });
      const good = await add(modelId, 'sk-good-key-1111', { priority: 0 });
      const r = await ask(code);
      expect(r).toEqual({ text: 'pong', error: null });
      expect(up.requests.slice(-2).map((q) => q.key)).toEqual([`${prefix}secret-value-9999`, 'sk-good-key-1111']);
      const row = await rowOf(bad.id);
      expect(row.status).toBe(0);
      expect(row.disabledReason).toMatch(new RegExp(`^${kind}: HTTP ${status}: `));
      expect(row.disabledAt).toBeInstanceOf(Date);
      // Never the clear key in the stored reason (the 401 answer echoes it).
      expect(row.disabledReason).not.toContain('secret-value-9999');
      expect((await rowOf(good.id)).status).toBe(1);
      // The next turn goes straight to the key still in rotation.
      const before = up.requests.length;
      await ask(code);
      expect(up.requests.slice(before).map((q) => q.key)).toEqual(['sk-good-key-1111']);
    });
  }

  it('a rate limit (429 without quota) or a server error leaves the key in rotation', async () => {
    const modelId = await addModel(t, { code: 'limited', baseUrl: up.url });
    const slow = await add(modelId, 'k429-rate-limited-1', { priority: 5 });
    const broken = await add(modelId, 'k500-server-error-1', { priority: 1 });
    const r = await ask('limited');
    expect(r.error?.kind).toBe('upstream');
    expect((await rowOf(slow.id)).status).toBe(1);
    expect((await rowOf(broken.id)).status).toBe(1);
  });

  it('another instance sees a key taken out (the row), and counts land in the row', async () => {
    const modelId = await addModel(t, { code: 'shared', baseUrl: up.url });
    const bad = await add(modelId, 'k401-other-instance-1', { priority: 1 });
    await add(modelId, 'sk-shared-good-22', { priority: 0 });
    const other = await createTestApp({ shareWith: t });
    try {
      const second = await createModels(other.ctx, { random: () => 0 });
      await ask('shared'); // this instance takes the bad key out
      second.catalog.invalidate();
      const model = (await second.catalog.find('shared'))!;
      const before = up.requests.length;
      await second.router.relay(model, { messages: [{ role: 'user', content: 'hi' }] }, () => {});
      expect(up.requests.slice(before).map((q) => q.key)).toEqual(['sk-shared-good-22']);
      await second.flush();
    } finally {
      await other.close();
    }
    await models.flush();
    const rows = await t.ctx.db.select().from(modelKeys).where(eq(modelKeys.modelId, modelId));
    const badRow = rows.find((r) => r.id === bad.id)!;
    const goodRow = rows.find((r) => r.id !== bad.id)!;
    expect(badRow).toMatchObject({ calls: 1, failures: 1, promptTokens: 0 });
    expect(badRow.lastError).toMatch(/^auth: HTTP 401/);
    expect(badRow.lastError).not.toContain('other-instance');
    expect(goodRow).toMatchObject({ calls: 2, failures: 0, promptTokens: 16, completionTokens: 2 });
    expect(goodRow.lastUsedAt).toBeInstanceOf(Date);
  });

  it('the pulled stream counts its calls, failures and tokens too', async () => {
    const modelId = await addModel(t, { code: 'pulled', baseUrl: up.url });
    const bad = await add(modelId, 'k402-pulled-broke-1', { priority: 1 });
    const good = await add(modelId, 'sk-pulled-good-1', { priority: 0 });
    models.catalog.invalidate();
    const model = (await models.catalog.find('pulled'))!;
    let text = '';
    for await (const c of models.router.stream(model, { messages: [{ role: 'user', content: 'hi' }] })) if (c.type === 'delta') text += c.text;
    expect(text).toBe('pong');
    await models.flush();
    expect(await rowOf(bad.id)).toMatchObject({ status: 0, calls: 1, failures: 1 });
    expect((await rowOf(bad.id)).disabledReason).toMatch(/^quota: HTTP 402/);
    expect(await rowOf(good.id)).toMatchObject({ status: 1, calls: 1, failures: 0, promptTokens: 8, completionTokens: 1 });
  });

  it('a key of its own base URL is called there, not at the model URL', async () => {
    const modelId = await addModel(t, { code: 'own-url', baseUrl: 'http://127.0.0.1:9/v1' });
    await add(modelId, 'sk-own-url-key-1', { baseUrl: up.url });
    expect(await ask('own-url')).toEqual({ text: 'pong', error: null });
  });

  it('a key sealed with another SECRETS_KEY is left out of rotation (the model is then unavailable)', async () => {
    const modelId = await addModel(t, { code: 'foreign', baseUrl: up.url });
    const other = new SecretBox(randomBytes(32));
    await t.ctx.db.insert(modelKeys).values({ modelId, secret: other.seal('sk-foreign-key-1', KEY_LABEL), keyHash: keyHash('sk-foreign-key-1'), keyHint: mask('sk-foreign-key-1') });
    const r = await ask('foreign');
    expect(r.error?.message).toMatch(/no usable key/);
    const [view] = await models.keys.list(modelId);
    expect(view).toMatchObject({ readable: false, hint: 'sk-…ey-1' });
  });

  it('keys stored in clear by an older version are sealed at start and keep working', async () => {
    const modelId = await addModel(t, { code: 'legacy', baseUrl: up.url, keys: ['sk-legacy-clear-77'] });
    const box = new SecretBox(Buffer.from(t.ctx.config.env.SECRETS_KEY!, 'hex'));
    expect(await sealLegacyKeys(t.ctx.db, box)).toBe(1);
    const [row] = await t.ctx.db.select().from(modelKeys).where(eq(modelKeys.modelId, modelId));
    expect(row!.key).toBeNull();
    expect(openKey(box, row!)).toBe('sk-legacy-clear-77');
    expect(row!.keyHint).toBe('sk-…r-77');
    expect(await ask('legacy')).toEqual({ text: 'pong', error: null });
    expect(await sealLegacyKeys(t.ctx.db, box)).toBe(0);
  });
});
