import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModel, getBalance, setBalance, userIdOf } from '../../testing/chat.ts';
import { askWith } from '../../testing/document.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { uploadAndParse } from '../../testing/document.ts';

const HANDBOOK = [
  '# 员工手册',
  '## 第一章 考勤',
  '员工每天九点上班，六点下班，迟到三次记为旷工一天。',
  '## 第二章 休假',
  '员工每年享有十天带薪年假，病假需提供医院证明。',
  '## 第三章 报销',
  '差旅费用在出差结束后十五日内凭发票报销，逾期不予受理。',
].join('\n\n');

let t: TestApp;
let up: FakeUpstream;
let user: string;
let doc: string;

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 4, intervalMs: 5 });
  t = await createTestApp({ env: { DOCUMENT_MODEL: 'doc-model' } });
  await addModel(t, { code: 'doc-model', baseUrl: up.url, keys: ['sk-doc'], cost: 2 });
  user = await t.loginByPhone('13800000301');
  await setBalance(t, await userIdOf(t, user), { base3: 20 });
  doc = (await uploadAndParse(t, user, { name: '手册.md', body: Buffer.from(HANDBOOK) })).token;
});
afterAll(async () => {
  await t?.close();
  await up?.close();
});

describe('asking a configured model', () => {
  it('gives the model the matching passages with their places, the action and the language', async () => {
    const r = await askWith(t, user, { token: doc, action: 'qa', question: '年假有几天？', language: 'English' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 2 });
    const sent = up.requests.at(-1)!.body;
    expect(sent.model).toBe('up-doc-model');
    const system = sent.messages[0].content as string;
    expect(system).toContain('《员工手册》');
    expect(system).toContain('请使用English作答');
    expect(system).toContain('[1]（员工手册 / 第二章 休假）\n');
    expect(system).toContain('员工每年享有十天带薪年假');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '问答：年假有几天？' });
  });

  it('cites exactly the passages the answer marks', async () => {
    // The fake upstream quotes the question; a question starting with [2] makes the answer cite [2].
    const r = await askWith(t, user, { token: doc, action: 'qa', question: '[2] 员工报销期限' });
    const done = r.last as Extract<typeof r.last, { type: 'done' }>;
    expect(done.citations.map((c) => c.n)).toEqual([2]);
  });

  it('sends the whole document for a summary, and earlier questions only for follow-up questions', async () => {
    await askWith(t, user, { token: doc, action: 'summary' });
    const sent = up.requests.at(-1)!.body;
    const system = sent.messages[0].content as string;
    expect(system).toContain('以下是文档的全部内容');
    for (const s of ['考勤', '休假', '报销']) expect(system).toContain(s);
    expect(sent.messages).toHaveLength(2);
    await askWith(t, user, { token: doc, action: 'qa', question: '病假呢？' });
    const follow = up.requests.at(-1)!.body.messages;
    expect(follow.length).toBeGreaterThan(2);
    expect(follow.at(-1).content).toBe('问答：病假呢？');
  });

  it('stops a reply on request, keeps the partial text and charges it', async () => {
    const id = await userIdOf(t, user);
    const before = (await getBalance(t, id)).baseModel3;
    let stopped = false;
    const r = await askWith(
      t,
      user,
      { token: doc, action: 'qa', question: '考勤规定 [[long]]' },
      {
        onEvent: async (e) => {
          if (e.type === 'delta' && !stopped) {
            stopped = true;
            const s = await t.call('POST', '/api/document/stop', { token: user, body: { token: doc } });
            expect(s.body.message).toBe('已停止');
          }
        },
      },
    );
    expect(r.last).toMatchObject({ type: 'done', status: 'stopped', charged: 2 });
    expect(r.text.length).toBeGreaterThan(0);
    expect((await getBalance(t, id)).baseModel3).toBe(before - 2);
    const h = await t.call('GET', `/api/document/history/${doc}`, { token: user });
    expect(h.body.data.list.at(-1)).toMatchObject({ role: 'assistant', status: 'stopped', text: r.text });
    const none = await t.call('POST', '/api/document/stop', { token: user, body: { token: doc } });
    expect(none.status).toBe(404);
  });

  it('tells an upstream failure and charges nothing', async () => {
    const id = await userIdOf(t, user);
    const before = (await getBalance(t, id)).baseModel3;
    const r = await askWith(t, user, { token: doc, action: 'qa', question: '出错 [[500]]' });
    expect(r.last).toMatchObject({ type: 'error', token: doc });
    expect((await getBalance(t, id)).baseModel3).toBe(before);
  });
});

describe('red-team: what once gave free answers', () => {
  it('a question with a NUL character is refused before anything runs: a 400 naming the field, no answer, no charge', async () => {
    const userId = await userIdOf(t, user);
    const before = (await getBalance(t, userId)).baseModel3;
    for (const question of ['年假\u0000有几天？', '年假\ud800有几天？']) {
      const v = await t.call('POST', '/api/document/ask/validate', { token: user, body: { token: doc, action: 'qa', question } });
      expect(v.status).toBe(400);
      expect(v.body.data.field).toBe('question');
    }
    expect((await getBalance(t, userId)).baseModel3).toBe(before);
  });

  it('a split balance (1 in the membership pool, 1 in the base pool) pays an answer that costs 2, from both', async () => {
    const other = await t.loginByPhone('13800000302');
    const otherId = await userIdOf(t, other);
    await setBalance(t, otherId, { base3: 1, member3: 1, memberExpiresAt: new Date(t.clock.now() + 86_400_000) });
    const mine = (await uploadAndParse(t, other, { name: '手册.md', body: Buffer.from(HANDBOOK) })).token;
    const r = await askWith(t, other, { token: mine, action: 'qa', question: '年假有几天？' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 2 });
    expect(await getBalance(t, otherId)).toMatchObject({ baseModel3: 0, memberModel3: 0 });
  });
});
