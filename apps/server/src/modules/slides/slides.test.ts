import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { deckView, pptPackageListReply, SLIDE_THEMES } from '@app/shared';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { makeOutline, openOutline } from '../../testing/slides.ts';
import { planDeck } from './plan.ts';
import { buildPptx } from './pptx.ts';
import { sampleDeck } from './sample.ts';

let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loginByPhone('13500001501');
  bob = await t.loginByPhone('13500001502');
});
afterAll(async () => {
  await t.close();
});

const view = async (id: number, token = alice) => t.call('GET', '/api/aippt/ppt/viewContent', { token, query: { id: String(id) } });

describe('outline (a turn on the engine)', () => {
  it('streams a labelled offline outline for the topic, saves it as sections, and the deck shows it', async () => {
    const r = await makeOutline(t, alice, { topic: '人工智能在中学教育中的应用', audience: '教师', pages: 12 });
    expect(r.status).toBe(200);
    expect(r.text).toContain('离线演示');
    expect(r.text).toContain('# 人工智能在中学教育中的应用');
    expect(r.last).toMatchObject({ type: 'done', deckId: r.deckId, status: 'complete', charged: 0 });
    const done = r.last as Extract<typeof r.last, { type: 'done' }>;
    expect(done.outline.length).toBeGreaterThanOrEqual(3);
    expect(done.outline[0]!.points.length).toBeGreaterThanOrEqual(2);
    const v = deckView.parse((await view(r.deckId)).body.data);
    expect(v).toMatchObject({ status: 'outline', offline: true, pages: 12, audience: '教师', title: '人工智能在中学教育中的应用' });
    expect(v.outline).toEqual(done.outline);
  });

  it('uses the pasted text for the points', async () => {
    const text = '光合作用把光能转化为化学能。叶绿体是光合作用的场所。暗反应在叶绿体基质中进行。二氧化碳被固定为有机物。';
    const r = await makeOutline(t, alice, { topic: '光合作用', text, pages: 8 });
    const done = r.last as Extract<typeof r.last, { type: 'done' }>;
    expect(done.outline.flatMap((s) => s.points).join('')).toContain('叶绿体');
  });

  it('English decks get an English outline', async () => {
    const r = await makeOutline(t, alice, { topic: 'Remote work', language: 'en', pages: 8 });
    const done = r.last as Extract<typeof r.last, { type: 'done' }>;
    expect(done.outline[0]!.title).toBe('Background');
  });

  it('refuses bad input with a Chinese 400 and writes nothing', async () => {
    const before = (await t.call('GET', '/api/aippt/deck/list', { token: alice })).body.data.list.length;
    for (const body of [
      { topic: '', pages: 10 },
      { topic: '主题', pages: 4 },
      { topic: '主题', pages: 31 },
      { topic: '主题', pages: 'x' },
      { topic: '主\u0000题', pages: 10 },
      { topic: '长'.repeat(101), pages: 10 },
      { topic: '主题', pages: 10, text: '长'.repeat(20_001) },
      { topic: '主题', pages: 10, language: 'fr' },
    ]) {
      const r = await t.call('POST', '/api/aippt/outline/validate', { token: alice, body });
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await t.call('GET', '/api/aippt/deck/list', { token: alice })).body.data.list.length).toBe(before);
  });

  it('needs a login; a secret is one-use and only its owner opens it', async () => {
    expect((await t.call('POST', '/api/aippt/outline/validate', { body: { topic: '主题', pages: 10 } })).status).toBe(401);
    const v = await t.call('POST', '/api/aippt/outline/validate', { token: alice, body: { topic: '一次性', pages: 10 } });
    const secret = v.body.data.secret as string;
    const stranger = await openOutline(t, secret, bob);
    expect(stranger.status).toBe(404);
    const nobody = await openOutline(t, secret, null);
    expect(nobody.status).toBe(401);
    const mine = await openOutline(t, secret, alice);
    expect(mine.last?.type).toBe('done');
    const again = await openOutline(t, secret, alice);
    expect(again.status).toBe(404);
  });
});

describe('an outline whose stream was never opened', () => {
  it('is refused for edits while it may still run, then counts as failed and can be written by hand', async () => {
    const v = await t.call('POST', '/api/aippt/outline/validate', { token: alice, body: { topic: '没打开的流', pages: 6 } });
    const id = v.body.data.deckId as number;
    const outline = [{ title: '手写的章节', points: ['一'] }];
    expect((await t.call('POST', '/api/aippt/deck/outline', { token: alice, body: { id, title: 't', outline } })).status).toBe(409);
    expect((await t.call('POST', '/api/aippt/deck/generate', { token: alice, body: { id } })).status).toBe(409);
    t.clock.advance(11 * 60_000);
    expect(deckView.parse((await view(id)).body.data)).toMatchObject({ status: 'failed' });
    const saved = await t.call('POST', '/api/aippt/deck/outline', { token: alice, body: { id, title: '手写', outline } });
    expect(saved.body.data).toMatchObject({ status: 'outline', outline });
  });
});

describe('deck edits', () => {
  let id: number;
  beforeAll(async () => {
    id = (await makeOutline(t, alice, { topic: '团队协作', pages: 10 })).deckId;
  });

  it('saves an edited outline (rename, add, remove, reorder) and checks its size against the pages', async () => {
    const v = deckView.parse((await view(id)).body.data);
    const edited = [{ title: '新增：开场故事', points: ['一个真实的例子'] }, ...v.outline.slice(1).reverse(), { ...v.outline[0]!, title: '改名后的章节' }];
    const r = await t.call('POST', '/api/aippt/deck/outline', { token: alice, body: { id, title: '团队协作之道', outline: edited } });
    expect(r.body.code).toBe(200);
    expect(deckView.parse(r.body.data)).toMatchObject({ title: '团队协作之道', outline: edited });
    const tooMany = Array.from({ length: 9 }, (_, i) => ({ title: `章节${i}`, points: [] }));
    const refused = await t.call('POST', '/api/aippt/deck/outline', { token: alice, body: { id, title: 'x', outline: tooMany, pages: 5 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('最多容纳');
    for (const body of [
      { id, title: 'x', outline: [] },
      { id, title: '', outline: edited },
      { id, title: 'x', outline: [{ title: '', points: [] }] },
      { id, title: 'x', outline: [{ title: 'a', points: ['\u0000'] }] },
      { id, title: 'x', outline: [{ title: 'a'.repeat(121), points: [] }] },
      { id: 'abc', title: 'x', outline: edited },
    ]) {
      expect((await t.call('POST', '/api/aippt/deck/outline', { token: alice, body })).status).toBe(400);
    }
    expect(deckView.parse((await view(id)).body.data).outline).toEqual(edited);
  });

  it('switches among the themes; an unknown theme is refused', async () => {
    expect(SLIDE_THEMES.length).toBeGreaterThanOrEqual(8);
    for (const theme of ['ink', 'night']) {
      const r = await t.call('POST', '/api/aippt/deck/theme', { token: alice, body: { id, theme } });
      expect(r.body.data.theme).toBe(theme);
    }
    const bad = await t.call('POST', '/api/aippt/deck/theme', { token: alice, body: { id, theme: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('主题');
  });

  it("another user's deck is not found, whatever the call", async () => {
    expect((await view(id, bob)).status).toBe(404);
    for (const [path, body] of [
      ['/api/aippt/deck/theme', { id, theme: 'ink' }],
      ['/api/aippt/deck/outline', { id, title: 'x', outline: [{ title: 'a', points: [] }] }],
      ['/api/aippt/deck/slide', { id, index: 0, slide: { title: 'x', notes: '' } }],
      ['/api/aippt/deck/generate', { id }],
      ['/api/aippt/deck/delete', { id }],
    ] as const) {
      expect((await t.call('POST', path, { token: bob, body })).status, path).toBe(404);
    }
    expect((await t.call('GET', '/api/aippt/deck/export', { token: bob, query: { id: String(id) } })).status).toBe(404);
    expect((await t.call('GET', '/api/aippt/deck/list', { token: bob })).body.data.list.map((d: { id: number }) => d.id)).not.toContain(id);
    expect(deckView.parse((await view(id)).body.data).theme).toBe('night');
  });

  it('a deck not generated yet cannot be exported or have its slides edited', async () => {
    const exp = await t.call('GET', '/api/aippt/deck/export', { token: alice, query: { id: String(id) } });
    expect(exp.status).toBe(409);
    const edit = await t.call('POST', '/api/aippt/deck/slide', { token: alice, body: { id, index: 0, slide: { title: 'x', notes: '' } } });
    expect(edit.status).toBe(409);
  });

  it('deletes a deck: gone from the list and the view', async () => {
    const other = (await makeOutline(t, alice, { topic: '要删除的', pages: 6 })).deckId;
    expect((await t.call('POST', '/api/aippt/deck/delete', { token: alice, body: { id: other } })).body.code).toBe(200);
    expect((await view(other)).status).toBe(404);
  });
});

describe('slide packages', () => {
  it('lists the slide packages with their counts, and the balance for a user', async () => {
    const guest = pptPackageListReply.parse((await t.call('GET', '/api/aippt/package/list')).body.data);
    expect(guest.list.length).toBeGreaterThanOrEqual(3);
    expect(guest.list.every((p) => (p.ppt_count ?? 0) > 0)).toBe(true);
    expect(guest.balance).toBeNull();
    const mine = pptPackageListReply.parse((await t.call('GET', '/api/aippt/package/list', { token: alice })).body.data);
    expect(mine.balance).toBe(0);
    const members = (await t.call('GET', '/api/package/index')).body.data.list as { name: string }[];
    expect(members.some((p) => p.name.startsWith('PPT'))).toBe(false);
  });
});

describe('the plan', () => {
  it('fills exactly the pages asked for, every section at least one slide, layouts from the content', () => {
    const sections = Array.from({ length: 5 }, (_, i) => ({ title: `S${i}`, points: ['a', 'b', 'c'] }));
    for (let pages = 7; pages <= 30; pages++) {
      const plan = planDeck(sections, pages);
      expect(plan.length, `pages ${pages}`).toBe(pages);
      for (let s = 0; s < 5; s++) expect(plan.some((x) => x.section === s && x.kind !== 'section')).toBe(true);
    }
    expect(planDeck(sections.slice(0, 2), 5).length).toBe(5);
    // Plain points make bullets only: no chart without figures.
    expect(new Set(planDeck(sections, 30).map((s) => s.kind))).toEqual(new Set(['cover', 'contents', 'section', 'bullets', 'end']));
    const kinds = new Set(sampleDeck('数字化转型', 30).slides.map((s) => s.kind));
    for (const k of ['cover', 'contents', 'section', 'bullets', 'two-column', 'chart', 'quote', 'timeline', 'end']) expect(kinds).toContain(k);
  });
});

describe('the .pptx', () => {
  it('is a real presentation: slide count, titles, notes, East Asian font on every run', async () => {
    const deck = sampleDeck('碳中和与能源转型', 12);
    const buf = await buildPptx({ title: deck.title, language: 'zh-CN', theme: 'ink', slides: deck.slides, offline: true });
    const zip = await JSZip.loadAsync(buf);
    const slideFiles = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    expect(slideFiles.length).toBe(12);
    const notesFiles = Object.keys(zip.files).filter((f) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(f));
    expect(notesFiles.length).toBe(12);
    for (let i = 1; i <= 12; i++) {
      const xml = await zip.file(`ppt/slides/slide${i}.xml`)!.async('string');
      expect(xml).toContain(deck.slides[i - 1]!.title.replace(/&/g, '&amp;'));
      // Every run with text carries the East Asian font and the language.
      const runs = xml.match(/<a:rPr[^>]*>.*?<\/a:rPr>/gs) ?? [];
      expect(runs.length).toBeGreaterThan(0);
      for (const run of runs) {
        expect(run).toContain('<a:ea typeface="');
      }
      expect(xml).toContain('lang="zh-CN"');
      const notes = await zip.file(`ppt/notesSlides/notesSlide${i}.xml`)!.async('string');
      expect(notes).toContain(deck.slides[i - 1]!.notes.slice(0, 10));
    }
    const s1 = await zip.file('ppt/slides/slide1.xml')!.async('string');
    expect(s1).toContain('typeface="KaiTi"');
    const masters = Object.keys(zip.files).filter((f) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(f));
    expect(masters.length).toBeGreaterThanOrEqual(3);
    expect((await zip.file('docProps/core.xml')!.async('string'))).toContain('碳中和与能源转型');
  });
});
