import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@app/shared';
import { addModel, getBalance, setBalance, userIdOf, waitFor } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { makeMind, streamMind } from '../../testing/tools.ts';

let t: TestApp;
let up: FakeUpstream;
let user: string;
let userId: number;
let other: string;

const depthOf = (md: string) => {
  let max = 0;
  for (const line of md.split('\n')) {
    const h = /^(#+)\s/.exec(line);
    if (h) max = Math.max(max, h[1]!.length);
    const li = /^(\s*)-\s/.exec(line);
    if (li) max = Math.max(max, 4 + li[1]!.length / 2);
  }
  return max;
};

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 4, intervalMs: 5 });
  t = await createTestApp();
  await addModel(t, { code: 'mind-up', baseUrl: up.url, keys: ['sk-mind'], cost: 2 });
  await addModel(t, { code: 'mind-offline', cost: 1, inputExt: 500 });
  user = await t.loginByPhone('13800000701');
  userId = await userIdOf(t, user);
  other = await t.loginByPhone('13800000702');
  await setBalance(t, userId, { base3: 50 });
});
afterAll(async () => {
  await t?.close();
  await up?.close();
});

describe('the offline model', () => {
  it('draws a real outline of the topic, at least three levels, labelled 离线演示; charged once; reopened exactly', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const r = await makeMind(t, user, { prompt: '时间管理', options: { model: 'mind-offline' } });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1, id: r.id });
    expect(r.text.startsWith('# 时间管理')).toBe(true);
    expect(r.text).toContain('离线演示');
    expect(depthOf(r.text)).toBeGreaterThanOrEqual(4);
    expect((await getBalance(t, userId)).baseModel3).toBe(before - 1);
    const d = await t.call('GET', `/api/mind/detail/${r.id}`, { token: user });
    expect(d.body.data).toMatchObject({ id: r.id, title: '时间管理', status: 'complete', markdown: r.text, prompt: '时间管理', edited: false });
    const h = await t.call('GET', '/api/mind/histories', { token: user });
    expect(h.body.data.list[0]).toMatchObject({ id: r.id, title: '时间管理' });
  });

  it('turns pasted text into a map with a branch of its points', async () => {
    const text = '# 番茄工作法\n番茄工作法是一种时间管理方法。每个番茄钟二十五分钟。之后休息五分钟。四个番茄钟之后长休息。它帮助人们保持专注，减少拖延。';
    const r = await makeMind(t, user, { prompt: text, options: { model: 'mind-offline' } });
    expect(r.text.split('\n')[0]).toBe('# 番茄工作法');
    expect(r.text).toContain('## 原文要点');
  });
});

describe('a configured model', () => {
  it('is told to write a markdown outline, with the user system message; charged exactly once', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const r = await makeMind(t, user, { prompt: '机器学习', options: { model: 'mind-up', temperature: 0.5 }, systemMessage: '面向初学者' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 2 });
    const sent = up.requests.at(-1)!.body;
    expect(sent.model).toBe('up-mind-up');
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('Markdown 大纲');
    expect(sent.messages[0].content).toContain('面向初学者');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '机器学习' });
    expect(sent.temperature).toBe(0.5);
    expect((await getBalance(t, userId)).baseModel3).toBe(before - 2);
    const d = await t.call('GET', `/api/mind/detail/${r.id}`, { token: user });
    expect(d.body.data.markdown).toBe(r.text);
  });

  it('stop keeps what was drawn, and charges it once', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const c = await t.call('POST', '/api/mind/create', { token: user, body: { prompt: '长导图 [[long]]', options: { model: 'mind-up' } } });
    const { id, secret } = c.body.data;
    let stopped = false;
    const r = await streamMind(t, user, { options: { secret } }, {
      onEvent: async (e) => {
        if (e.type === 'delta' && !stopped) {
          stopped = true;
          const s = await t.call('POST', '/api/mind/stop', { token: other, body: { secret } });
          expect(s.status).toBe(404);
          expect((await t.call('POST', '/api/mind/stop', { token: user, body: { secret } })).body.message).toBe('已停止');
        }
      },
    });
    expect(r.last).toMatchObject({ type: 'done', status: 'stopped', charged: 2, id });
    expect(r.text.length).toBeGreaterThan(0);
    expect((await getBalance(t, userId)).baseModel3).toBe(before - 2);
    const d = await t.call('GET', `/api/mind/detail/${id}`, { token: user });
    expect(d.body.data).toMatchObject({ status: 'stopped', markdown: r.text });
  });

  it('a cut upstream saves what came, tells the error and charges nothing', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const r = await makeMind(t, user, { prompt: '断流 [[cut]]', options: { model: 'mind-up' } });
    expect(r.last).toMatchObject({ type: 'error', id: r.id });
    expect((await getBalance(t, userId)).baseModel3).toBe(before);
    const d = await t.call('GET', `/api/mind/detail/${r.id}`, { token: user });
    expect(d.body.data.status).toBe('error');
    expect(d.body.data.markdown).toBe(r.text);
  });

  it('a reader that goes away does not stop the map: it is saved and charged once', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const abort = new AbortController();
    const r = await makeMind(t, user, { prompt: '离开页面 [[chunks:30]]', options: { model: 'mind-up' } }, { signal: abort.signal, onEvent: (e) => (e.type === 'delta' ? abort.abort() : undefined) });
    await waitFor(async () => (await t.call('GET', `/api/mind/detail/${r.id}`, { token: user })).body.data.status === 'complete');
    expect((await getBalance(t, userId)).baseModel3).toBe(before - 2);
  });

  it('regenerate replaces the map in place; an edit is saved as is', async () => {
    const first = await makeMind(t, user, { prompt: '旅行计划', options: { model: 'mind-offline' } });
    const edited = '# 旅行计划\n## 目的地\n### 海边\n- 青岛';
    const u = await t.call('POST', '/api/mind/update', { token: user, body: { id: first.id, markdown: edited } });
    expect(u.body.data).toMatchObject({ markdown: edited, edited: true, title: '旅行计划' });
    const again = await makeMind(t, user, { prompt: '旅行计划', options: { model: 'mind-offline', id: first.id } });
    expect(again.id).toBe(first.id);
    const d = await t.call('GET', `/api/mind/detail/${first.id}`, { token: user });
    expect(d.body.data).toMatchObject({ markdown: again.text, edited: false, status: 'complete' });
  });
});

describe('refusals: nothing changes, nothing is charged', () => {
  it('bad input is a 400 naming the field', async () => {
    const before = (await getBalance(t, userId)).baseModel3;
    const cases: [unknown, string][] = [
      [{ prompt: '' }, 'prompt'],
      [{ prompt: '   ' }, 'prompt'],
      [{ prompt: '主题\u0000' }, 'prompt'],
      [{ prompt: '主题\ud800' }, 'prompt'],
      [{ prompt: '长'.repeat(501), options: { model: 'mind-offline' } }, 'prompt'],
      [{ prompt: '长'.repeat(100_001) }, 'prompt'],
      [{ prompt: '主题', options: { model: 'nope' } }, 'options.model'],
      [{ prompt: '主题', options: { temperature: 9 } }, 'options.temperature'],
      [{ prompt: '主题', options: { id: -1 } }, 'options.id'],
      [{ prompt: '主题', systemMessage: 'x'.repeat(4001) }, 'systemMessage'],
    ];
    for (const [body, fieldName] of cases) {
      const r = await t.call('POST', '/api/mind/create', { token: user, body });
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.body.data.field).toBe(fieldName);
      expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await getBalance(t, userId)).baseModel3).toBe(before);
  });

  it('no token: 401; a bad token: 403000', async () => {
    expect((await t.call('POST', '/api/mind/create', { body: { prompt: 'x' } })).status).toBe(401);
    expect((await t.call('GET', '/api/mind/histories')).status).toBe(401);
    expect((await t.call('POST', '/api/mind/create', { token: 'nope', body: { prompt: 'x' } })).body.code).toBe(Code.TOKEN_INVALID);
    const s = await streamMind(t, null, { options: { secret: 'x'.repeat(32) } });
    expect(s.status).toBe(401);
  });

  it("another user's maps are never visible, editable, regenerable or stoppable", async () => {
    const mine = await makeMind(t, user, { prompt: '私人导图', options: { model: 'mind-offline' } });
    expect((await t.call('GET', `/api/mind/detail/${mine.id}`, { token: other })).status).toBe(404);
    expect((await t.call('POST', '/api/mind/update', { token: other, body: { id: mine.id, markdown: '# 改' } })).status).toBe(404);
    expect((await t.call('POST', '/api/mind/delete', { token: other, body: { id: mine.id } })).status).toBe(404);
    expect((await t.call('POST', '/api/mind/create', { token: other, body: { prompt: 'x', options: { id: mine.id } } })).status).toBe(404);
    expect((await t.call('GET', '/api/mind/histories', { token: other })).body.data.list).toEqual([]);
    // A prepared map opened by someone else: 404, and its owner can still open it.
    const c = await t.call('POST', '/api/mind/create', { token: user, body: { prompt: '别人的秘密', options: { model: 'mind-offline' } } });
    const stolen = await streamMind(t, other, { options: { secret: c.body.data.secret } });
    expect(stolen.status).toBe(404);
    const own = await streamMind(t, user, { prompt: '别人的秘密', options: { secret: c.body.data.secret } });
    expect(own.last).toMatchObject({ type: 'done', status: 'complete' });
    expect((await t.call('GET', `/api/mind/detail/${mine.id}`, { token: user })).body.data.markdown).toBe(mine.text);
  });

  it('a secret is used once; a prompt that differs from the prepared one is refused', async () => {
    const c = await t.call('POST', '/api/mind/create', { token: user, body: { prompt: '一次', options: { model: 'mind-offline' } } });
    const bad = await streamMind(t, user, { prompt: '另一个', options: { secret: c.body.data.secret } });
    expect(bad.status).toBe(400);
    const again = await streamMind(t, user, { prompt: '一次', options: { secret: c.body.data.secret } });
    expect(again.status).toBe(404);
  });

  it('an empty balance opens the purchase dialog (408xxx); two maps at once on a balance for one: one is drawn, one refused', async () => {
    const poor = await t.loginByPhone('13800000703');
    const poorId = await userIdOf(t, poor);
    await setBalance(t, poorId, {});
    const r = await t.call('POST', '/api/mind/create', { token: poor, body: { prompt: '没钱', options: { model: 'mind-offline' } } });
    expect(String(r.body.code)).toMatch(/^408/);
    await setBalance(t, poorId, { base3: 1 });
    const a = await t.call('POST', '/api/mind/create', { token: poor, body: { prompt: '甲', options: { model: 'mind-offline' } } });
    const b = await t.call('POST', '/api/mind/create', { token: poor, body: { prompt: '乙', options: { model: 'mind-offline' } } });
    const [ra, rb] = await Promise.all([streamMind(t, poor, { options: { secret: a.body.data.secret } }), streamMind(t, poor, { options: { secret: b.body.data.secret } })]);
    const kinds = [ra.last?.type, rb.last?.type].sort();
    expect(kinds).toEqual(['done', 'error']);
    expect((await getBalance(t, poorId)).baseModel3).toBe(0);
    const list = (await t.call('GET', '/api/mind/histories', { token: poor })).body.data.list;
    expect(list).toHaveLength(1);
  });
});

describe('an imported map (an .xmind or .md the web turned into markdown)', () => {
  const imported = '# 大模型应用落地\n## 检索增强\n### 通过检索增强生成获得真实内容，并在回答中标注来源\n- 切分文档';

  it('is a new complete map of the caller, listed, opened, edited and regenerated like any other, for free', async () => {
    const importer = await t.loginByPhone('13800000704');
    const importerId = await userIdOf(t, importer);
    await setBalance(t, importerId, { base3: 5 });
    const r = await t.call('POST', '/api/mind/import', { token: importer, body: { markdown: imported } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ title: '大模型应用落地', prompt: '大模型应用落地', markdown: imported, status: 'complete', edited: true, document: null });
    const id = r.body.data.id as number;
    expect((await getBalance(t, importerId)).baseModel3).toBe(5);
    expect((await t.call('GET', '/api/mind/histories', { token: importer })).body.data.list.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await t.call('GET', `/api/mind/detail/${id}`, { token: importer })).body.data.markdown).toBe(imported);
    const u = await t.call('POST', '/api/mind/update', { token: importer, body: { id, markdown: `${imported}\n- 补充` } });
    expect(u.body.data.markdown).toBe(`${imported}\n- 补充`);
    const again = await makeMind(t, importer, { prompt: '大模型应用落地', options: { model: 'mind-offline', id } });
    expect(again.id).toBe(id);
  });

  it('bad input is a 400 and saves nothing; no token 401; another user never sees it', async () => {
    const before = (await t.call('GET', '/api/mind/histories', { token: user })).body.data.list.length;
    for (const body of [{}, { markdown: '' }, { markdown: '   \n' }, { markdown: `# 根\n${'长'.repeat(100_001)}` }, { markdown: '# 根\u0000' }, { markdown: 42 }]) {
      const r = await t.call('POST', '/api/mind/import', { token: user, body });
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(r.body.data.field).toBe('markdown');
    }
    expect((await t.call('GET', '/api/mind/histories', { token: user })).body.data.list).toHaveLength(before);
    expect((await t.call('POST', '/api/mind/import', { body: { markdown: imported } })).status).toBe(401);
    const mine = await t.call('POST', '/api/mind/import', { token: user, body: { markdown: imported } });
    expect((await t.call('GET', `/api/mind/detail/${mine.body.data.id}`, { token: other })).status).toBe(404);
    expect((await t.call('POST', '/api/mind/update', { token: other, body: { id: mine.body.data.id, markdown: '# 改' } })).status).toBe(404);
    expect((await t.call('GET', '/api/mind/histories', { token: other })).body.data.list).toEqual([]);
  });
});
