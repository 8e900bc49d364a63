import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDocumentActionListReply, adminWordListReply } from '@app/shared';
import { askWith, uploadAndParse } from '../../testing/document.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, auditRows, phone } from './test-kit.ts';

let t: TestApp;
let second: TestApp;
let admin: { token: string; id: number };
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  second = await createTestApp({ shareWith: t });
  admin = await adminToken(t);
  user = await t.loginByPhone(phone());
});
afterAll(async () => {
  await second.close();
  await t.close();
});
const A = () => ({ token: admin.token });
const userActions = async (app = t) => (await app.call('GET', '/api/document/actions', { token: user })).body.data.list as { value: string; label: string }[];
const tick = () => new Promise((r) => setTimeout(r, 20));

describe('admin: document actions', () => {
  it('lists the five actions of before, seeded from the old constant, in order', async () => {
    const { rows } = adminDocumentActionListReply.parse((await t.call('GET', '/api/admin/content/document-actions', A())).body.data);
    expect(rows.map((r) => r.value)).toEqual(['summary', 'points', 'qa', 'translate', 'outline']);
    expect(rows.find((r) => r.value === 'qa')).toMatchObject({ label: '问答', reads: 'search', needsQuestion: true, enabled: true });
    expect((await userActions()).map((a) => a.label)).toEqual(['总结全文', '提取要点', '问答', '翻译全文', '生成大纲']);
  });

  it('renames, reorders and switches off an action; every instance serves the change at once; audited', async () => {
    await userActions(second); // cached there
    const r = await t.call('POST', '/api/admin/content/document-actions/outline', { ...A(), body: { label: '思维大纲', sort: 1 } });
    expect(r.body.data).toMatchObject({ value: 'outline', label: '思维大纲', sort: 1 });
    await tick();
    expect((await userActions(second))[0]).toEqual({ value: 'outline', label: '思维大纲' });
    await t.call('POST', '/api/admin/content/document-actions/translate', { ...A(), body: { enabled: false } });
    await tick();
    expect((await userActions(second)).map((a) => a.value)).not.toContain('translate');
    const audit = await auditRows(t, 'document_action', 'outline');
    expect(audit[0]).toMatchObject({ action: 'document_action.update', before: { label: '生成大纲', sort: 50 }, after: { label: '思维大纲', sort: 1 } });
  });

  it('adds an action users are offered; bad input is refused and changes nothing', async () => {
    const body = { value: 'risks', label: '找出风险', reads: 'whole', needsQuestion: false, instruction: '请列出文档中的风险条款。', sort: 60, enabled: true };
    const r = await t.call('POST', '/api/admin/content/document-actions', { ...A(), body });
    expect(r.status).toBe(200);
    expect((await userActions()).map((a) => a.label)).toContain('找出风险');
    expect((await auditRows(t, 'document_action', 'risks'))[0]).toMatchObject({ action: 'document_action.create', before: null, after: { label: '找出风险' } });
    const bad: [Record<string, unknown>, string][] = [
      [{ value: 'risks', label: '另一个' }, '标识已存在'],
      [{ value: 'other', label: '问答' }, '已有同名操作'],
      [{ value: 'Bad Value' }, '标识以小写字母开头，只含小写字母、数字和下划线（2–32 位）'],
      [{ value: 'x2', label: '' }, '请填写名称'],
      [{ value: 'x3', reads: 'everything' }, '请选择读取方式'],
      [{ value: 'x4', instruction: '' }, '请填写指令'],
    ];
    for (const [patch, message] of bad) {
      const res = await t.call('POST', '/api/admin/content/document-actions', { ...A(), body: { ...body, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const { rows } = adminDocumentActionListReply.parse((await t.call('GET', '/api/admin/content/document-actions', A())).body.data);
    expect(rows).toHaveLength(6);
    expect((await t.call('POST', '/api/admin/content/document-actions/nothing', { ...A(), body: { label: 'x' } })).status).toBe(404);
    expect((await t.call('POST', '/api/admin/content/document-actions/qa', { ...A(), body: {} })).status).toBe(400);
    expect((await t.call('POST', '/api/admin/content/document-actions/qa', { ...A(), body: { label: '找出风险' } })).body.message).toBe('已有同名操作');
  });

  it('a document chat may ask a new action; a switched-off one is refused before anything is saved', async () => {
    const doc = (await uploadAndParse(t, user, { name: '合同.md', body: Buffer.from('# 合同\n\n第一条 甲方应按时付款。\n\n第二条 逾期付款按日万分之五计违约金。') })).token;
    const asked = await askWith(t, user, { token: doc, action: 'risks' });
    expect(asked.last).toMatchObject({ type: 'done' });
    const history = async () => ((await t.call('GET', `/api/document/history/${doc}`, { token: user })).body.data.list as { action: string }[]).length;
    const before = await history();
    expect(before).toBe(2);
    const off = await t.call('POST', '/api/document/ask/validate', { token: user, body: { token: doc, action: 'translate', question: '' } });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('操作无效，请重新选择');
    expect(await history()).toBe(before);
  });
});

describe('admin: moderation word list', () => {
  it('imports one word a line, normalised and each once; reports what was new; audited', async () => {
    const r = await t.call('POST', '/api/admin/content/words', { ...A(), body: { text: '赌博\n  \nＡＢＣ\n赌 博\nabc\r\n诈骗' } });
    expect(r.body.data).toEqual({ added: 3, existing: 0, total: 3 });
    const again = await t.call('POST', '/api/admin/content/words', { ...A(), body: { text: '诈骗\n传销' } });
    expect(again.body.data).toEqual({ added: 1, existing: 1, total: 4 });
    const { rows, total } = adminWordListReply.parse((await t.call('GET', '/api/admin/content/words', A())).body.data);
    expect(total).toBe(4);
    expect(rows.map((w) => w.word).sort()).toEqual(['abc', '传销', '诈骗', '赌博'].sort());
    const search = adminWordListReply.parse((await t.call('GET', '/api/admin/content/words', { ...A(), query: { q: 'ＡＢ' } })).body.data);
    expect(search.rows.map((w) => w.word)).toEqual(['abc']);
    const audit = await auditRows(t, 'moderation_words', 'list');
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['moderation.add', { total: 0 }, { total: 3, added: ['赌博', 'abc', '诈骗'] }],
      ['moderation.add', { total: 3 }, { total: 4, added: ['传销'] }],
    ]);
  });

  it('refuses a blank import, a line too long or bad ids, and changes nothing', async () => {
    for (const text of ['', '   \n  ', `好\n${'长'.repeat(51)}`]) {
      const r = await t.call('POST', '/api/admin/content/words', { ...A(), body: { text } });
      expect(r.status, text).toBe(400);
    }
    expect((await t.call('POST', '/api/admin/content/words', { ...A(), body: { text: `好\n${'长'.repeat(51)}` } })).body.message).toBe('第 2 行超过 50 字：每行一个词或短语');
    expect((await t.call('POST', '/api/admin/content/words/delete', { ...A(), body: { ids: [] } })).status).toBe(400);
    expect((await t.call('POST', '/api/admin/content/words/delete', { ...A(), body: { ids: ['x'] } })).status).toBe(400);
    expect((await t.call('GET', '/api/admin/content/words', A())).body.data.total).toBe(4);
  });

  it('removes words, audited with what was removed', async () => {
    const { rows } = adminWordListReply.parse((await t.call('GET', '/api/admin/content/words', { ...A(), query: { q: '赌' } })).body.data);
    const r = await t.call('POST', '/api/admin/content/words/delete', { ...A(), body: { ids: [rows[0]!.id, 999999] } });
    expect(r.body.data).toEqual({ removed: 1, total: 3 });
    const audit = (await auditRows(t, 'moderation_words', 'list')).at(-1);
    expect(audit).toMatchObject({ action: 'moderation.remove', before: { total: 4, removed: ['赌博'] }, after: { total: 3 } });
    expect((await t.call('POST', '/api/chat/create', { token: user, body: { input: '聊聊赌博' } })).body.success).toBe(true);
    expect((await t.call('POST', '/api/chat/create', { token: user, body: { input: '聊聊诈骗' } })).status).toBe(400);
  });
});
