import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, shareItem, shareMineReply, shareViewReply } from '@app/shared';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';

let t: TestApp;
let alice: string;
let bob: string;
let uuid: number;

const history = async (token: string, id: number) => chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token, query: { uuid: String(id) } })).body.data).list;
const view = (token: string, ip = '10.1.1.1') => t.app.inject({ method: 'GET', url: `/api/share/view/${token}`, remoteAddress: ip });

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loginByPhone('13800000011');
  bob = await t.loginByPhone('13800000012');
  await setBalance(t, await userIdOf(t, alice), { base3: 50 });
  await setBalance(t, await userIdOf(t, bob), { base3: 50 });
  const first = await sendTurn(t, alice, { input: '第一问：什么是勾股定理？', uuid: 0, feature: 'ai_35' });
  uuid = first.uuid;
  await sendTurn(t, alice, { input: '第二问：举个例子', uuid, feature: 'ai_35' });
});
afterAll(() => t.close());

describe('share links', () => {
  it('shares the branch on screen: after an edit, the new question and its reply, not the old branch', async () => {
    const first = await sendTurn(t, alice, { input: '分支一问', uuid: 0, feature: 'ai_35' });
    await sendTurn(t, alice, { input: '旧的第二问', uuid: first.uuid, feature: 'ai_35' });
    const firstReply = (await history(alice, first.uuid)).find((m) => m.role === 'assistant')!;
    await sendTurn(t, alice, { input: '改写后的第二问', uuid: first.uuid, parentId: firstReply.id, feature: 'ai_35' });
    const share = shareItem.parse((await t.call('POST', '/api/share/create', { token: alice, body: { uuid: first.uuid } })).body.data);
    const page = shareViewReply.parse((await view(share.token, '10.9.9.9')).json().data);
    expect(page.messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual(['分支一问', '改写后的第二问']);
    expect(page.messages).toHaveLength(4);
  });

  it('shares a whole conversation; anyone reads it without logging in, and views are counted', async () => {
    const created = await t.call('POST', '/api/share/create', { token: alice, body: { uuid } });
    expect(created.status).toBe(200);
    const share = shareItem.parse(created.body.data);
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(share.url).toBe(`http://localhost:3000/s/${share.token}`);
    expect(share.messageCount).toBe(4);
    expect(share).toMatchObject({ viewCount: 0, revoked: false, title: '第一问：什么是勾股定理？' });

    const res = await view(share.token);
    expect(res.statusCode).toBe(200);
    const page = shareViewReply.parse(res.json().data);
    expect(page.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(page.messages[0]!.text).toBe('第一问：什么是勾股定理？');
    expect(page.messages[1]!.text).toContain('离线演示');
    expect(page.viewCount).toBe(1);
    // Nothing of the owner or the conversation's ids is public.
    expect(JSON.stringify(res.json())).not.toMatch(/uuid|userId|13800000011|"id"/);

    // The same visitor again within the hour is one view; another visitor is a second.
    expect(shareViewReply.parse((await view(share.token)).json().data).viewCount).toBe(1);
    expect(shareViewReply.parse((await view(share.token, '10.1.1.2')).json().data).viewCount).toBe(2);
    const mine = shareMineReply.parse((await t.call('GET', '/api/share/mine', { token: alice })).body.data);
    expect(mine.list.find((s) => s.id === share.id)).toMatchObject({ viewCount: 2, messageCount: 4 });
  });

  it('counts views that arrive at once exactly', async () => {
    const share = shareItem.parse((await t.call('POST', '/api/share/create', { token: alice, body: { uuid } })).body.data);
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => view(share.token, `10.2.0.${i + 1}`)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const mine = shareMineReply.parse((await t.call('GET', '/api/share/mine', { token: alice })).body.data);
    expect(mine.list.find((s) => s.id === share.id)?.viewCount).toBe(12);
  });

  it('is a snapshot: shared up to one message, the later messages (and those sent after) never show', async () => {
    const list = await history(alice, uuid);
    const firstReply = list.find((m) => m.role === 'assistant')!;
    const created = await t.call('POST', '/api/share/create', { token: alice, body: { uuid, messageId: firstReply.id, title: '只到第一个回答' } });
    const share = shareItem.parse(created.body.data);
    expect(share.messageCount).toBe(2);
    await sendTurn(t, alice, { input: '第三问：这是秘密', uuid, feature: 'ai_35' });

    const page = shareViewReply.parse((await view(share.token)).json().data);
    expect(page.title).toBe('只到第一个回答');
    expect(page.messages).toHaveLength(2);
    const text = JSON.stringify(page);
    expect(text).not.toContain('第二问');
    expect(text).not.toContain('秘密');

    // A share of the whole conversation made earlier does not grow either.
    const whole = shareMineReply.parse((await t.call('GET', '/api/share/mine', { token: alice })).body.data).list.at(-1)!;
    const wholePage = shareViewReply.parse((await view(whole.token, '10.3.0.1')).json().data);
    expect(wholePage.messages).toHaveLength(4);
    expect(JSON.stringify(wholePage)).not.toContain('秘密');
  });

  it('keeps the snapshot when the conversation is deleted; revoking makes the link a 404', async () => {
    const other = await sendTurn(t, alice, { input: '要删掉的对话', uuid: 0, feature: 'ai_35' });
    const share = shareItem.parse((await t.call('POST', '/api/share/create', { token: alice, body: { uuid: other.uuid } })).body.data);
    expect((await t.call('POST', '/api/chat/history/delete', { token: alice, body: { uuid: other.uuid } })).body.code).toBe(200);
    expect((await view(share.token)).statusCode).toBe(200);

    const revoked = await t.call('POST', '/api/share/revoke', { token: alice, body: { id: share.id } });
    expect(revoked.body).toMatchObject({ code: 200, message: '已撤销分享' });
    const gone = await view(share.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404, message: '分享不存在或已失效' });
    const page = await t.app.inject({ method: 'GET', url: `/s/${share.token}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<title>分享不存在或已失效 - ');
    expect(page.body).toContain('noindex');
    // Twice is fine, and the list says so.
    expect((await t.call('POST', '/api/share/revoke', { token: alice, body: { id: share.id } })).body.code).toBe(200);
    const mine = shareMineReply.parse((await t.call('GET', '/api/share/mine', { token: alice })).body.data);
    expect(mine.list.find((s) => s.id === share.id)?.revoked).toBe(true);
  });

  it('serves /s/<token> with the share title and description in its head, escaped', async () => {
    const evil = '<script>alert(1)</script>"\'&';
    const other = await sendTurn(t, alice, { input: '描述里有 <img src=x onerror=alert(1)> 和 "引号"', uuid: 0, feature: 'ai_35' });
    const share = shareItem.parse((await t.call('POST', '/api/share/create', { token: alice, body: { uuid: other.uuid, title: evil } })).body.data);
    const page = await t.app.inject({ method: 'GET', url: `/s/${share.token}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp; - 知行 AI</title>');
    expect(page.body).toContain('<meta property="og:title" content="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;" />');
    expect(page.body).toContain('<meta name="description" content="描述里有 &lt;img src=x onerror=alert(1) 和 &quot;引号&quot;" />');
    expect(page.body).toContain(`<meta property="og:url" content="http://localhost:3000/s/${share.token}" />`);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
    // Reading the head for a preview is not a view.
    const mine = shareMineReply.parse((await t.call('GET', '/api/share/mine', { token: alice })).body.data);
    expect(mine.list.find((s) => s.id === share.id)?.viewCount).toBe(0);
  });
});

describe('what another user, no token and bad input get', () => {
  it('another user cannot share, list or revoke what is not theirs', async () => {
    const share = shareItem.parse((await t.call('POST', '/api/share/create', { token: alice, body: { uuid } })).body.data);
    const steal = await t.call('POST', '/api/share/create', { token: bob, body: { uuid } });
    expect(steal.status).toBe(404);
    expect(steal.body.message).toBe('对话不存在或已删除');

    const bobs = await sendTurn(t, bob, { input: 'bob 的问题', uuid: 0, feature: 'ai_35' });
    // Alice's message id with Bob's group: not a message of that conversation.
    const aliceMsg = (await history(alice, uuid))[0]!.id;
    const mixed = await t.call('POST', '/api/share/create', { token: bob, body: { uuid: bobs.uuid, messageId: aliceMsg } });
    expect(mixed.status).toBe(404);
    expect(mixed.body.message).toBe('消息不存在或已删除');

    const list = shareMineReply.parse((await t.call('GET', '/api/share/mine', { token: bob })).body.data);
    expect(list.list).toEqual([]);
    const revoke = await t.call('POST', '/api/share/revoke', { token: bob, body: { id: share.id } });
    expect(revoke.status).toBe(404);
    expect((await view(share.token)).statusCode).toBe(200);
  });

  it('no token: 401 on create, list and revoke', async () => {
    expect((await t.call('POST', '/api/share/create', { body: { uuid } })).status).toBe(401);
    expect((await t.call('GET', '/api/share/mine')).status).toBe(401);
    expect((await t.call('POST', '/api/share/revoke', { body: { id: 1 } })).status).toBe(401);
    expect((await t.call('GET', '/api/share/mine', { token: 'not-a-real-token' })).body.code).toBe(403000);
  });

  it('unknown, malformed and huge tokens are the same 404', async () => {
    for (const bad of ['AAAAAAAAAAAAAAAAAAAAAA', 'abc', '..%2F..%2Fetc', '%3Cscript%3E', 'x'.repeat(100)]) {
      const res = await view(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe('分享不存在或已失效');
    }
    expect([400, 414]).toContain((await view('x'.repeat(5000))).statusCode);
    const page = await t.app.inject({ method: 'GET', url: '/s/%3Cscript%3Ealert(1)%3C%2Fscript%3E', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('<script>alert');
  });

  it('refuses bad input with a 400 and a Chinese message, changing nothing', async () => {
    const before = shareMineReply.parse((await t.call('GET', '/api/share/mine', { token: alice })).body.data).list.length;
    const cases: unknown[] = [
      {},
      { uuid: 'abc' },
      { uuid: -1 },
      { uuid: 1e12 },
      { uuid, messageId: 0 },
      { uuid, title: '长'.repeat(51) },
      { uuid, title: 'a\u0000b' },
      { uuid, title: ['x'] },
    ];
    for (const body of cases) {
      const res = await t.call('POST', '/api/share/create', { token: alice, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await t.call('POST', '/api/share/revoke', { token: alice, body: { id: 'x' } })).status).toBe(400);
    const huge = await t.app.inject({ method: 'POST', url: '/api/share/create', headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, payload: JSON.stringify({ uuid, title: 'x'.repeat(3_000_000) }) });
    expect(huge.statusCode).toBe(413);
    expect(shareMineReply.parse((await t.call('GET', '/api/share/mine', { token: alice })).body.data).list.length).toBe(before);
  });

  it('an empty conversation has nothing to share', async () => {
    const empty = await sendTurn(t, bob, { input: '一会儿就清空', uuid: 0, feature: 'ai_35' });
    expect((await t.call('POST', '/chatlog/delByGroupId', { token: bob, body: { groupId: empty.uuid } })).body.code).toBe(200);
    const res = await t.call('POST', '/api/share/create', { token: bob, body: { uuid: empty.uuid } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('这个对话还没有可分享的内容');
  });
});
