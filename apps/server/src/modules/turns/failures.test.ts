import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, Code } from '@app/shared';
import { addModel, getBalance, keysOf, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/** Upstream failures as the user meets them in a chat turn: a clear message each, nothing charged, a key out of money or wrong taken out. */
let t: TestApp;
let up: FakeUpstream;
let user: string;
let userId: number;
let errsId: number;

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 5 });
  t = await createTestApp();
  user = await t.loginByPhone('13900000071');
  userId = await userIdOf(t, user);
  errsId = await addModel(t, { code: 'errs', baseUrl: up.url, keys: ['good-e'] });
});
afterAll(async () => {
  await t.close();
  await up.close();
});

const history = async (uuid: number) => chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token: user, query: { uuid: String(uuid) } })).body.data).list;

async function failedTurn(feature: string, input: string) {
  await setBalance(t, userId, { base3: 5 });
  const r = await sendTurn(t, user, { input, feature });
  expect(r.last?.type).toBe('error');
  const list = await history(r.uuid);
  expect(list[1]).toMatchObject({ role: 'assistant', status: 'error', charged: false });
  expect((await getBalance(t, userId)).baseModel3).toBe(5);
  return r.last as { type: 'error'; code: number; message: string };
}

describe('provider errors in a chat turn', () => {
  it.each([
    ['context length exceeded (OpenAI, code context_length_exceeded)', '[[context]] 很长的问题', '对话过长，超出了模型能读取的长度，请新建对话后再试'],
    ['context length exceeded (DeepSeek, said only in words)', '[[context-deepseek]] 很长的问题', '对话过长，超出了模型能读取的长度，请新建对话后再试'],
    ['Azure content filter (400 content_filter)', '[[azure-filter]] 问题', '内容未通过模型服务的安全审核，请修改后重试'],
    ['Qwen/DashScope data_inspection_failed', '[[data-inspection]] 问题', '内容未通过模型服务的安全审核，请修改后重试'],
    ['an answer stopped with finish_reason content_filter', '[[filter-finish]] 问题', '内容未通过模型服务的安全审核，请修改后重试'],
    ['429 rate limit', '[[429]] 问题', '模型服务繁忙，请稍后再试'],
  ])('%s → its message, nothing charged, the key stays', async (_name, input, message) => {
    const last = await failedTurn('errs', input);
    expect(last.message).toBe(message);
    const [key] = await keysOf(t, errsId);
    expect(key!.status).toBe(1);
  });

  it.each([
    ['401 invalid_api_key', 'bad-e1', 'auth', Code.CHAT_UNAVAILABLE, '模型服务暂不可用（密钥无效或已停用），请联系管理员'],
    ['429 insufficient_quota (OpenAI: out of money)', 'broke-e1', 'quota', Code.CHAT_UNAVAILABLE, '模型服务账户余额不足（额度已用尽），请联系管理员'],
    ['402 Insufficient Balance (DeepSeek)', 'poor-e1', 'quota', Code.CHAT_UNAVAILABLE, '模型服务账户余额不足（额度已用尽），请联系管理员'],
  ])('%s → its message, nothing charged, the key taken out of rotation with the reason', async (_name, key, kind, code, message) => {
    const id = await addModel(t, { code: `k-${key}`, baseUrl: up.url, keys: [key] });
    const last = await failedTurn(`k-${key}`, '你好');
    expect(last).toMatchObject({ code, message });
    const [row] = await keysOf(t, id);
    expect(row!.status).toBe(0);
    expect(row!.disabledReason).toMatch(new RegExp(`^${kind}: HTTP`));
    expect(row!.disabledReason).not.toContain(key);
  });
});
