import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { models } from '../../db/schema/index.ts';
import { addModel, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { guessCapabilities } from './capabilities.ts';
import { syncEnvModels } from './env-models.ts';
import { createSecretBox } from '../../core/secret-box.ts';

describe('capabilities guessed from the upstream model name', () => {
  it.each([
    ['o3-mini', { vision: false, reasoning: true, takesTemperature: false, tokenParam: 'max_completion_tokens', takesSystem: true }],
    ['o1-mini', { vision: false, reasoning: true, takesTemperature: false, tokenParam: 'max_completion_tokens', takesSystem: false }],
    ['o1-preview-2024-09-12', { reasoning: true, takesTemperature: false, takesSystem: false }],
    ['o1', { vision: true, reasoning: true, takesTemperature: false, tokenParam: 'max_completion_tokens', takesSystem: true }],
    ['o4-mini', { vision: true, takesTemperature: false, tokenParam: 'max_completion_tokens' }],
    ['gpt-5', { vision: true, reasoning: true, takesTemperature: false, tokenParam: 'max_completion_tokens' }],
    ['openai/gpt-5-mini', { reasoning: true, takesTemperature: false, tokenParam: 'max_completion_tokens' }],
    ['gpt-5-chat-latest', { reasoning: false, takesTemperature: true, tokenParam: 'max_tokens' }],
    ['gpt-4o', { vision: true, reasoning: false, takesTemperature: true, tokenParam: 'max_tokens', takesSystem: true }],
    ['deepseek-chat', { vision: false, reasoning: false, takesTemperature: true, tokenParam: 'max_tokens', takesSystem: true }],
    ['deepseek-reasoner', { reasoning: true, takesTemperature: true, tokenParam: 'max_tokens', takesSystem: true }],
    ['deepseek-r1:7b', { reasoning: true, takesTemperature: true }],
    ['qwq-plus', { reasoning: true }],
    ['qwen3-235b-a22b-thinking-2507', { reasoning: true }],
    ['qwen-vl-max', { vision: true, reasoning: false }],
  ])('%s', (name, expected) => {
    expect(guessCapabilities(name)).toMatchObject(expected);
  });
});

describe('what the upstream receives, by the model\'s capabilities', () => {
  let t: TestApp;
  let up: FakeUpstream;
  let user: string;
  beforeAll(async () => {
    up = await startFakeUpstream({ chunks: 3 });
    t = await createTestApp();
    user = await t.loginByPhone('13900000072');
    await setBalance(t, await userIdOf(t, user), { base3: 100 });
  });
  afterAll(async () => {
    await t.close();
    await up.close();
  });

  const model = async (code: string, upstreamModel: string, set: Partial<typeof models.$inferInsert>) => {
    const id = await addModel(t, { code, baseUrl: up.url, keys: ['good-c'], systemPrompt: '你是助手' });
    await t.ctx.db.update(models).set({ upstreamModel, maxTokens: 1000, ...set }).where(eq(models.id, id));
    t.clock.advance(6000);
  };
  const ask = async (feature: string) => {
    const r = await sendTurn(t, user, { input: '问题', feature, temperature: 0.3 });
    return { r, body: up.requests.at(-1)!.body };
  };

  it('a model that takes everything: temperature, max_tokens, the system message', async () => {
    await model('plain', 'gpt-4o', {});
    const { r, body } = await ask('plain');
    expect(r.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(body).toMatchObject({ temperature: 0.3, max_tokens: 1000 });
    expect(body.max_completion_tokens).toBeUndefined();
    expect(body.messages[0]).toEqual({ role: 'system', content: '你是助手' });
  });

  it('o3-mini set as OpenAI takes it: no temperature, max_completion_tokens; the fake answers', async () => {
    await model('o3', 'o3-mini', { takesTemperature: false, tokenParam: 'max_completion_tokens' });
    const { r, body } = await ask('o3');
    expect(r.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(body.temperature).toBeUndefined();
    expect(body.max_tokens).toBeUndefined();
    expect(body.max_completion_tokens).toBe(1000);
  });

  it('o3-mini left with the defaults is refused as OpenAI refuses it, nothing charged', async () => {
    await model('o3-wrong', 'o3-mini', {});
    const { r } = await ask('o3-wrong');
    expect(r.last).toMatchObject({ type: 'error', message: '模型服务拒绝了本次请求，请调整内容后重试' });
  });

  it('o1-mini without a system message: the system text goes before the first user message', async () => {
    await model('o1m', 'o1-mini', { takesTemperature: false, tokenParam: 'max_completion_tokens', takesSystem: false });
    const { r, body } = await ask('o1m');
    expect(r.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(body.messages).toEqual([{ role: 'user', content: '你是助手\n\n问题' }]);
  });
});

describe('models from OPENAI_MODELS get the same guesses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a new o3-mini and deepseek-reasoner are stored with what they take; a console correction survives the next start', async () => {
    const env = { OPENAI_BASE_URL: 'https://gw.example.com/v1', OPENAI_API_KEY: 'sk-x', OPENAI_MODELS: 'o3-mini:o3 mini,deepseek-reasoner:R1' };
    const box = createSecretBox(t.ctx.config.env, t.dataDir).box;
    await syncEnvModels(t.ctx.db, env, box);
    const rows = async () => Object.fromEntries((await t.ctx.db.select().from(models)).map((m) => [m.code, m]));
    expect((await rows())['o3-mini']).toMatchObject({ reasoning: true, takesTemperature: false, tokenParam: 'max_completion_tokens', takesSystem: true });
    expect((await rows())['deepseek-reasoner']).toMatchObject({ reasoning: true, takesTemperature: true, tokenParam: 'max_tokens' });
    await t.ctx.db.update(models).set({ takesTemperature: true }).where(eq(models.code, 'o3-mini'));
    await syncEnvModels(t.ctx.db, env, box);
    expect((await rows())['o3-mini']!.takesTemperature).toBe(true);
  });
});

describe('migration 0028 sets older models by the same rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('rows that existed before get what the guess says (vision left as it was)', async () => {
    const names = ['openai/o3-mini', 'o1-mini', 'o1-preview', 'gpt-5', 'gpt-5-chat-latest', 'deepseek-reasoner', 'deepseek-r1:7b', 'qwq-32b', 'gpt-4o', 'deepseek-chat'];
    await t.ctx.db.insert(models).values(names.map((n, i) => ({ code: `old-${i}`, label: n, upstreamModel: n })));
    const sql = readFileSync(new URL('../../db/migrations/0028_model_capabilities.sql', import.meta.url), 'utf8').split('--> statement-breakpoint').join('\n');
    await t.ctx.database.execScript(sql);
    const rows = await t.ctx.db.select().from(models).where(inArray(models.upstreamModel, names));
    for (const r of rows) {
      const { vision: _vision, ...guess } = guessCapabilities(r.upstreamModel);
      expect({ name: r.upstreamModel, reasoning: r.reasoning, takesTemperature: r.takesTemperature, tokenParam: r.tokenParam, takesSystem: r.takesSystem }).toEqual({ name: r.upstreamModel, ...guess });
    }
    expect(rows.filter((r) => r.code.startsWith('old-'))).toHaveLength(names.length);
  });
});
