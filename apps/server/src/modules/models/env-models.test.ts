import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteInfoReply } from '@app/shared';
import { parseModelList } from '../../config.ts';
import { modelKeys, models } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { createSecretBox } from '../../core/secret-box.ts';
import { syncEnvModels } from './env-models.ts';
import { keyHash, openKey } from './keys.ts';

describe('OPENAI_MODELS parsing', () => {
  it('reads code:label lists, splitting at the last colon or at =', () => {
    expect(parseModelList('deepseek-chat:DeepSeek V3, deepseek-reasoner:DeepSeek R1')).toEqual([
      { code: 'deepseek-chat', label: 'DeepSeek V3' },
      { code: 'deepseek-reasoner', label: 'DeepSeek R1' },
    ]);
    expect(parseModelList('qwen2.5:7b:通义 7B,llama3.1=Llama,moonshot-v1-8k')).toEqual([
      { code: 'qwen2.5:7b', label: '通义 7B' },
      { code: 'llama3.1', label: 'Llama' },
      { code: 'moonshot-v1-8k', label: 'moonshot-v1-8k' },
    ]);
    expect(parseModelList(undefined)).toEqual([]);
    expect(() => parseModelList(':label')).toThrow(/OPENAI_MODELS/);
  });
});

describe('models and keys from settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        OPENAI_BASE_URL: 'https://api.deepseek.com/v1',
        OPENAI_API_KEY: 'sk-one, sk-two',
        OPENAI_MODELS: 'deepseek-chat:DeepSeek V3,deepseek-reasoner:DeepSeek R1',
      },
    });
  });
  afterAll(() => t.close());

  const box = () => createSecretBox(t.ctx.config.env, t.dataDir).box;
  /** Each key as stored: sealed (never in clear), opened here with the server's secrets key. */
  const envKeys = async () =>
    (await t.ctx.db.select({ code: models.code, row: modelKeys }).from(modelKeys).innerJoin(models, eq(models.id, modelKeys.modelId)))
      .map(({ code, row }) => {
        expect(row.key).toBeNull();
        expect(row.secret).not.toContain(openKey(box(), row)!);
        return `${code}:${openKey(box(), row)}:${row.status}`;
      })
      .sort();

  it('one line of settings makes exactly those models, bound to the upstream, with the keys', async () => {
    const info = websiteInfoReply.parse((await t.call('GET', '/api/website/info')).body.data);
    expect(info.features.map((f) => [f.code, f.label])).toEqual([
      ['deepseek-chat', 'DeepSeek V3'],
      ['deepseek-reasoner', 'DeepSeek R1'],
    ]);
    expect(info.demo.llm).toBe(false);
    const [row] = await t.ctx.db.select().from(models).where(eq(models.code, 'deepseek-chat'));
    expect(row).toMatchObject({ upstreamModel: 'deepseek-chat', baseUrl: 'https://api.deepseek.com/v1', enabled: true });
    expect(await envKeys()).toEqual(['deepseek-chat:sk-one:1', 'deepseek-chat:sk-two:1', 'deepseek-reasoner:sk-one:1', 'deepseek-reasoner:sk-two:1']);
  });

  it('a restart with other keys replaces them and puts taken-out env keys back', async () => {
    await t.ctx.db.update(modelKeys).set({ status: 0, disabledReason: 'auth: HTTP 401' }).where(eq(modelKeys.keyHash, keyHash('sk-two')));
    await syncEnvModels(t.ctx.db, { OPENAI_BASE_URL: undefined, OPENAI_API_KEY: 'sk-two,sk-three', OPENAI_MODELS: 'deepseek-chat' }, box());
    expect(await envKeys()).toEqual(['deepseek-chat:sk-three:1', 'deepseek-chat:sk-two:1']);
    const enabled = await t.ctx.db.select({ code: models.code }).from(models).where(eq(models.enabled, true));
    expect(enabled.map((m) => m.code)).toEqual(['deepseek-chat']);
  });

  it('without a model list the keys serve every enabled model; without keys the chat is offline', async () => {
    await t.ctx.db.update(models).set({ enabled: true }).where(eq(models.code, 'ai_35'));
    await syncEnvModels(t.ctx.db, { OPENAI_BASE_URL: undefined, OPENAI_API_KEY: 'sk-x', OPENAI_MODELS: undefined }, box());
    expect(await envKeys()).toEqual(['ai_35:sk-x:1', 'deepseek-chat:sk-x:1']);
    await syncEnvModels(t.ctx.db, { OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined, OPENAI_MODELS: undefined }, box());
    expect(await envKeys()).toEqual([]);
    t.clock.advance(6000); // website info is cached for 5 s
    expect((await t.call('GET', '/api/website/info')).body.data.demo.llm).toBe(true);
  });
});
