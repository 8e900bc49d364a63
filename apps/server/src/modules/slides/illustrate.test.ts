import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deckView, pageSlide, type DeckView } from '@app/shared';
import { balances } from '../../db/schema/index.ts';
import { userIdOf, waitFor } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { makeOutline } from '../../testing/slides.ts';
import { officeCommand, pptxToPdf } from './pdf.ts';
import { paginate, PICTURE_BOX } from './pptx.ts';

const fast = { jobs: { pollMs: 20 } };
const hasPdftotext = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;

let on: TestApp;
let off: TestApp;
let alice: string;
let carol: string;
let bob: string;

beforeAll(async () => {
  on = await createTestApp({ turns: fast, env: { SLIDES_ILLUSTRATIONS: '1' } });
  off = await createTestApp({ turns: fast });
  alice = await on.loginByPhone('13500001621');
  bob = await on.loginByPhone('13500001622');
  carol = await off.loginByPhone('13500001623');
  for (const [app, token] of [[on, alice], [on, bob], [off, carol]] as const) {
    await app.ctx.db.update(balances).set({ basePpt: 10, memberPpt: 0 }).where(eq(balances.userId, await userIdOf(app, token)));
  }
}, 60_000);
afterAll(async () => {
  await on?.close();
  await off?.close();
});

const view = async (app: TestApp, token: string, id: number): Promise<DeckView> => deckView.parse((await app.call('GET', '/api/aippt/ppt/viewContent', { token, query: { id: String(id) } })).body.data);
/** A 14-page offline deck (dividers from 12 pages), generated to the end. */
async function deckOn(app: TestApp, token: string, topic: string): Promise<DeckView> {
  const { deckId } = await makeOutline(app, token, { topic, pages: 14 });
  expect((await app.call('POST', '/api/aippt/deck/generate', { token, body: { id: deckId } })).body.code).toBe(200);
  await waitFor(async () => ['done', 'failed'].includes((await view(app, token, deckId)).status), 60_000);
  return view(app, token, deckId);
}
const exportOf = async (app: TestApp, token: string, id: number) => {
  const res = await app.app.inject({ method: 'GET', url: `/api/aippt/deck/export?id=${id}`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
const media = async (file: Buffer) => Object.keys((await JSZip.loadAsync(file)).files).filter((f) => /^ppt\/media\/[^/]+\.(png|jpe?g)$/.test(f));

/** The words of each PDF page with their boxes, in points (`pdftotext -bbox`). */
function pdfWords(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'slides-pic-'));
  try {
    writeFileSync(join(dir, 'deck.pdf'), pdf);
    if (spawnSync('pdftotext', ['-bbox', join(dir, 'deck.pdf'), join(dir, 'deck.html')]).status !== 0) throw new Error('pdftotext failed');
    return readFileSync(join(dir, 'deck.html'), 'utf8')
      .split('<page ')
      .slice(1)
      .map((page) => {
        const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page)!;
        const words = [...page.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((m) => ({ xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]!, text: m[5]! }));
        return { width: Number(size[1]), height: Number(size[2]), words };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('section pictures (SLIDES_ILLUSTRATIONS=1)', () => {
  let deck: DeckView;
  beforeAll(async () => {
    deck = await deckOn(on, alice, '城市更新与社区营造');
  }, 90_000);

  it('each divider gets a picture, stored and shown to its owner; the deck costs its one generation', async () => {
    expect(deck.status).toBe('done');
    const dividers = deck.slides.filter((s) => s.kind === 'section');
    expect(dividers.length).toBeGreaterThanOrEqual(2);
    expect(dividers.every((s) => typeof s.image === 'string' && s.image.length > 0)).toBe(true);
    expect(deck.slides.filter((s) => s.kind !== 'section').every((s) => s.image === undefined)).toBe(true);
    expect(new Set(dividers.map((s) => s.image)).size).toBe(dividers.length);
    expect(deck.charged).toBe(1);
    const key = on.ctx.storage.keyOf(dividers[0]!.image!)!;
    const stored = await on.ctx.storage.get(key);
    expect(stored?.contentType).toBe('image/png');
    expect(stored!.body.subarray(1, 4).toString()).toBe('PNG');
  });

  it('the .pptx embeds one picture per divider', async () => {
    const dividers = deck.slides.filter((s) => s.kind === 'section').length;
    expect(await media(await exportOf(on, alice, deck.id))).toHaveLength(dividers);
  });

  it('an edit can neither set nor drop a picture', async () => {
    const i = deck.slides.findIndex((s) => s.kind === 'section');
    const r = await on.call('POST', '/api/aippt/deck/slide', { token: alice, body: { id: deck.id, index: i, slide: { title: '改过的章节', notes: '', image: 'http://169.254.169.254/latest' } } });
    expect(r.body.code).toBe(200);
    const after = await view(on, alice, deck.id);
    expect(after.slides[i]).toMatchObject({ title: '改过的章节', image: deck.slides[i]!.image });
    const j = deck.slides.findIndex((s) => s.kind === 'bullets');
    await on.call('POST', '/api/aippt/deck/slide', { token: alice, body: { id: deck.id, index: j, slide: { title: '要点', bullets: ['一'], notes: '', image: deck.slides[i]!.image } } });
    expect((await view(on, alice, deck.id)).slides[j]!.image).toBeUndefined();
    // Another user's deck stays not found.
    expect((await on.call('GET', '/api/aippt/ppt/viewContent', { token: bob, query: { id: String(deck.id) } })).status).toBe(404);
  });

  it.skipIf(!officeCommand() || !hasPdftotext)('LibreOffice sets no word over a picture', async () => {
    const file = await exportOf(on, alice, deck.id);
    const pdf = await pptxToPdf(file);
    if (process.env.SLIDES_KEEP_PDF) writeFileSync(process.env.SLIDES_KEEP_PDF, pdf);
    const pages = pdfWords(pdf);
    const shown = paginate((await view(on, alice, deck.id)).slides, false);
    expect(pages).toHaveLength(shown.length);
    let pictured = 0;
    const over: string[] = [];
    pages.forEach((p, i) => {
      if (shown[i]!.kind !== 'section' || !shown[i]!.image) return;
      pictured++;
      const pt = p.width / 13.333;
      const box = { x0: PICTURE_BOX.x * pt, y0: PICTURE_BOX.y * pt, x1: (PICTURE_BOX.x + PICTURE_BOX.w) * pt, y1: (PICTURE_BOX.y + PICTURE_BOX.h) * pt };
      expect(p.words.length).toBeGreaterThan(0);
      for (const w of p.words) if (w.xMax > box.x0 && w.xMin < box.x1 && w.yMax > box.y0 && w.yMin < box.y1) over.push(`page ${i + 1}: "${w.text}"`);
    });
    expect(pictured).toBeGreaterThanOrEqual(2);
    expect(over).toEqual([]);
  }, 180_000);

  it('a picture that cannot be stored leaves the divider without one; the deck is still done', async () => {
    const put = vi.spyOn(on.ctx.storage, 'put').mockRejectedValue(new Error('disk full'));
    try {
      const d = await deckOn(on, bob, '乡村振兴的数字化路径');
      expect(d.status).toBe('done');
      expect(d.slides.filter((s) => s.kind === 'section').length).toBeGreaterThanOrEqual(2);
      expect(d.slides.every((s) => s.image === undefined)).toBe(true);
      expect(await media(await exportOf(on, bob, d.id))).toHaveLength(0);
    } finally {
      put.mockRestore();
    }
  }, 90_000);
});

describe('without the setting', () => {
  it('no pictures: the dividers and the .pptx have none', async () => {
    const d = await deckOn(off, carol, '城市更新与社区营造');
    expect(d.status).toBe('done');
    expect(d.slides.some((s) => s.kind === 'section')).toBe(true);
    expect(d.slides.every((s) => s.image === undefined)).toBe(true);
    expect(await media(await exportOf(off, carol, d.id))).toHaveLength(0);
  }, 90_000);
});

describe('the pages the web is given (exportPages)', () => {
  it('are the pages of the export: an overflowing slide goes on as …（续）, and every point is on one', async () => {
    const d = await deckOn(off, carol, '人工智能与教育');
    const j = d.slides.findIndex((s) => s.kind === 'bullets');
    const bullets = Array.from({ length: 8 }, (_, k) => `第 ${k + 1} 点：${'教学评价与课堂互动的方式正在因为生成式模型而发生深刻的变化，'.repeat(4)}`.slice(0, 118));
    const r = await off.call('POST', '/api/aippt/deck/slide', { token: carol, body: { id: d.id, index: j, slide: { title: '很长的一页', bullets, notes: '讲稿' } } });
    expect(r.body.code).toBe(200);
    const v = await view(off, carol, d.id);
    const mine = v.exportPages.filter((p) => p.index === j);
    expect(mine.length).toBeGreaterThan(1);
    const shown = v.exportPages.map((p) => pageSlide(v.slides[p.index]!, p, false));
    expect(shown.map((s) => s.title)).toEqual(paginate(v.slides, false).map((s) => s.title));
    expect(mine.map((p) => pageSlide(v.slides[j]!, p, false)).flatMap((s) => s.bullets)).toEqual(bullets);
    expect(pageSlide(v.slides[j]!, mine[1]!, false).title).toBe('很长的一页（续）');
    expect(v.exportPages.map((p) => p.index)).toEqual(v.slides.flatMap((_, i) => v.exportPages.filter((p) => p.index === i).map(() => i)));
  }, 90_000);
});
