import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackItem, feedbackListReply, feedbackThreadReply } from '@app/shared';
import { adminAudit, feedbacks, users } from '../../db/schema/index.ts';
import { userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { jpegHeader, tinyPng } from '../../testing/pictures.ts';

const PNG = tinyPng();
const JPG = jpegHeader(2, 2);
const GIF = Buffer.from('GIF89a' + 'x'.repeat(40), 'latin1');

let t: TestApp;
let base: string;
let alice: string;
let bob: string;
let admin: string;
let aliceId: number;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  alice = await t.loginByPhone('13700000001');
  bob = await t.loginByPhone('13700000002');
  admin = await t.loginByPhone('13700000009');
  aliceId = await userIdOf(t, alice);
  await t.ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, await userIdOf(t, admin)));
});
afterAll(() => t.close());

async function create(content: string | null, images: Buffer[] = [], token: string | null = alice) {
  const form = new FormData();
  if (content !== null) form.append('content', content);
  images.forEach((img, i) => form.append('file', new Blob([new Uint8Array(img)]), `shot${i}.png`));
  const res = await fetch(`${base}/api/ucenter/feedback/create`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
}
const count = async () => (await t.ctx.db.select().from(feedbacks)).length;

describe('feedback (user side)', () => {
  it('takes text and up to three pictures, stores the pictures and lists the feedback as the user’s own', async () => {
    const r = await create('  导出的 PPT 在 WPS 里字体不对  ', [PNG, JPG]);
    expect(r.body).toMatchObject({ code: 200, message: '提交成功，感谢您的反馈' });
    const item = feedbackItem.parse(r.body.data);
    expect(item).toMatchObject({ content: '导出的 PPT 在 WPS 里字体不对', unread: 0, replied: false, replyCount: 0 });
    expect(item.images).toHaveLength(2);
    for (const url of item.images) {
      expect(url).toMatch(new RegExp(`^/uploads/feedback/${aliceId}/\\d{6}/[\\w-]+\\.(png|jpg)$`));
      expect((await fetch(base + url)).status).toBe(200);
    }
    const list = feedbackListReply.parse((await t.call('GET', '/api/ucenter/feedback/list', { token: alice })).body.data);
    expect(list.rows.map((f) => f.id)).toEqual([item.id]);
    expect((await t.call('GET', '/api/ucenter/feedback/list', { token: bob })).body.data).toMatchObject({ rows: [], count: 0, unread: 0 });
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = await count();
    const cases: [string | null, Buffer[], string][] = [
      [null, [], '请输入反馈内容'],
      ['   ', [], '请输入反馈内容'],
      ['字'.repeat(1001), [], '反馈内容不能超过1000字'],
      ['a\u0000b', [], '内容包含无效字符'],
      ['四张图', [PNG, PNG, PNG, PNG], '最多上传3张图片'],
      ['动图', [PNG, GIF], '仅支持 png、jpg、bmp 格式的图片'],
    ];
    for (const [content, images, message] of cases) {
      const r = await create(content, images);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const json = await t.call('POST', '/api/ucenter/feedback/create', { token: alice, body: { content: 'json' } });
    expect(json.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('asks for a login without a token, and a bad token is refused', async () => {
    expect((await create('hi', [], null)).status).toBe(401);
    expect((await t.call('GET', '/api/ucenter/feedback/list')).status).toBe(401);
    expect((await t.call('GET', '/api/ucenter/feedback/list', { token: 'bogus' })).body.code).toBe(403000);
  });
});

describe('feedback replies', () => {
  it('the operator’s reply is unread until the user opens the thread; the user’s follow-up waits for the operator again', async () => {
    const item = feedbackItem.parse((await create('能否支持导出 PDF？')).body.data);
    const answered = await t.call('POST', '/api/admin/feedback/reply', { token: admin, body: { id: item.id, content: '已支持，请在导出菜单选择 PDF' } });
    expect(answered.body).toMatchObject({ code: 200, data: { author: 'admin', content: '已支持，请在导出菜单选择 PDF' } });
    const audit = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.targetId, String(item.id)));
    expect(audit.filter((a) => a.action === 'feedback.reply')).toHaveLength(1);
    let list = feedbackListReply.parse((await t.call('GET', '/api/ucenter/feedback/list', { token: alice })).body.data);
    expect(list.unread).toBe(1);
    expect(list.rows[0]).toMatchObject({ id: item.id, unread: 1, replied: true, replyCount: 1 });

    const thread = feedbackThreadReply.parse((await t.call('GET', '/api/ucenter/feedback/list/reply', { token: alice, query: { id: String(item.id) } })).body.data);
    expect(thread.list.map((r) => [r.author, r.content])).toEqual([['admin', '已支持，请在导出菜单选择 PDF']]);
    list = feedbackListReply.parse((await t.call('GET', '/api/ucenter/feedback/list', { token: alice })).body.data);
    expect(list.unread).toBe(0);

    const follow = await t.call('POST', '/api/ucenter/feedback/reply', { token: alice, body: { id: item.id, content: '好的，谢谢' } });
    expect(follow.body).toMatchObject({ code: 200, data: { author: 'user' } });
    const awaiting = await t.call('GET', '/api/admin/feedback/list', { token: admin, query: { awaiting: '1' } });
    expect(awaiting.body.data.rows.map((r: { id: number }) => r.id)).toContain(item.id);
    const adminThread = await t.call('GET', `/api/admin/feedback/${item.id}`, { token: admin });
    expect(adminThread.body.data.list.map((r: { author: string }) => r.author)).toEqual(['admin', 'user']);
    expect(adminThread.body.data.feedback).toMatchObject({ userId: aliceId, awaitingReply: true });
  });

  it('another user can neither read nor answer a thread (the same 404 as a missing one)', async () => {
    const item = feedbackItem.parse((await create('私人的反馈')).body.data);
    for (const r of [
      await t.call('GET', '/api/ucenter/feedback/list/reply', { token: bob, query: { id: String(item.id) } }),
      await t.call('POST', '/api/ucenter/feedback/reply', { token: bob, body: { id: item.id, content: '偷看' } }),
      await t.call('GET', '/api/ucenter/feedback/list/reply', { token: alice, query: { id: '99999999' } }),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('反馈不存在或已删除');
    }
    const thread = await t.call('GET', `/api/admin/feedback/${item.id}`, { token: admin });
    expect(thread.body.data.list).toEqual([]);
    expect((await t.call('GET', '/api/ucenter/feedback/list/reply', { token: alice, query: { id: 'x' } })).status).toBe(400);
    expect((await t.call('POST', '/api/ucenter/feedback/reply', { token: alice, body: { id: item.id, content: '' } })).status).toBe(400);
  });

  it('the console’s feedback routes are the operator’s only', async () => {
    for (const token of [alice, undefined, 'bogus']) {
      const list = await t.call('GET', '/api/admin/feedback/list', { token });
      expect(list.body.code).not.toBe(200);
      const reply = await t.call('POST', '/api/admin/feedback/reply', { token, body: { id: 1, content: '冒充客服' } });
      expect(reply.body.code).not.toBe(200);
    }
    expect((await t.call('GET', '/api/admin/feedback/list', { token: alice })).status).toBe(403);
  });
});
