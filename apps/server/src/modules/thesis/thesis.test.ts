import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thesisOutlineEvent, thesisWatchEvent } from '@app/shared';
import { balanceLedger, jobs, models, orders, theses, thesisSections } from '../../db/schema/index.ts';
import { addModel, getBalance, setBalance, userIdOf, waitFor } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { officeCommand, officeToPdf } from '../../core/office.ts';
import { hasPdftoppm, pdfPages } from '../../testing/pdf-pages.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { readSseEvents } from '../../testing/sse.ts';
import { guest, sandboxCheckout } from '../billing/test-kit.ts';

let t: TestApp;
let alice: string;
let bob: string;
let aliceId: number;
const fast = { jobs: { pollMs: 20 } };
const brief = { title: '城市更新中的社区参与研究', kind: '毕业论文', discipline: '社会学', length: 3000, language: '中文' };

beforeAll(async () => {
  t = await createTestApp({ turns: fast });
  alice = await t.loginByPhone('13500000161');
  bob = await t.loginByPhone('13500000162');
  aliceId = await userIdOf(t, alice);
});
afterAll(async () => {
  await t.close();
});

const model3 = async (userId: number) => {
  const b = await getBalance(t, userId);
  return b.baseModel3 + b.memberModel3;
};
const thesisRow = async (id: number) => (await t.ctx.db.select().from(theses).where(eq(theses.id, id)))[0]!;

async function create(token = alice, body: Record<string, unknown> = brief) {
  const res = await t.call('POST', '/api/thesis/create', { token, body });
  expect(res.body.code).toBe(200);
  return res.body.data.id as number;
}

async function outline(id: number, token = alice) {
  const prep = await t.call('POST', '/api/thesis/outline/prepare', { token, body: { id } });
  expect(prep.body.code).toBe(200);
  const base = await t.listen();
  const res = await fetch(`${base}/api/thesis/outline/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, secret: prep.body.data.secret }),
  });
  return readSseEvents(res, thesisOutlineEvent);
}

async function watch(id: number, token = alice) {
  const base = await t.listen();
  const res = await fetch(`${base}/api/thesis/watch?id=${id}`, { headers: { authorization: `Bearer ${token}` } });
  return readSseEvents(res, thesisWatchEvent);
}

const untilNotWriting = (id: number) => waitFor(async () => (await thesisRow(id)).status !== 'writing', 10_000);

/**
 * A second instance that writes at `delayMs` a piece. This instance's worker waits while it is
 * open, so the jobs run there and nowhere else (on PostgreSQL both would poll the same table).
 */
async function slowInstance(delayMs: number) {
  const slow = await createTestApp({ shareWith: t, turns: fast, env: { LLM_OFFLINE_DELAY_MS: String(delayMs) } });
  await t.turns.jobs.close();
  const closeSlow = slow.close;
  return Object.assign(slow, {
    close: async () => {
      await closeSlow();
      await t.turns.jobs.start();
    },
  });
}

describe('thesis writing', () => {
  it('refuses bad input with a Chinese message and saves nothing; needs a token', async () => {
    for (const body of [
      { ...brief, title: '' },
      { ...brief, kind: '小说' },
      { ...brief, length: 2999 },
      { ...brief, length: 30001 },
      { ...brief, title: 'a\u0000b' },
      { ...brief, title: '长'.repeat(101) },
      { ...brief, requirements: 'x'.repeat(1001) },
    ]) {
      const res = await t.call('POST', '/api/thesis/create', { token: alice, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await t.call('GET', '/api/thesis/list', { token: alice })).body.data.list).toHaveLength(0);
    expect((await t.call('POST', '/api/thesis/create', { body: brief })).status).toBe(401);
    expect((await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: 'x' } })).status).toBe(400);
  });

  it('streams an offline outline as a turn, saves it, and lets the owner edit it; another user sees nothing', async () => {
    const id = await create();
    const read = await outline(id);
    expect(read.text).toContain('离线演示');
    const done = read.last as Extract<typeof read.last, { type: 'done' }>;
    expect(done.type).toBe('done');
    expect(done.outline.length).toBeGreaterThanOrEqual(3);
    const detail = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
    expect(detail.status).toBe('outlined');
    expect(detail.offline).toBe(true);
    // Edit: rename, reorder, remove, add, change lengths.
    const o = detail.outline as { key: string; title: string; sections: { key: string; title: string; chars: number }[] }[];
    const edited = [
      { key: o[1]!.key, title: '文献综述（改）', sections: [{ key: o[1]!.sections[0]!.key, title: '概念', chars: 600 }] },
      { key: o[0]!.key, title: o[0]!.title, sections: [...o[0]!.sections.map((s) => ({ ...s, chars: 500 })), { title: '新增小节', chars: 400 }] },
    ];
    const saved = await t.call('POST', '/api/thesis/outline/save', { token: alice, body: { id, outline: edited } });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.outline.map((c: { title: string }) => c.title)).toEqual(['文献综述（改）', o[0]!.title]);
    expect(saved.body.data.length).toBe(600 + 500 * o[0]!.sections.length + 400);
    expect(saved.body.data.estimate).toBe(Math.ceil(saved.body.data.length / 1000));
    // Bad edits change nothing.
    for (const bad of [[], [{ title: 'x', sections: [] }], [{ title: 'x', sections: [{ title: 'y', chars: 50 }] }], [{ title: 'x', sections: [{ title: 'y', chars: 9000 }] }]]) {
      const res = await t.call('POST', '/api/thesis/outline/save', { token: alice, body: { id, outline: bad } });
      expect(res.status).toBe(400);
    }
    expect((await thesisRow(id)).length).toBe(saved.body.data.length);
    // Another user: not found everywhere, nothing changed.
    expect((await t.call('GET', '/api/thesis/detail', { token: bob, query: { id: String(id) } })).status).toBe(404);
    expect((await t.call('POST', '/api/thesis/outline/save', { token: bob, body: { id, outline: edited } })).status).toBe(404);
    expect((await t.call('POST', '/api/thesis/write', { token: bob, body: { id } })).status).toBe(404);
    expect((await t.call('GET', '/api/thesis/export', { token: bob, query: { id: String(id) } })).status).toBe(404);
    expect((await t.call('POST', '/api/thesis/outline/prepare', { token: bob, body: { id } })).status).toBe(404);
    expect((await t.call('POST', '/api/thesis/delete', { token: bob, body: { id } })).status).toBe(404);
    expect((await t.call('GET', '/api/thesis/list', { token: bob })).body.data.list).toHaveLength(0);
  });

  it('writes the sections as a job: holds the estimate, charges the actual, streams the section in progress, exports a real .docx', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const id = await create();
    await outline(id);
    const detail = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
    const write = await t.call('POST', '/api/thesis/write', { token: alice, body: { id } });
    expect(write.body.code).toBe(200);
    expect(write.body.data.held).toBe(detail.estimate);
    // A second start while it writes is refused.
    expect((await t.call('POST', '/api/thesis/write', { token: alice, body: { id } })).status).toBe(409);
    const read = await watch(id);
    expect(read.events[0]!.type).toBe('job.snapshot');
    expect(read.last).toMatchObject({ type: 'job.end', status: 'done' });
    const after = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
    expect(after.status).toBe('done');
    const written = after.written as number;
    expect(written).toBeGreaterThan(2500);
    expect(after.abstract).toContain('离线演示');
    expect(after.charged).toBe(Math.min(detail.estimate, Math.ceil(written / 1000)));
    expect(await model3(aliceId)).toBe(10 - after.charged);
    for (const c of after.outline) for (const s of c.sections) expect(s.text).toContain('离线演示');

    const file = await t.app.inject({ method: 'GET', url: `/api/thesis/export?id=${id}&format=docx`, headers: { authorization: `Bearer ${alice}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('wordprocessingml');
    const dir = mkdtempSync(join(tmpdir(), 'thesis-docx-'));
    writeFileSync(join(dir, 'a.docx'), file.rawPayload);
    execFileSync('unzip', ['-q', '-o', join(dir, 'a.docx'), '-d', dir]);
    const doc = readFileSync(join(dir, 'word/document.xml'), 'utf8');
    const styles = readFileSync(join(dir, 'word/styles.xml'), 'utf8');
    const footer = readFileSync(join(dir, 'word/footer1.xml'), 'utf8');
    // Title page, abstract and keywords before the table of contents.
    expect(doc.indexOf(brief.title)).toBeGreaterThan(-1);
    expect(doc.indexOf(brief.title)).toBeLessThan(doc.indexOf('摘要'));
    expect(doc.indexOf('摘要')).toBeLessThan(doc.indexOf('关键词'));
    expect(doc.indexOf('关键词')).toBeLessThan(doc.indexOf('TOC \\h \\o'));
    expect(doc).toContain('TOC \\h \\o');
    expect(doc).toContain('w:val="Heading1"');
    expect(doc).toContain('第一章 ');
    expect(doc).toContain('1.1 ');
    expect(doc).toContain('参考文献');
    expect(doc).toContain('w:val="TOC2"');
    expect(footer).toContain('PAGE');
    expect(styles).toMatch(/w:eastAsia="宋体"/);
    expect(styles).toMatch(/w:ascii="Times New Roman"/);
    expect(styles).toMatch(/w:lang [^>]*w:eastAsia="zh-CN"/);
    // Where LibreOffice is installed: the .docx opens there and no page is blank.
    if (officeCommand() && hasPdftoppm) {
      const pages = pdfPages(await officeToPdf(file.rawPayload, 'docx'), 'thesis');
      expect(pages.length).toBeGreaterThan(3);
      for (const p of pages) expect(p.levels, p.page).toBeGreaterThan(2);
    }
    const md = await t.app.inject({ method: 'GET', url: `/api/thesis/export?id=${id}&format=md`, headers: { authorization: `Bearer ${alice}` } });
    expect(md.body).toContain(`# ${brief.title}`);
    expect((await t.call('GET', '/api/thesis/export', { token: alice, query: { id: String(id), format: 'pdf' } })).status).toBe(officeCommand() ? 200 : 400);

    // A section rewritten on its own: charged for its length.
    const key = after.outline[0].sections[0].key as string;
    const before = await model3(aliceId);
    const re = await t.call('POST', '/api/thesis/section/rewrite', { token: alice, body: { id, key } });
    expect(re.body.code).toBe(200);
    await watch(id);
    await untilNotWriting(id);
    expect((await thesisRow(id)).status).toBe('done');
    expect(await model3(aliceId)).toBe(before - re.body.data.held);
    expect((await t.call('POST', '/api/thesis/section/rewrite', { token: alice, body: { id, key: 'nope' } })).status).toBe(400);
  }, 180_000); // LibreOffice's conversion, where installed, takes its time on a loaded machine.

  it('refuses writing the balance cannot pay, holding nothing', async () => {
    await setBalance(t, aliceId, { base3: 1 });
    const id = await create(alice, { ...brief, length: 6000 });
    await outline(id);
    const res = await t.call('POST', '/api/thesis/write', { token: alice, body: { id } });
    expect(res.body.code).toBe(408001);
    expect((await thesisRow(id)).status).toBe('outlined');
    expect(await model3(aliceId)).toBe(1);
  });

  it('goes on across a server restart: another instance takes the job over and finishes it, charging once', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const id = await create();
    await outline(id);
    const a = await slowInstance(5); // the job starts there, not on this instance
    const res = await a.call('POST', '/api/thesis/write', { token: alice, body: { id } });
    expect(res.body.code).toBe(200);
    const jobId = res.body.data.job_id as number;
    await waitFor(async () => (await t.ctx.db.select().from(thesisSections).where(and(eq(thesisSections.thesisId, id), eq(thesisSections.status, 'done')))).length > 0);
    await a.close(); // the instance goes away mid-job; this one takes the job over
    t.clock.advance(31_000);
    // A step that failed meanwhile waits its backoff on the test clock: keep time moving.
    const ticking = setInterval(() => t.clock.advance(3_000), 300);
    try {
      await untilNotWriting(id);
    } finally {
      clearInterval(ticking);
    }
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job!.status).toBe('done');
    const row = await thesisRow(id);
    expect(row.status).toBe('done');
    expect(await model3(aliceId)).toBe(10 - row.charged);
  });

  it('a watcher that opens mid-section gets the exact text: the snapshot, a sync of the whole text, then pieces at their place', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    const slow = await slowInstance(3);
    try {
      const id = await create();
      await outline(id);
      await slow.call('POST', '/api/thesis/write', { token: alice, body: { id } });
      await waitFor(async () => (await thesisRow(id)).status === 'writing');
      await new Promise((r) => setTimeout(r, 400));
      const base = await slow.listen();
      const ctrl = new AbortController();
      let live = { key: null as string | null, text: '' };
      let doneKey: string | null = null;
      const res = await fetch(`${base}/api/thesis/watch?id=${id}`, { headers: { authorization: `Bearer ${alice}` }, signal: ctrl.signal });
      await readSseEvents(res, thesisWatchEvent, (e) => {
        if (doneKey) return;
        if (e.type === 'job.snapshot') live = { key: e.key, text: e.text };
        else if (e.type === 'sync') live = { key: e.key, text: e.text };
        else if (e.type === 'section') live = { key: e.key, text: '' };
        else if (e.type === 'delta' && e.key === live.key && e.at <= live.text.length) live = { key: e.key, text: live.text + e.text.slice(live.text.length - e.at) };
        else if (e.type === 'section.done' && e.key === live.key) {
          doneKey = e.key;
          ctrl.abort();
        }
      });
      expect(doneKey).not.toBeNull();
      const d = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
      const saved = d.outline.flatMap((c: { sections: { key: string; text: string }[] }) => c.sections).find((s: { key: string }) => s.key === doneKey);
      expect(live.text.trim()).toBe(saved.text);
      await untilNotWriting(id);
    } finally {
      await slow.close();
    }
  });

  it('stops when asked: what was written so far (the abstract, finished sections, the streamed part of the one in progress) is kept and charged, never more than held; another user cannot stop it', async () => {
    await setBalance(t, aliceId, { base3: 20 });
    const slow = await slowInstance(3);
    try {
      const id = await create(alice, { ...brief, length: 9000 });
      await outline(id);
      const res = await slow.call('POST', '/api/thesis/write', { token: alice, body: { id } });
      const held = res.body.data.held as number;
      await waitFor(async () => (await slow.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data.outline[0].sections[0].status === 'done', 10_000);
      expect((await slow.call('POST', '/api/thesis/cancel', { token: bob, body: { id } })).status).toBe(404);
      expect((await slow.call('POST', '/api/thesis/cancel', { token: alice, body: { id } })).body.code).toBe(200);
      await untilNotWriting(id);
      const d = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
      expect(d.status).toBe('outlined');
      const sections = d.outline.flatMap((c: { sections: { status: string; text: string }[] }) => c.sections);
      const written = sections.reduce((n: number, s: { text: string }) => n + s.text.length, 0);
      expect(sections.some((s: { status: string }) => s.status !== 'done')).toBe(true);
      expect(sections.every((s: { status: string; text: string }) => (s.status === 'done' || s.status === 'stopped') === s.text.length > 0)).toBe(true);
      expect(d.charged).toBe(Math.min(held, Math.ceil((d.abstract.length + d.keywords.length + d.abstract_en.length + d.keywords_en.length + written) / 1000)));
      expect(await model3(aliceId)).toBe(20 - d.charged);
      // Written again later (here): only what is missing.
      await slow.close();
      const again = await t.call('POST', '/api/thesis/write', { token: alice, body: { id } });
      expect(again.body.code).toBe(200);
      expect(again.body.data.held).toBeLessThan(held + 1);
      await untilNotWriting(id);
      expect((await thesisRow(id)).status).toBe('done');
    } finally {
      await slow.close();
    }
  });

  it('a stop while the first section streams: the abstract and the streamed text are kept and charged by their length, the ledger agrees; writing again finishes it', async () => {
    await setBalance(t, aliceId, { base3: 10 });
    // Slow enough that the stop lands mid-section (the step checks for it once a second).
    const slow = await slowInstance(20);
    try {
      const id = await create();
      await outline(id);
      // A long first section: it is still streaming when the stop is seen.
      const long = [{ title: '绪论', sections: [{ title: '研究背景', chars: 2000 }, { title: '研究意义', chars: 1000 }] }];
      expect((await t.call('POST', '/api/thesis/outline/save', { token: alice, body: { id, outline: long } })).body.code).toBe(200);
      const res = await slow.call('POST', '/api/thesis/write', { token: alice, body: { id } });
      const held = res.body.data.held as number;
      expect(held).toBe(3);
      const jobId = res.body.data.job_id as number;
      const base = await slow.listen();
      let live = { key: null as string | null, text: '' };
      let seenAtStop = '';
      let stop: Promise<unknown> | null = null;
      const read = await readSseEvents(await fetch(`${base}/api/thesis/watch?id=${id}`, { headers: { authorization: `Bearer ${alice}` } }), thesisWatchEvent, (e) => {
        if (e.type === 'job.snapshot' || e.type === 'sync') live = { key: e.key, text: e.text };
        else if (e.type === 'section') live = { key: e.key, text: '' };
        else if (e.type === 'delta' && e.key === live.key && e.at <= live.text.length) live = { key: e.key, text: live.text + e.text.slice(live.text.length - e.at) };
        if (!stop && live.text.length >= 40) {
          seenAtStop = live.text;
          stop = slow.call('POST', '/api/thesis/cancel', { token: alice, body: { id } });
        }
      });
      expect(((await stop!) as { body: { code: number } }).body.code).toBe(200);
      const end = read.last as Extract<typeof read.last, { type: 'job.end' }>;
      expect(end).toMatchObject({ type: 'job.end', status: 'done' });
      const d = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
      expect(d.status).toBe('outlined');
      const [first, ...rest] = d.outline.flatMap((c: { sections: { key: string; status: string; text: string }[] }) => c.sections);
      // The section cut short keeps exactly what streamed; the others hold nothing.
      expect(first.key).toBe(live.key);
      expect(first.status).toBe('stopped');
      expect(first.text.startsWith(seenAtStop.trimStart())).toBe(true);
      expect(first.text).toBe(live.text.trim());
      for (const s of rest) expect(s).toMatchObject({ status: 'pending', text: '' });
      expect(d.abstract).toContain('离线演示');
      expect(d.written).toBe(first.text.length);
      // Charged for every character shown (the abstracts and keywords included), per started thousand, never more than held.
      const delivered = d.abstract.length + d.keywords.length + d.abstract_en.length + d.keywords_en.length + first.text.length;
      expect(d.charged).toBeGreaterThan(0);
      expect(d.charged).toBe(Math.min(held, Math.ceil(delivered / 1000)));
      expect(end.charged).toBe(d.charged);
      expect(await model3(aliceId)).toBe(10 - d.charged);
      const ledger = await t.ctx.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, aliceId), eq(balanceLedger.ref, `job:${jobId}`)));
      expect(ledger.reduce((n, l) => n + l.model3, 0)).toBe(-d.charged);
      // The export holds what was paid for.
      const md = await t.app.inject({ method: 'GET', url: `/api/thesis/export?id=${id}&format=md`, headers: { authorization: `Bearer ${alice}` } });
      expect(md.body).toContain(d.abstract);
      expect(md.body).toContain(first.text);
      // Writing again writes the stopped section and the rest, charged for what it writes, here: the
      // slow instance would take 20 ms a piece (about 20 s).
      await slow.close();
      const again = await t.call('POST', '/api/thesis/write', { token: alice, body: { id } });
      expect(again.body.code).toBe(200);
      expect(again.body.data.held).toBe(held);
      await untilNotWriting(id);
      const row = await thesisRow(id);
      expect(row.status).toBe('done');
      const d2 = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
      expect(d2.outline[0].sections[0].status).toBe('done');
      expect(d2.outline[0].sections[0].text.length).toBeGreaterThan(first.text.length);
      expect(await model3(aliceId)).toBe(10 - row.charged);
      expect(row.charged).toBe(d.charged + again.body.data.held);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it('retries a section whose upstream stream was cut, then finishes', async () => {
    const up: FakeUpstream = await startFakeUpstream();
    try {
      const modelId = await addModel(t, { code: 'thesis-fake', baseUrl: up.url, keys: ['sk-good'] });
      await t.ctx.db.update(models).set({ sort: -100 }).where(eq(models.id, modelId));
      t.clock.advance(6000);
      await setBalance(t, aliceId, { base3: 10 });
      const id = await create();
      await t.call('POST', '/api/thesis/outline/save', { token: alice, body: { id, outline: [{ title: '绪论', sections: [{ title: '背景', chars: 300 }] }] } });
      await t.ctx.db.update(theses).set({ requirements: '[[cut]]', abstract: '已有摘要' }).where(eq(theses.id, id));
      const res = await t.call('POST', '/api/thesis/write', { token: alice, body: { id } });
      expect(res.body.code).toBe(200);
      await waitFor(() => up.requests.length >= 1);
      await t.ctx.db.update(theses).set({ requirements: '' }).where(eq(theses.id, id));
      await new Promise((r) => setTimeout(r, 100));
      t.clock.advance(2_000);
      await untilNotWriting(id);
      const row = await thesisRow(id);
      expect(row.status).toBe('done');
      expect(up.requests.length).toBe(2);
      const d = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
      expect(d.outline[0].sections[0].status).toBe('done');
      expect(d.outline[0].sections[0].text.length).toBeGreaterThan(0);
      expect(await model3(aliceId)).toBe(10 - row.charged);
      await t.ctx.db.delete(models).where(eq(models.id, modelId));
      t.clock.advance(6000);
    } finally {
      await up.close();
    }
  });

  it('thesis orders: a guest pays, binds after login exactly once (also concurrently, never by another user), and writes with it', async () => {
    const index = await t.call('GET', '/api/thesis/order/index', { headers: guest('thesis-dev-1') });
    const pkg = index.body.data.packages[0];
    expect(pkg.chars).toBeGreaterThan(0);
    // Thesis packages are not membership packages.
    const vip = await t.call('GET', '/api/package/index');
    expect(vip.body.data.list.map((p: { id: number }) => p.id)).not.toContain(pkg.id);
    const buy = await t.call('POST', '/order/buy', { headers: guest('thesis-dev-1'), body: { goodsId: pkg.id, payType: 'wxpay' } });
    expect(buy.body.code).toBe(200);
    const orderNo = buy.body.data.orderId as string;
    expect((await t.call('GET', '/api/thesis/order/index', { headers: guest('thesis-dev-1') })).body.data.list[0]).toMatchObject({ order_sn: orderNo, state: 'unpaid' });
    await sandboxCheckout(t, buy.body.data.url_qrcode);
    expect((await t.call('GET', '/api/thesis/order/index', { headers: guest('thesis-dev-1') })).body.data.list[0]).toMatchObject({ state: 'unbound' });
    // Another device (bob's) cannot bind it.
    expect((await t.call('POST', '/api/thesis/order/bind', { token: bob, headers: guest('other-dev'), body: { order_sn: orderNo } })).status).toBe(404);
    // Twice at once on the right device: one wins.
    const [r1, r2] = await Promise.all([
      t.call('POST', '/api/thesis/order/bind', { token: alice, headers: guest('thesis-dev-1'), body: { order_sn: orderNo } }),
      t.call('POST', '/api/thesis/order/bind', { token: bob, headers: guest('thesis-dev-1'), body: { order_sn: orderNo } }),
    ]);
    const codes = [r1.body.code, r2.body.code].sort();
    expect(codes[0]).toBe(200);
    expect([404, 409]).toContain(codes[1]);
    const winner = r1.body.code === 200 ? alice : bob;
    const winnerId = await userIdOf(t, winner);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.userId).toBe(winnerId);
    expect((await t.call('POST', '/api/thesis/order/bind', { token: winner, headers: guest('thesis-dev-1'), body: { order_sn: orderNo } })).status).toBe(409);
    expect((await t.call('POST', '/api/thesis/order/bind', { token: winner, body: { order_sn: 'bad sn' } })).status).toBe(400);
    const list = (await t.call('GET', '/api/thesis/order/index', { token: winner })).body.data.list;
    expect(list[0]).toMatchObject({ order_sn: orderNo, state: 'available' });
    // Writing with the order holds no credits; the order is then used, once.
    await setBalance(t, winnerId, { base3: 0 });
    const id = await create(winner);
    await outline(id, winner);
    const res = await t.call('POST', '/api/thesis/write', { token: winner, body: { id, order_sn: orderNo } });
    expect(res.body.code).toBe(200);
    expect(res.body.data.held).toBe(0);
    await untilNotWriting(id);
    expect((await thesisRow(id)).status).toBe('done');
    expect((await t.call('GET', '/api/thesis/order/index', { token: winner })).body.data.list[0]).toMatchObject({ state: 'used', thesis_id: id });
    const other = await create(winner);
    await outline(other, winner);
    expect((await t.call('POST', '/api/thesis/write', { token: winner, body: { id: other, order_sn: orderNo } })).status).toBe(409);
    expect((await thesisRow(other)).status).toBe('outlined');
    // The loser cannot use it.
    const loser = winner === alice ? bob : alice;
    const lid = await create(loser);
    await outline(lid, loser);
    expect((await t.call('POST', '/api/thesis/write', { token: loser, body: { id: lid, order_sn: orderNo } })).status).toBe(404);
  });
});
