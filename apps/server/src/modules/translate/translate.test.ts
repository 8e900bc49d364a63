import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, detectLanguage } from '@app/shared';
import { addModel, getBalance, setBalance, userIdOf } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { streamTranslate, translate } from '../../testing/tools.ts';

let t: TestApp;
let up: FakeUpstream;
let user: string;
let userId: number;
let other: string;

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 4, intervalMs: 5 });
  t = await createTestApp();
  await addModel(t, { code: 'tr-up', baseUrl: up.url, keys: ['sk-tr'], cost: 2 });
  await addModel(t, { code: 'tr-offline', cost: 1, inputExt: 300 });
  user = await t.loginByPhone('13800000801');
  userId = await userIdOf(t, user);
  other = await t.loginByPhone('13800000802');
  await setBalance(t, userId, { base3: 50 });
});
afterAll(async () => {
  await t?.close();
  await up?.close();
});

describe('detecting the source language', () => {
  it.each([
    ['今天天气很好，我们去公园散步吧。', 'zh-CN'],
    ['今天天氣很好，我們去公園散步吧。這裡的風景真美。', 'zh-TW'],
    ['The quick brown fox jumps over the lazy dog and it is fine.', 'en'],
    ['今日はいい天気ですね。散歩に行きましょう。', 'ja'],
    ['오늘 날씨가 정말 좋네요.', 'ko'],
    ['Привет, как дела?', 'ru'],
    ['Je suis très content de vous voir et nous allons dans le parc.', 'fr'],
    ['Ich bin heute müde und das Wetter ist nicht schön.', 'de'],
    ['¿Dónde está la biblioteca? Es para mi clase de español.', 'es'],
    ['12345 !!!', null],
  ])('%s → %s', (text, lang) => expect(detectLanguage(text)).toBe(lang));
});

describe('translating', () => {
  it('the offline model: the detected source, a labelled stand-in, charged once, in the history', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const r = await translate(t, user, { text: '你好，世界', to: 'en', model: 'tr-offline' });
    expect(r.from).toBe('zh-CN');
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1, id: r.id });
    expect(r.text).toContain('离线演示');
    expect(r.text).toContain('你好，世界');
    expect((await getBalance(t, userId)).baseModel3).toBe(before - 1);
    const h = await t.call('GET', '/api/translate/histories', { token: user });
    expect(h.body.data.list[0]).toMatchObject({ id: r.id, from: 'zh-CN', to: 'en', source: '你好，世界', result: r.text, status: 'complete' });
  });

  it('a configured model gets the languages and the text alone; charged exactly once', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const r = await translate(t, user, { text: 'Good morning', from: 'en', to: 'ja', model: 'tr-up' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 2 });
    const sent = up.requests.at(-1)!.body;
    expect(sent.messages[0].content).toContain('from English into Japanese');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Good morning' });
    expect((await getBalance(t, userId)).baseModel3).toBe(before - 2);
  });

  it('stop keeps the partial result and charges it; a cut stream charges nothing', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const c = await t.call('POST', '/api/translate/create', { token: user, body: { text: 'long text [[long]]', to: 'zh-CN', model: 'tr-up' } });
    const { secret, id } = c.body.data;
    let stopped = false;
    const r = await streamTranslate(t, user, { secret }, {
      onEvent: async (e) => {
        if (e.type === 'delta' && !stopped) {
          stopped = true;
          expect((await t.call('POST', '/api/translate/stop', { token: other, body: { secret } })).status).toBe(404);
          expect((await t.call('POST', '/api/translate/stop', { token: user, body: { secret } })).body.message).toBe('已停止');
        }
      },
    });
    expect(r.last).toMatchObject({ type: 'done', status: 'stopped', charged: 2, id });
    expect((await getBalance(t, userId)).baseModel3).toBe(before - 2);
    const cut = await translate(t, user, { text: 'broken [[cut]]', to: 'de', model: 'tr-up' });
    expect(cut.last).toMatchObject({ type: 'error', id: cut.id });
    expect((await getBalance(t, userId)).baseModel3).toBe(before - 2);
    const list = (await t.call('GET', '/api/translate/histories', { token: user })).body.data.list;
    expect(list.find((x: { id: number }) => x.id === cut.id)).toMatchObject({ status: 'error', result: cut.text });
  });
});

describe('refusals: nothing changes, nothing is charged', () => {
  it('bad language codes, NUL, empty and over-long text: 400 naming the field', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const cases: [unknown, string][] = [
      [{ text: 'hello', to: 'xx' }, 'to'],
      [{ text: 'hello', to: '' }, 'to'],
      [{ text: 'hello' }, 'to'],
      [{ text: 'hello', from: 'klingon', to: 'en' }, 'from'],
      [{ text: 'hello', from: 'en', to: 'en' }, 'to'],
      [{ text: 'hello world, this is fine', to: 'en' }, 'to'],
      [{ text: '', to: 'en' }, 'text'],
      [{ text: '  \n ', to: 'en' }, 'text'],
      [{ text: 'a\u0000b', to: 'en' }, 'text'],
      [{ text: 'a\udc00b', to: 'en' }, 'text'],
      [{ text: 'a'.repeat(301), to: 'en', model: 'tr-offline' }, 'text'],
      [{ text: 'a'.repeat(100_001), to: 'en' }, 'text'],
      [{ text: 'hi', to: 'en', model: 'nope' }, 'model'],
    ];
    for (const [body, fieldName] of cases) {
      const r = await t.call('POST', '/api/translate/create', { token: user, body });
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.body.data.field).toBe(fieldName);
      expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await getBalance(t, userId)).baseModel3).toBe(before);
  });

  it('no token: 401; a bad token: 403000', async () => {
    expect((await t.call('POST', '/api/translate/create', { body: { text: 'x', to: 'en' } })).status).toBe(401);
    expect((await t.call('GET', '/api/translate/histories')).status).toBe(401);
    expect((await t.call('GET', '/api/translate/histories', { token: 'bad' })).body.code).toBe(Code.TOKEN_INVALID);
    expect((await streamTranslate(t, null, { secret: 'y'.repeat(32) })).status).toBe(401);
  });

  it("another user's translations are never visible or deletable, and their secret does not open", async () => {
    const mine = await translate(t, user, { text: '秘密内容', to: 'en', model: 'tr-offline' });
    expect((await t.call('GET', '/api/translate/histories', { token: other })).body.data.list).toEqual([]);
    expect((await t.call('POST', '/api/translate/delete', { token: other, body: { id: mine.id } })).status).toBe(404);
    const c = await t.call('POST', '/api/translate/create', { token: user, body: { text: '再来', to: 'en', model: 'tr-offline' } });
    expect((await streamTranslate(t, other, { secret: c.body.data.secret })).status).toBe(404);
    expect((await streamTranslate(t, user, { secret: c.body.data.secret })).last).toMatchObject({ type: 'done' });
    expect((await t.call('POST', '/api/translate/delete', { token: user, body: { id: mine.id } })).body.message).toBe('删除成功');
    expect((await t.call('POST', '/api/translate/delete', { token: user, body: { id: mine.id } })).status).toBe(404);
  });

  it('an empty balance opens the purchase dialog (408xxx)', async () => {
    const poor = await t.loginByPhone('13800000803');
    await setBalance(t, await userIdOf(t, poor), {});
    const r = await t.call('POST', '/api/translate/create', { token: poor, body: { text: '没钱', to: 'en', model: 'tr-offline' } });
    expect(String(r.body.code)).toMatch(/^408/);
  });
});
