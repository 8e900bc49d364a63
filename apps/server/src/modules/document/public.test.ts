import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thesisOutlineEvent } from '@app/shared';
import { documents, models, slideDecks, theses } from '../../db/schema/index.ts';
import { addModel, setBalance, userIdOf } from '../../testing/chat.ts';
import { uploadAndParse } from '../../testing/document.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { makeOutline } from '../../testing/slides.ts';
import { readSseEvents } from '../../testing/sse.ts';
import { makeMind } from '../../testing/tools.ts';
import { documentSourceText } from './public.ts';

/** A parsed document as the source of a mind map, a deck and a thesis (issues 14, 15, 16). */

const REPORT = [
  '# 城市绿道建设调研报告',
  '## 一、建设现状',
  '本市已建成绿道一百二十公里，串联起十四个公园和三条河流。',
  '## 二、使用情况',
  '周末高峰时段绿道日均客流超过三万人次，骑行者占四成。',
  '## 三、存在问题',
  '部分路段照明不足，夜间安全隐患突出；驿站数量偏少，补水点间距过大。',
  '## 四、改进建议',
  '建议增设智能路灯与应急呼叫桩，每三公里设置一处驿站。',
].join('\n\n');

let t: TestApp;
let up: FakeUpstream;
let alice: string;
let bob: string;
let report: string;
let parsing: string;
let bobs: string;

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 3, intervalMs: 2 });
  t = await createTestApp();
  await addModel(t, { code: 'src-up', baseUrl: up.url, keys: ['sk-src'], cost: 1, inputExt: 20000 });
  await addModel(t, { code: 'src-offline', cost: 1, inputExt: 20000 });
  // The configured model first: decks and theses are written with the first model.
  await t.ctx.db.update(models).set({ sort: -1 }).where(eq(models.code, 'src-up'));
  t.clock.advance(6000);
  alice = await t.loginByPhone('13500002101');
  bob = await t.loginByPhone('13500002102');
  await setBalance(t, await userIdOf(t, alice), { base3: 50 });
  report = (await uploadAndParse(t, alice, { name: '绿道调研.md', body: Buffer.from(REPORT) })).token;
  parsing = (await uploadAndParse(t, alice, { name: '草稿.md', body: Buffer.from('# 草稿\n\n还没写完的一段文字，用来测试解析中的文档。') })).token;
  // Parsing, with the lease of a live parse (the queue leaves it alone).
  await t.ctx.db.update(documents).set({ status: 1, lockedUntil: new Date(t.clock.now() + 3600_000) }).where(eq(documents.token, parsing));
  bobs = (await uploadAndParse(t, bob, { name: '别人的.md', body: Buffer.from('# 别人的文档\n\n这是另一位用户的私人资料，不应被读取。') })).token;
});
afterAll(async () => {
  await t?.close();
  await up?.close();
});

const aliceUser = async () => ({ id: await userIdOf(t, alice), tokenId: 0, isAdmin: false });
const lastPrompt = () => (up.requests.at(-1)!.body.messages as { role: string; content: string }[]).map((m) => m.content).join('\n');

describe('documentSourceText (document/public.ts)', () => {
  it('returns all of a short document, and an even spread within the budget of a long one', async () => {
    const user = await aliceUser();
    const all = await documentSourceText(t.ctx, user, report, 10_000);
    expect(all).toMatchObject({ token: report, title: '城市绿道建设调研报告', complete: true });
    expect(all.text).toContain('一百二十公里');
    expect(all.text).toContain('每三公里设置一处驿站');
    const part = await documentSourceText(t.ctx, user, report, 60);
    expect(part.complete).toBe(false);
    expect(Array.from(part.text).length).toBeLessThanOrEqual(60);
    expect(part.text.length).toBeGreaterThan(0);
  });

  it('another user’s document is the same 404 as a missing one; a document still parsing is a 409', async () => {
    const user = await aliceUser();
    await expect(documentSourceText(t.ctx, user, bobs, 1000)).rejects.toMatchObject({ httpStatus: 404 });
    await expect(documentSourceText(t.ctx, user, 'f'.repeat(32), 1000)).rejects.toMatchObject({ httpStatus: 404 });
    await expect(documentSourceText(t.ctx, user, parsing, 1000)).rejects.toMatchObject({ httpStatus: 409 });
  });
});

describe('mind map from a document', () => {
  it('sends the document text to the model as the map’s source; the map remembers the document', async () => {
    const r = await makeMind(t, alice, { prompt: '', document: report, options: { model: 'src-up' } });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    const user = up.requests.at(-1)!.body.messages.at(-1).content as string;
    expect(user).toContain('《城市绿道建设调研报告》');
    expect(user).toContain('周末高峰时段绿道日均客流超过三万人次');
    const d = await t.call('GET', `/api/mind/detail/${r.id}`, { token: alice });
    expect(d.body.data).toMatchObject({ prompt: '', document: { token: report, title: '城市绿道建设调研报告' } });
  });

  it('the offline model draws the document (its title as the centre, its sentences as a branch)', async () => {
    const r = await makeMind(t, alice, { prompt: '', document: report, options: { model: 'src-offline' } });
    expect(r.text.split('\n')[0]).toBe('# 城市绿道建设调研报告');
    expect(r.text).toContain('离线演示');
    expect(r.text).toMatch(/绿道|驿站/);
  });

  it('a prompt with a document is what to focus on', async () => {
    await makeMind(t, alice, { prompt: '只看存在的问题', document: report, options: { model: 'src-up' } });
    expect(lastPrompt()).toContain('侧重：只看存在的问题');
    expect(lastPrompt()).toContain('照明不足');
  });

  it('refuses another user’s document (404), a parsing one (409), a bad id (400), and nothing to draw (400)', async () => {
    const call = (body: unknown, token = alice) => t.call('POST', '/api/mind/create', { token, body });
    expect((await call({ prompt: '', document: bobs })).status).toBe(404);
    expect((await call({ prompt: '', document: parsing })).status).toBe(409);
    const bad = await call({ prompt: '', document: '../etc/passwd' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('document');
    expect((await call({ prompt: 'x', document: 42 })).status).toBe(400);
    expect((await call({ prompt: '   ' })).status).toBe(400);
    expect((await t.call('POST', '/api/mind/create', { body: { prompt: '', document: report } })).status).toBe(401);
  });
});

describe('slides from a document', () => {
  it('the outline prompt carries the document text as the source; the deck names the document', async () => {
    const r = await makeOutline(t, alice, { topic: '城市绿道', document: report, pages: 8 });
    expect(r.status).toBe(200);
    expect(lastPrompt()).toContain('文档《城市绿道建设调研报告》');
    expect(lastPrompt()).toContain('驿站数量偏少，补水点间距过大');
    const [row] = await t.ctx.db.select().from(slideDecks).where(eq(slideDecks.id, r.deckId));
    expect(row!.sourceText).toContain('一百二十公里');
    const v = await t.call('GET', '/api/aippt/ppt/viewContent', { token: alice, query: { id: String(r.deckId) } });
    expect(v.body.data.sourceTitle).toBe('城市绿道建设调研报告');
    expect(typeof v.body.data.pdf).toBe('boolean');
  });

  it('pasted text and the document go together', async () => {
    const r = await makeOutline(t, alice, { topic: '城市绿道', text: '补充：市民满意度为八十六分。', document: report, pages: 8 });
    const [row] = await t.ctx.db.select().from(slideDecks).where(eq(slideDecks.id, r.deckId));
    expect(row!.sourceText.startsWith('补充：市民满意度为八十六分。')).toBe(true);
    expect(row!.sourceText).toContain('智能路灯');
  });

  it('refuses another user’s document (404), a parsing one (409) and a bad id (400), and writes no deck', async () => {
    const before = (await t.call('GET', '/api/aippt/deck/list', { token: alice })).body.data.list.length;
    const call = (document: unknown) => t.call('POST', '/api/aippt/outline/validate', { token: alice, body: { topic: '绿道', pages: 8, document } });
    expect((await call(bobs)).status).toBe(404);
    expect((await call(parsing)).status).toBe(409);
    expect((await call('not-a-token')).status).toBe(400);
    expect((await call(7)).status).toBe(400);
    expect((await t.call('GET', '/api/aippt/deck/list', { token: alice })).body.data.list.length).toBe(before);
  });
});

describe('thesis from a reference document', () => {
  const brief = { title: '城市绿道的规划与使用研究', kind: '课程论文', discipline: '城市规划', length: 3000, language: '中文' };

  it('keeps the document as reference material, and the outline prompt carries its text', async () => {
    const c = await t.call('POST', '/api/thesis/create', { token: alice, body: { ...brief, document: report } });
    expect(c.status).toBe(200);
    const id = c.body.data.id as number;
    const [row] = await t.ctx.db.select().from(theses).where(eq(theses.id, id));
    expect(row!.referenceTitle).toBe('城市绿道建设调研报告');
    expect(row!.referenceText).toContain('三条河流');
    const d = await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } });
    expect(d.body.data.reference_title).toBe('城市绿道建设调研报告');
    const prep = await t.call('POST', '/api/thesis/outline/prepare', { token: alice, body: { id } });
    const base = await t.listen();
    const res = await fetch(`${base}/api/thesis/outline/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, secret: prep.body.data.secret }),
    });
    await readSseEvents(res, thesisOutlineEvent);
    expect(lastPrompt()).toContain('参考资料（用户提供的文档《城市绿道建设调研报告》');
    expect(lastPrompt()).toContain('骑行者占四成');
  });

  it('refuses another user’s document (404), a parsing one (409) and a bad id (400), and makes no thesis', async () => {
    const before = (await t.call('GET', '/api/thesis/list', { token: alice })).body.data.list.length;
    const call = (document: unknown) => t.call('POST', '/api/thesis/create', { token: alice, body: { ...brief, document } });
    expect((await call(bobs)).status).toBe(404);
    expect((await call(parsing)).status).toBe(409);
    expect((await call('')).status).toBe(400);
    expect((await call({ id: 1 })).status).toBe(400);
    expect((await t.call('GET', '/api/thesis/list', { token: alice })).body.data.list.length).toBe(before);
  });
});
