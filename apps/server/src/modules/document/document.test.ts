import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENTS_PER_USER, UPLOAD_SLICE_BYTES } from '@app/shared';
import { documents, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { getBalance, setBalance, userIdOf } from '../../testing/chat.ts';
import { askWith, uploadAndParse, uploadDocument } from '../../testing/document.ts';

const CONTRACT = [
  '# 房屋租赁合同',
  '',
  '## 第一条 租赁期限',
  '租赁期限为两年，自二〇二六年一月一日起至二〇二七年十二月三十一日止。',
  '',
  '## 第二条 租金',
  '每月租金为人民币五千元，乙方应于每月五日前支付当月租金。',
  '',
  '## 第三条 违约责任',
  '任何一方违约，应向守约方支付相当于三个月租金的违约金，并赔偿由此造成的损失。',
].join('\n');

let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LLM_OFFLINE_DELAY_MS: '0' } });
  alice = await t.loginByPhone('13800000101');
  bob = await t.loginByPhone('13800000102');
});
afterAll(() => t?.close());

describe('document lists and options', () => {
  it('tells the actions, the languages and the accepted types', async () => {
    const a = await t.call('GET', '/api/document/actions', { token: alice });
    expect(a.body.data.list.map((x: { label: string }) => x.label)).toEqual(['总结全文', '提取要点', '问答', '翻译全文', '生成大纲']);
    expect(a.body.data.accept_types).toContain('pdf');
    const l = await t.call('GET', '/api/document/language');
    expect(l.body.data.default).toBe('中文');
    expect(l.body.data.list[0]).toEqual({ value: '中文', label: '中文' });
    const pre = await t.call('GET', '/api/document/pre_add', { token: alice });
    expect(pre.body.data).toMatchObject({ max_size: DOCUMENT_MAX_BYTES, used: 0, limit: DOCUMENTS_PER_USER });
  });

  it('needs a login for everything but the option lists', async () => {
    for (const [m, u] of [
      ['GET', '/api/document/pre_add'],
      ['GET', '/api/cos/signature?file_name=a.pdf&file_ext=pdf&file_size=10'],
      ['POST', '/api/document/add'],
      ['GET', '/api/document/query?token=' + 'a'.repeat(32)],
      ['GET', '/api/document/histories'],
      ['GET', '/api/document/history/' + 'a'.repeat(32)],
      ['POST', '/api/document/delete'],
      ['POST', '/api/document/ask/validate'],
      ['POST', '/api/document/stop'],
    ] as const) {
      const r = await t.call(m, u, { body: {} });
      expect(r.status, u).toBe(401);
    }
    const bad = await t.call('GET', '/api/document/histories', { token: 'not-a-token' });
    expect(bad.body.code).toBe(403000);
  });
});

describe('upload and parse', () => {
  it('uploads a Markdown file in slices, parses it, and lists it', async () => {
    const { token, query } = await uploadAndParse(t, alice, { name: '租赁合同.md', body: Buffer.from(CONTRACT) });
    expect(query).toMatchObject({ status: 2, name_status: 1, error: null });
    expect(query.title).toBe('房屋租赁合同');
    const list = await t.call('GET', '/api/document/histories', { token: alice });
    expect(list.body.data.list[0]).toMatchObject({ token, title: '房屋租赁合同', status: 2, file_ext: 'md' });
    expect(list.body.data.list[0].created_at_text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const h = await t.call('GET', `/api/document/history/${token}`, { token: alice });
    expect(h.body.data).toMatchObject({ document: { token }, list: [] });
  });

  it('joins a file of several 5 MB slices byte for byte', async () => {
    const line = '本规定适用于公司全体员工，员工应当遵守公司的各项规章制度。';
    const body = Buffer.from(line.repeat(Math.ceil((UPLOAD_SLICE_BYTES * 2.3) / Buffer.byteLength(line))));
    const up = await uploadDocument(t, alice, { name: 'big.txt', body });
    expect(up.failed).toBeNull();
    expect(up.signature!.parts).toHaveLength(3);
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.token, up.token!));
    const stored = await t.ctx.storage.get(row!.storageKey);
    expect(stored!.body.equals(body)).toBe(true);
    await t.documents.jobs.idle();
  });

  it('refuses a type that is not accepted, before any upload', async () => {
    const r = await uploadDocument(t, alice, { name: 'virus.exe', body: Buffer.from('MZ') });
    expect(r.failed).toMatchObject({ step: 'pre_add', status: 400, message: '当前格式不支持！' });
    const sig = await t.call('GET', '/api/cos/signature', { token: alice, query: { file_name: 'a.exe', file_ext: 'exe', file_size: '10' } });
    expect(sig.body.message).toBe('当前格式不支持！');
  });

  it("follows the user's accept_types", async () => {
    const carol = await t.loginByPhone('13800000103');
    await t.ctx.db.update(users).set({ acceptTypes: ['pdf'] }).where(eq(users.id, await userIdOf(t, carol)));
    const r = await uploadDocument(t, carol, { name: 'a.txt', body: Buffer.from('hello') });
    expect(r.failed?.message).toBe('当前格式不支持！');
    const a = await t.call('GET', '/api/document/actions', { token: carol });
    expect(a.body.data.accept_types).toEqual(['pdf']);
  });

  it('refuses an oversized or empty file', async () => {
    const big = await t.call('GET', '/api/document/pre_add', { token: alice, query: { file_name: 'a.pdf', file_ext: 'pdf', file_size: String(DOCUMENT_MAX_BYTES + 1) } });
    expect(big).toMatchObject({ status: 400, body: { message: '文件不能超过50MB', data: { field: 'file_size' } } });
    const sig = await t.call('GET', '/api/cos/signature', { token: alice, query: { file_name: 'a.pdf', file_ext: 'pdf', file_size: '0' } });
    expect(sig.status).toBe(400);
  });

  it('stops at the document quota, and counts a deleted document out of it', async () => {
    const erin = await t.loginByPhone('13800000105');
    const erinId = await userIdOf(t, erin);
    const now = new Date(t.clock.now());
    await t.ctx.db.insert(documents).values(
      Array.from({ length: DOCUMENTS_PER_USER }, (_, i) => ({
        token: `${'e'.repeat(28)}${String(i).padStart(4, '0')}`,
        userId: erinId,
        title: `文档${i}`,
        fileName: `d${i}.txt`,
        fileExt: 'txt',
        fileSize: 10,
        storageKey: `docs/${erinId}/202611/${String(i).padStart(32, '0')}.txt`,
        uploadId: `quota-${erinId}-${i}`,
        status: 2,
        nameStatus: 1,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const full = await uploadDocument(t, erin, { name: 'one-more.txt', body: Buffer.from('再来一个') });
    expect(full.failed).toMatchObject({ step: 'pre_add', status: 400, message: `文档数量已达上限（${DOCUMENTS_PER_USER}个），请删除不用的文档后再上传` });
    const sig = await t.call('GET', '/api/cos/signature', { token: erin, query: { file_name: 'a.txt', file_ext: 'txt', file_size: '10' } });
    expect(sig.status).toBe(400);
    await t.call('POST', '/api/document/delete', { token: erin, body: { token: `${'e'.repeat(28)}0000` } });
    const room = await uploadDocument(t, erin, { name: 'one-more.txt', body: Buffer.from('再来一个') });
    expect(room.failed).toBeNull();
    await t.documents.jobs.idle();
  });

  it('says the upload failed when slices are missing, and records nothing', async () => {
    const before = (await t.call('GET', '/api/document/histories', { token: alice })).body.data.list.length;
    const body = Buffer.alloc(UPLOAD_SLICE_BYTES + 10, 'a');
    const r = await uploadDocument(t, alice, { name: 'half.txt', body }, { skipParts: [2] });
    expect(r.failed).toMatchObject({ step: 'add', status: 400, message: '文件上传失败！请稍后重试！' });
    expect((await t.call('GET', '/api/document/histories', { token: alice })).body.data.list).toHaveLength(before);
  });

  it('answers a repeated add with the same document', async () => {
    const up = await uploadDocument(t, alice, { name: 'again.txt', body: Buffer.from('重复提交的文档内容。') });
    const s = up.signature!;
    const again = await t.call('POST', '/api/document/add', {
      token: alice,
      body: { files: s.location, upload_token: s.token, name: 'again.txt', file_size: Buffer.byteLength('重复提交的文档内容。'), file_ext: 'txt' },
    });
    expect(again.body.data.token).toBe(up.token);
    await t.documents.jobs.idle();
  });

  it("does not let another user add someone's upload, or see, ask or delete their document", async () => {
    const up = await uploadDocument(t, alice, { name: 'private.txt', body: Buffer.from('只属于爱丽丝的文档。') });
    await t.documents.jobs.idle();
    const s = up.signature!;
    const steal = await t.call('POST', '/api/document/add', {
      token: bob,
      body: { files: s.location, upload_token: s.token, name: 'private.txt', file_size: 30, file_ext: 'txt' },
    });
    expect(steal.status).toBe(400);
    const tk = up.token!;
    expect((await t.call('GET', '/api/document/query', { token: bob, query: { token: tk } })).status).toBe(404);
    expect((await t.call('GET', `/api/document/history/${tk}`, { token: bob })).status).toBe(404);
    expect((await t.call('POST', '/api/document/ask/validate', { token: bob, body: { token: tk, action: 'summary' } })).status).toBe(404);
    expect((await t.call('POST', '/api/document/stop', { token: bob, body: { token: tk } })).status).toBe(404);
    expect((await t.call('POST', '/api/document/delete', { token: bob, body: { token: tk } })).status).toBe(404);
    expect((await t.call('GET', '/api/document/histories', { token: bob })).body.data.list.map((d: { token: string }) => d.token)).not.toContain(tk);
    expect((await t.call('GET', '/api/document/query', { token: alice, query: { token: tk } })).body.data.status).toBe(2);
  });

  it('marks a file that cannot be parsed as failed, with the reason', async () => {
    const { token, query } = await uploadAndParse(t, alice, { name: 'broken.pdf', body: Buffer.from('%PDF-1.7\nthis is not really a pdf') });
    expect(query.status).toBe(3);
    expect(query.error).toBeTruthy();
    const v = await t.call('POST', '/api/document/ask/validate', { token: alice, body: { token, action: 'summary' } });
    expect(v).toMatchObject({ status: 400, body: { message: '文档解析失败！请删除后重新上传' } });
  });

  it('survives an image that crashes the native decoder: only that document fails', async () => {
    // A PNG signature and garbage: @napi-rs/canvas dies on it with SIGSEGV (the parse runs in its own process).
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const { query } = await uploadAndParse(t, alice, { name: 'poison.png', body: png });
    expect(query.status).toBe(3);
    expect(query.error).toMatch(/损坏|格式|识别/);
    expect((await t.call('GET', '/api/document/histories', { token: alice })).status).toBe(200);
  });

  it('validates tokens and bodies with clear messages', async () => {
    const q = await t.call('GET', '/api/document/query', { token: alice, query: { token: 'nope' } });
    expect(q).toMatchObject({ status: 400, body: { message: 'token 无效' } });
    const add = await t.call('POST', '/api/document/add', { token: alice, body: { files: 'x', upload_token: 'y'.repeat(20), name: 'a.txt', file_size: 3, file_ext: 'txt' } });
    expect(add).toMatchObject({ status: 400, body: { message: '上传凭证无效或已过期，请重新上传' } });
    const h = await t.call('GET', '/api/document/history/../../etc', { token: alice });
    expect(h.status).toBeGreaterThanOrEqual(400);
  });
});

describe('asking', () => {
  let doc: string;
  beforeAll(async () => {
    doc = (await uploadAndParse(t, alice, { name: '合同.md', body: Buffer.from(CONTRACT) })).token;
  });

  it('answers a question from the passages that match it, citing them, and charges as chat does', async () => {
    const id = await userIdOf(t, alice);
    await setBalance(t, id, { base3: 10 });
    const r = await askWith(t, alice, { token: doc, action: 'qa', question: '违约金是多少？', language: '中文' });
    expect(r.last).toMatchObject({ type: 'done', token: doc, status: 'complete', charged: 1 });
    expect(r.text).toContain('违约金');
    const done = r.last as Extract<typeof r.last, { type: 'done' }>;
    expect(done.citations[0]).toMatchObject({ n: 1, section: expect.stringContaining('违约责任') });
    expect((await getBalance(t, id)).baseModel3).toBe(9);
    const h = await t.call('GET', `/api/document/history/${doc}`, { token: alice });
    expect(h.body.data.list.map((m: { role: string; action: string }) => [m.role, m.action])).toEqual([
      ['user', 'qa'],
      ['assistant', 'qa'],
    ]);
    expect(h.body.data.list[0].text).toBe('违约金是多少？');
    expect(h.body.data.list[1].citations.length).toBeGreaterThan(0);
  });

  it('runs whole-document actions without a question, in the chosen language', async () => {
    const r = await askWith(t, alice, { token: doc, action: 'summary', language: 'English' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(r.text).toContain('English');
    const o = await askWith(t, alice, { token: doc, action: 'outline' });
    expect(o.text).toContain('中文');
  });

  it('refuses a bad action, language or missing question, and a document still parsing', async () => {
    const call = (body: object) => t.call('POST', '/api/document/ask/validate', { token: alice, body: { token: doc, ...body } });
    expect((await call({ action: 'qa' })).body.message).toBe('请输入问题');
    expect((await call({ action: 'dance' })).body.message).toBe('操作无效，请重新选择');
    expect((await call({ action: 'summary', language: 'Klingon' })).body.message).toBe('暂不支持该输出语言');
    expect((await call({ action: 'qa', question: 'x'.repeat(2001) })).status).toBe(400);
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.token, doc));
    await t.ctx.db.update(documents).set({ status: 1, lockedUntil: new Date(t.clock.now() + 3600_000) }).where(eq(documents.id, row!.id));
    expect((await call({ action: 'summary' })).body.message).toBe('文档还在解析中，请稍后再试');
    await t.ctx.db.update(documents).set({ status: 2, lockedUntil: null }).where(eq(documents.id, row!.id));
  });

  it('sends the purchase code when the balance cannot pay', async () => {
    const dave = await t.loginByPhone('13800000104');
    const d = (await uploadAndParse(t, dave, { name: 'x.md', body: Buffer.from(CONTRACT) })).token;
    await setBalance(t, await userIdOf(t, dave), {});
    const v = await t.call('POST', '/api/document/ask/validate', { token: dave, body: { token: d, action: 'summary' } });
    expect(v.body.code).toBe(408001);
  });

  it('will not open an answer prepared for another document or by another user', async () => {
    const v = await t.call<{ secret: string }>('POST', '/api/document/ask/validate', { token: alice, body: { token: doc, action: 'summary' } });
    const { askDocument } = await import('../../testing/document.ts');
    const other = await askDocument(t, bob, { secret: v.body.data.secret, token: doc });
    expect(other.status).toBe(404);
    const wrongDoc = await askDocument(t, alice, { secret: v.body.data.secret, token: 'b'.repeat(32) });
    expect(wrongDoc.status).toBe(400);
    const none = await askDocument(t, null, { secret: v.body.data.secret, token: doc });
    expect(none.status).toBe(401);
  });

  it('deletes a document: gone from the list, its log unreachable', async () => {
    const d = (await uploadAndParse(t, alice, { name: 'bye.md', body: Buffer.from(CONTRACT) })).token;
    const del = await t.call('POST', '/api/document/delete', { token: alice, body: { token: d } });
    expect(del.body.message).toBe('删除成功');
    expect((await t.call('GET', `/api/document/history/${d}`, { token: alice })).status).toBe(404);
    expect((await t.call('POST', '/api/document/delete', { token: alice, body: { token: d } })).status).toBe(404);
  });
});
