import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { Code, deckView, type DeckView } from '@app/shared';
import { balanceLedger, balances, jobs, slideDecks } from '../../db/schema/index.ts';
import { addModel, userIdOf, waitFor } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { makeOutline } from '../../testing/slides.ts';
import { officeCommand } from './pdf.ts';
import { hasPdftoppm, pdfPages } from '../../testing/pdf-pages.ts';

const fast = { jobs: { pollMs: 20 } };
let t: TestApp;
let alice: string;
let aliceId: number;
let bob: string;

beforeAll(async () => {
  t = await createTestApp({ turns: fast });
  alice = await t.loginByPhone('13500001511');
  aliceId = await userIdOf(t, alice);
  bob = await t.loginByPhone('13500001512');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const setPpt = (userId: number, n: number) => t.ctx.db.update(balances).set({ basePpt: n, memberPpt: 0 }).where(eq(balances.userId, userId));
const pptOf = async (userId: number) => {
  const [b] = await t.ctx.db.select().from(balances).where(eq(balances.userId, userId));
  return b!.basePpt + b!.memberPpt;
};
const view = async (id: number, token = alice, app = t): Promise<DeckView> => deckView.parse((await app.call('GET', '/api/aippt/ppt/viewContent', { token, query: { id: String(id) } })).body.data);
const generate = (id: number, token = alice) => t.call('POST', '/api/aippt/deck/generate', { token, body: { id } });
const untilStatus = (id: number, statuses: string[], app = t, ms = 20_000, token = alice) => waitFor(async () => statuses.includes((await view(id, token, app)).status), ms);
const newDeck = async (topic: string, pages = 10) => (await makeOutline(t, alice, { topic, pages })).deckId;


describe('generating a deck (a durable job)', () => {
  it('without quota: 508001 (opens the ppt dialog), nothing held, the deck stays editable', async () => {
    await setPpt(aliceId, 0);
    const id = await newDeck('没有额度');
    const r = await generate(id);
    expect(r.body.code).toBe(Code.PPT_QUOTA);
    expect(r.body.message).toContain('PPT');
    expect((await view(id)).status).toBe('outline');
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.userId, aliceId))).toHaveLength(0);
  });

  it('writes every planned slide section by section, charges one generation once, and exports a .pptx', async () => {
    await setPpt(aliceId, 2);
    const id = await newDeck('新能源汽车产业发展', 14);
    const r = await generate(id);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ id, status: 'generating' });
    // Nobody watches: the job goes on by itself.
    await untilStatus(id, ['done']);
    const d = await view(id);
    expect(d.slides).toHaveLength(14);
    expect(d.planned).toBe(14);
    expect(d.charged).toBe(1);
    expect(d.slides[0]).toMatchObject({ kind: 'cover', title: '新能源汽车产业发展' });
    expect(d.slides[0]!.subtitle).toContain('离线演示');
    expect(d.slides.at(-1)!.kind).toBe('end');
    expect(new Set(d.slides.map((s) => s.kind)).size).toBeGreaterThanOrEqual(5);
    expect(d.slides.every((s) => s.notes.length > 0)).toBe(true);
    expect(await pptOf(aliceId)).toBe(1);
    const ledger = await t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, aliceId), eq(balanceLedger.type, 'usage')));
    expect(ledger.filter((l) => l.ppt !== 0).map((l) => l.ppt)).toEqual([-1]);

    // A second submit of a finished deck is refused and costs nothing.
    expect((await generate(id)).status).toBe(409);
    expect(await pptOf(aliceId)).toBe(1);

    const res = await t.app.inject({ method: 'GET', url: `/api/aippt/deck/export?id=${id}`, headers: { authorization: `Bearer ${alice}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('presentationml');
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))).toHaveLength(14);
    // Bad format / no token / another user's deck.
    expect((await t.call('GET', '/api/aippt/deck/export', { token: alice, query: { id: String(id), format: 'doc' } })).status).toBe(400);
    expect((await t.call('GET', '/api/aippt/deck/export', { query: { id: String(id) } })).status).toBe(401);
    expect((await t.call('GET', '/api/aippt/deck/export', { token: bob, query: { id: String(id) } })).status).toBe(404);
  });

  it('after generation: a slide text is edited, the theme switched (no model call), and the export shows both', async () => {
    await setPpt(aliceId, 1);
    const id = await newDeck('时间管理', 8);
    await generate(id);
    await untilStatus(id, ['done']);
    const before = await view(id);
    const i = before.slides.findIndex((s) => s.kind === 'bullets');
    const r = await t.call('POST', '/api/aippt/deck/slide', {
      token: alice,
      body: { id, index: i, slide: { title: '改过的标题', bullets: ['第一条', '第二条', '第三条'], notes: '新的备注', kind: 'quote' } },
    });
    expect(r.body.code).toBe(200);
    const after = await view(id);
    expect(after.slides[i]).toMatchObject({ kind: 'bullets', title: '改过的标题', bullets: ['第一条', '第二条', '第三条'], notes: '新的备注' });
    for (const body of [
      { id, index: 99, slide: { title: 'x', notes: '' } },
      { id, index: -1, slide: { title: 'x', notes: '' } },
      { id, index: i, slide: { title: 'x'.repeat(121), notes: '' } },
      { id, index: i, slide: { title: 'x', notes: 'n'.repeat(1001) } },
      { id, index: i, slide: { title: '\u0000', notes: '' } },
      { id, index: i, slide: { title: 'x', bullets: Array.from({ length: 9 }, () => 'b'), notes: '' } },
    ]) {
      expect((await t.call('POST', '/api/aippt/deck/slide', { token: alice, body })).status).toBe(400);
    }
    await t.call('POST', '/api/aippt/deck/theme', { token: alice, body: { id, theme: 'forest' } });
    const res = await t.app.inject({ method: 'GET', url: `/api/aippt/deck/export?id=${id}`, headers: { authorization: `Bearer ${alice}` } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const xml = await zip.file(`ppt/slides/slide${i + 1}.xml`)!.async('string');
    expect(xml).toContain('改过的标题');
    expect(xml).toContain('第二条');
    const notes = await zip.file(`ppt/notesSlides/notesSlide${i + 1}.xml`)!.async('string');
    expect(notes).toContain('新的备注');
    // The forest theme's colours and its body font are in the file.
    const all = (await Promise.all(Object.keys(zip.files).filter((f) => f.startsWith('ppt/slide') && f.endsWith('.xml')).map((f) => zip.file(f)!.async('string')))).join('');
    expect(all).toContain('14532D');
    expect(all).toContain('typeface="DengXian"');
  });

  it('PDF: refused with a clear message when LibreOffice is missing', async () => {
    await setPpt(aliceId, 1);
    const id = await newDeck('PDF 导出', 6);
    await generate(id);
    await untilStatus(id, ['done']);
    const res = await t.app.inject({ method: 'GET', url: `/api/aippt/deck/export?id=${id}&format=pdf`, headers: { authorization: `Bearer ${alice}` } });
    if (officeCommand()) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('LibreOffice');
    }
  });

  // Needs LibreOffice and poppler on the machine (CI does not install them): every page of the PDF has something on it.
  it.skipIf(!officeCommand() || !hasPdftoppm)('a deck converted by LibreOffice has no blank page', async () => {
    await setPpt(aliceId, 1);
    const id = await newDeck('LibreOffice 转换', 8);
    await generate(id);
    await untilStatus(id, ['done']);
    const res = await t.app.inject({ method: 'GET', url: `/api/aippt/deck/export?id=${id}&format=pdf`, headers: { authorization: `Bearer ${alice}` } });
    expect(res.statusCode).toBe(200);
    const pages = pdfPages(res.rawPayload, 'deck');
    expect(pages).toHaveLength(8);
    for (const p of pages) expect(p.levels, p.page).toBeGreaterThan(2);
  }, 120_000);

  it('quota under concurrency: one generation left, two decks at once: one runs, the other gets 508001', async () => {
    await setPpt(aliceId, 1);
    const a = await newDeck('并发一', 6);
    const b = await newDeck('并发二', 6);
    const replies = await Promise.all([generate(a), generate(b)]);
    const codes = replies.map((r) => r.body.code).sort();
    expect(codes).toEqual([200, Code.PPT_QUOTA]);
    const started = replies[0].body.code === 200 ? a : b;
    const refused = started === a ? b : a;
    await untilStatus(started, ['done']);
    expect((await view(refused)).status).toBe('outline');
    expect(await pptOf(aliceId)).toBe(0);
  });

  it('the same deck submitted twice at once runs once and holds once', async () => {
    await setPpt(aliceId, 5);
    const id = await newDeck('重复提交', 6);
    const replies = await Promise.all([generate(id), generate(id), generate(id)]);
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(2);
    await untilStatus(id, ['done']);
    expect(await pptOf(aliceId)).toBe(4);
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.userId, aliceId))).toHaveLength(
      (await t.ctx.db.select().from(slideDecks).where(and(eq(slideDecks.userId, aliceId), eq(slideDecks.status, 'done')))).length,
    );
  });

  it("another user cannot generate, cancel or read someone's deck; a bad id is a 400", async () => {
    const id = await newDeck('别人的', 6);
    expect((await generate(id, bob)).status).toBe(404);
    expect((await t.call('POST', '/api/aippt/deck/cancel', { token: bob, body: { id } })).status).toBe(404);
    for (const body of [{ id: 'x' }, { id: -1 }, { id: 0 }, {}, { id: 2 ** 40 }]) {
      expect((await t.call('POST', '/api/aippt/deck/generate', { token: alice, body })).status).toBe(400);
    }
    expect((await t.call('POST', '/api/aippt/deck/generate', { body: { id } })).status).toBe(401);
  });
});

/** A local OpenAI-compatible upstream: outlines as Markdown, sections as JSON; `hang` keeps a section request open. */
async function startSlidesUpstream() {
  const state = { hang: 0, sectionRequests: 0, bad: 0 };
  const hung: import('node:http').ServerResponse[] = [];
  /** Answers the requests kept silent with a server error. */
  const release = () => {
    for (const r of hung.splice(0)) r.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"released"}}');
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const system = body.messages[0]!.content;
      const user = body.messages.at(-1)!.content;
      let content: string;
      if (system.includes('大纲')) {
        content = '# 模型写的标题\n## 第一章 起源\n- 要点甲\n- 要点乙\n## 第二章 发展\n- 要点丙\n- 要点丁\n## 第三章 未来\n- 要点戊\n';
      } else {
        state.sectionRequests++;
        if (state.hang > 0) {
          state.hang--;
          hung.push(res);
          return; // silent: the step hangs until released
        }
        if (state.bad > 0) {
          state.bad--;
          content = '这不是 JSON';
        } else {
          const kinds = [...user.matchAll(/^\d+\. \{"kind":"([a-z-]+)"/gm)].map((m) => m[1]!);
          content = JSON.stringify(
            kinds.map((kind, i) => ({
              kind,
              title: `模型页 ${i + 1}`,
              subtitle: '副标题',
              bullets: ['模型要点一', '模型要点二', '模型要点三'],
              left: { heading: '左', bullets: ['l1', 'l2'] },
              right: { heading: '右', bullets: ['r1', 'r2'] },
              quote: '模型引言',
              source: '模型',
              chart: [{ label: '甲', value: 60 }, { label: '乙', value: 80 }],
              notes: '模型备注',
            })),
          );
        }
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const parts = content.match(/[\s\S]{1,40}/g) ?? [];
      for (const p of parts) res.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: p }, finish_reason: null }] })}\n\n`);
      res.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { url, state, release, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

describe('with a model configured (OpenAI protocol, local fake)', () => {
  let t2: TestApp;
  let up: Awaited<ReturnType<typeof startSlidesUpstream>>;
  let carol: string;
  let carolId: number;
  beforeAll(async () => {
    up = await startSlidesUpstream();
    t2 = await createTestApp({ turns: fast });
    // The first model is the one decks are written with.
    await t2.ctx.db.execute('update models set enabled = false');
    await addModel(t2, { code: 'slides-up', baseUrl: up.url, keys: ['good-1'] });
    carol = await t2.loginByPhone('13500001513');
    carolId = await userIdOf(t2, carol);
    await t2.ctx.db.update(balances).set({ basePpt: 3 }).where(eq(balances.userId, carolId));
  }, 60_000);
  afterAll(async () => {
    await t2.close();
    await up.close();
  }, 30_000);

  it('the outline and the slides come from the model, not labelled offline; an answer that is not JSON is retried', async () => {
    const o = await makeOutline(t2, carol, { topic: '人工智能简史', pages: 8 });
    const done = o.last as { type: string; outline: { title: string }[]; title: string };
    expect(done.type).toBe('done');
    expect(done.title).toBe('模型写的标题');
    expect(done.outline.map((s) => s.title)).toEqual(['起源', '发展', '未来']);
    expect(o.text).not.toContain('离线演示');
    up.state.bad = 1;
    expect((await t2.call('POST', '/api/aippt/deck/generate', { token: carol, body: { id: o.deckId } })).body.code).toBe(200);
    // The failed step is retried after its backoff (on the test clock).
    await waitFor(async () => {
      t2.clock.advance(2_500);
      return (await view(o.deckId, carol, t2)).status === 'done';
    }, 20_000);
    const d = deckView.parse((await t2.call('GET', '/api/aippt/ppt/viewContent', { token: carol, query: { id: String(o.deckId) } })).body.data);
    expect(d.offline).toBe(false);
    expect(d.slides).toHaveLength(8);
    expect(d.slides.filter((s) => s.notes === '模型备注').length).toBeGreaterThanOrEqual(3);
    expect(d.slides[0]!.subtitle).not.toContain('离线演示');
  }, 30_000);

  it('a dropped outline stream still saves the outline', async () => {
    const v = await t2.call('POST', '/api/aippt/outline/validate', { token: carol, body: { topic: '断开的大纲', pages: 8 } });
    const base = await t2.listen();
    const res = await fetch(`${base}/api/aippt/outline/stream?secret=${v.body.data.secret}`, { headers: { authorization: `Bearer ${carol}` } });
    const reader = res.body!.getReader();
    await reader.read();
    // The page goes away after the first bytes.
    await reader.cancel();
    await waitFor(async () => (await view(v.body.data.deckId, carol, t2)).status === 'outline', 20_000);
    expect((await view(v.body.data.deckId, carol, t2)).outline).toHaveLength(3);
  });

  it('a deck is delivered whole: while it generates the view shows progress, not slides, and the export refuses it; stopping it then gives the quota back and leaves no slides', async () => {
    const o = await makeOutline(t2, carol, { topic: '中途停止', pages: 8 });
    const usageRows = async () => (await t2.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, carolId), eq(balanceLedger.type, 'usage')))).length;
    const usageBefore = await usageRows();
    const before = (await t2.ctx.db.select().from(balances).where(eq(balances.userId, carolId)))[0]!.basePpt;
    up.state.hang = 1;
    const seen = up.state.sectionRequests;
    expect((await t2.call('POST', '/api/aippt/deck/generate', { token: carol, body: { id: o.deckId } })).body.code).toBe(200);
    await waitFor(async () => up.state.sectionRequests > seen, 20_000);
    const held = (await t2.ctx.db.select().from(balances).where(eq(balances.userId, carolId)))[0]!;
    expect(held.basePpt).toBe(before);
    // The cover, contents and end slides are written already; none of them is handed out.
    await waitFor(async () => (await view(o.deckId, carol, t2)).slideCount >= 3, 20_000);
    const mid = await view(o.deckId, carol, t2);
    expect(mid).toMatchObject({ status: 'generating', slides: [], planned: 8 });
    const listed = (await t2.call('GET', '/api/aippt/deck/list', { token: carol })).body.data.list.find((d: { id: number }) => d.id === o.deckId);
    expect(listed).toMatchObject({ status: 'generating', slideCount: mid.slideCount });
    const early = await t2.app.inject({ method: 'GET', url: `/api/aippt/deck/export?id=${o.deckId}`, headers: { authorization: `Bearer ${carol}` } });
    expect(early.statusCode).toBe(409);
    expect(early.headers['content-type']).toContain('json');
    const stop = await t2.call('POST', '/api/aippt/deck/cancel', { token: carol, body: { id: o.deckId } });
    expect(stop.body.code).toBe(200);
    await untilStatus(o.deckId, ['outline'], t2, 20_000, carol);
    const v = await view(o.deckId, carol, t2);
    expect(v.error).toBe('已停止生成，额度已退回');
    expect(v.outline.length).toBeGreaterThan(0);
    expect(v).toMatchObject({ slides: [], slideCount: 0, charged: 0 });
    expect((await t2.call('GET', '/api/aippt/deck/export', { token: carol, query: { id: String(o.deckId) } })).status).toBe(409);
    // The hung section answers late: nothing is charged, the deck stays an outline.
    up.release();
    await new Promise((r) => setTimeout(r, 200));
    expect((await t2.ctx.db.select().from(balances).where(eq(balances.userId, carolId)))[0]!.basePpt).toBe(before);
    expect((await view(o.deckId, carol, t2)).status).toBe('outline');
    expect(await usageRows()).toBe(usageBefore);
  }, 40_000);

  it('a section step stuck on one instance is taken over by another once its claim lapses; charged once', async () => {
    const other = await createTestApp({ shareWith: t2, turns: fast });
    try {
      const o = await makeOutline(t2, carol, { topic: '接管', pages: 8 });
      const before = (await t2.ctx.db.select().from(balances).where(eq(balances.userId, carolId)))[0]!.basePpt;
      up.state.hang = 1;
      const seen = up.state.sectionRequests;
      await t2.call('POST', '/api/aippt/deck/generate', { token: carol, body: { id: o.deckId } });
      await waitFor(async () => up.state.sectionRequests > seen, 20_000);
      // Reopening the page shows where it is: generating, the frame slides counted (not shown).
      await waitFor(async () => (await view(o.deckId, carol, other)).slideCount >= 3, 20_000);
      const mid = deckView.parse((await other.call('GET', '/api/aippt/ppt/viewContent', { token: carol, query: { id: String(o.deckId) } })).body.data);
      expect(mid).toMatchObject({ status: 'generating', slides: [] });
      t2.clock.advance(31_000);
      await untilStatus(o.deckId, ['done'], other, 20_000, carol);
      // The stuck step comes back late (its upstream fails now): nothing changes.
      up.release();
      await new Promise((r) => setTimeout(r, 200));
      expect((await view(o.deckId, carol, t2)).status).toBe('done');
      const after = (await t2.ctx.db.select().from(balances).where(eq(balances.userId, carolId)))[0]!.basePpt;
      expect(before - after).toBe(1);
    } finally {
      up.release();
      await other.close();
    }
  }, 40_000);
});
