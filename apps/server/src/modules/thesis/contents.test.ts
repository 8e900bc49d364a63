import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thesisOutlineEvent, thesisWatchEvent } from '@app/shared';
import { officeCommand } from '../../core/office.ts';
import { setBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { hasPdftoppm } from '../../testing/pdf-pages.ts';
import { readSseEvents } from '../../testing/sse.ts';
import { estimatedDocx } from './estimate.ts';
import { headingTexts } from './export.ts';
import { offlineOutline, offlineSection } from './outline.ts';
import { hasPdftotext, pdfPageTexts } from './pdf-text.ts';
import { ThesisFiles } from './render.ts';
import { headingLabels } from './toc-pages.ts';

/**
 * Issue 27: a 毕业论文 written on the offline model downloads with the contents' page numbers
 * filled in (no field for a reader to update), an English abstract after the Chinese one, a
 * references page that says the author adds them, and as a PDF beside the .docx.
 */
let t: TestApp;
let alice: string;
let bob: string;
const brief = { title: '老旧小区改造中的居民参与机制研究', kind: '毕业论文', discipline: '公共管理', length: 12000, language: '中文' };
const withOffice = !!officeCommand() && hasPdftotext();

beforeAll(async () => {
  t = await createTestApp({ turns: { jobs: { pollMs: 20 } } });
  alice = await t.loginByPhone('13500000271');
  bob = await t.loginByPhone('13500000272');
  await setBalance(t, await userIdOf(t, alice), { base3: 50 });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = alice) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** A thesis written through the API on the offline model. */
async function written(): Promise<number> {
  const id = (await t.call('POST', '/api/thesis/create', { token: alice, body: brief })).body.data.id as number;
  const prep = await t.call('POST', '/api/thesis/outline/prepare', { token: alice, body: { id } });
  const base = await t.listen();
  const headers = { authorization: `Bearer ${alice}`, 'content-type': 'application/json' };
  const o = await readSseEvents(await fetch(`${base}/api/thesis/outline/stream`, { method: 'POST', headers, body: JSON.stringify({ id, secret: prep.body.data.secret }) }), thesisOutlineEvent);
  expect(o.last?.type).toBe('done');
  expect((await t.call('POST', '/api/thesis/write', { token: alice, body: { id } })).body.code).toBe(200);
  const w = await readSseEvents(await fetch(`${base}/api/thesis/watch?id=${id}`, { headers }), thesisWatchEvent);
  expect(w.last).toMatchObject({ type: 'job.end', status: 'done' });
  return id;
}

const unzip = (docx: Buffer, part: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'thesis-contents-'));
  writeFileSync(join(dir, 'a.docx'), docx);
  return execFileSync('unzip', ['-p', join(dir, 'a.docx'), part]).toString('utf8');
};

/** The contents' lines of a rendered PDF: title and page number. */
const contentsLines = (text: string) =>
  text
    .split('\n')
    .map((l) => /^\s*(\S.*?)\s*\.{4,}\s*(\S*)\s*$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ title: m[1]!, page: m[2]! }));

describe('a 毕业论文 as people open it', () => {
  let id: number;
  beforeAll(async () => {
    id = await written();
  }, 120_000);

  it('carries an English abstract after the Chinese one (writing step and detail)', async () => {
    const d = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data;
    expect(d.abstract).toMatch(/[\u4e00-\u9fa5]/);
    expect(d.abstract_en).toMatch(/^\[Offline demo\] Under the title/);
    expect(d.keywords_en).toContain('graduation thesis');
    expect(d.pdf).toBe(!!officeCommand());
  });

  it('the .docx: contents with page numbers written clean, English abstract, references for the author to add', async () => {
    const res = await get(`/api/thesis/export?id=${id}&format=docx`);
    expect(res.statusCode).toBe(200);
    const doc = unzip(res.rawPayload, 'word/document.xml');
    const settings = unzip(res.rawPayload, 'word/settings.xml');
    // Nothing asks a reader to update fields.
    expect(doc).not.toContain('w:dirty="true"');
    expect(settings).not.toContain('updateFields');
    // Every PAGEREF of the contents has a number as its result (LibreOffice's pages, or the layout's estimate).
    const refs = [...doc.matchAll(/PAGEREF (_Toc\d+)[^<]*<\/w:instrText>(?:<\/w:r><w:r>)?<w:fldChar w:fldCharType="separate"\/>(?:<\/w:r><w:r>)?<w:t[^>]*>(\d+)<\/w:t>/g)];
    const headings = [...doc.matchAll(/w:val="Heading[12]"/g)].length;
    expect(headings).toBeGreaterThan(8);
    expect(refs.length).toBe(headings);
    // The Chinese abstract, then the English one, then the contents.
    const at = (s: string) => doc.indexOf(s);
    expect(at('摘')).toBeGreaterThan(-1);
    expect(at('关键词')).toBeLessThan(at('>Abstract<'));
    expect(at('>Abstract<')).toBeLessThan(at('Key words: '));
    expect(at('Key words: ')).toBeLessThan(at('TOC \\h \\o'));
    // References: none invented; the page says the author adds them, in the school's format.
    const refsPage = doc.slice(doc.lastIndexOf('参考文献'));
    expect(refsPage).toContain('参考文献须由作者本人查阅、核实后按学校要求的格式补充');
    expect(refsPage).toContain('GB/T 7714');
    expect(refsPage).not.toMatch(/doi|https?:\/\//i);
  });

  it.skipIf(!withOffice)('each contents line shows the page its heading is on (LibreOffice, pdftotext)', async () => {
    const pdf = await get(`/api/thesis/export?id=${id}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('.pdf');
    const pages = await pdfPageTexts(pdf.rawPayload);
    const contents = pages.filter((p) => p.label && /^[IVX]+$/.test(p.label)).flatMap((p) => contentsLines(p.text));
    const detail = (await t.call('GET', '/api/thesis/detail', { token: alice, query: { id: String(id) } })).body.data as { outline: { sections: unknown[] }[] };
    expect(contents).toHaveLength(detail.outline.reduce((n, c) => n + 1 + c.sections.length, 0) + 1);
    const real = headingLabels(pages, contents.map((c) => c.title));
    contents.forEach((c, i) => {
      expect(c.page, c.title).toMatch(/^\d+$/);
      expect(c.page, c.title).toBe(real[i]);
    });
    expect(pages.some((p) => p.text.includes('Abstract') && p.text.includes('Key words:'))).toBe(true);
    if (hasPdftoppm && process.env.KEEP_PDF_PAGES) {
      const contentsPage = pages.findIndex((p) => p.text.includes('目  录') || p.text.includes('目 录')) + 1;
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', String(contentsPage), '-l', String(contentsPage + 1), '-', join(process.env.KEEP_PDF_PAGES, 'thesis-contents')], { input: pdf.rawPayload });
    }
    // The same version again: from the cache, the same file.
    const again = await get(`/api/thesis/export?id=${id}&format=pdf`);
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);
    // The .docx's own contents read the same numbers.
    const docx = await get(`/api/thesis/export?id=${id}&format=docx`);
    const doc = unzip(docx.rawPayload, 'word/document.xml');
    const numbers = [...doc.matchAll(/PAGEREF _Toc\d+[^<]*<\/w:instrText><w:fldChar w:fldCharType="separate"\/><w:t[^>]*>(\d+)<\/w:t>/g)].map((m) => m[1]);
    expect(numbers).toEqual(contents.map((c) => c.page));
  }, 180_000);

  it.skipIf(!!officeCommand())('without LibreOffice the PDF export says so', async () => {
    const res = await get(`/api/thesis/export?id=${id}&format=pdf`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('LibreOffice');
  });

  it('another user, a bad id or format: refused, nothing rendered', async () => {
    expect((await get(`/api/thesis/export?id=${id}&format=pdf`, bob)).statusCode).toBe(404);
    expect((await get(`/api/thesis/export?id=${id}&format=docx`, bob)).statusCode).toBe(404);
    expect((await get(`/api/thesis/export?id=abc&format=pdf`)).statusCode).toBe(400);
    expect((await get(`/api/thesis/export?id=99999999&format=pdf`)).statusCode).toBe(404);
    expect((await get(`/api/thesis/export?id=${id}&format=exe`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/thesis/export?id=${id}&format=pdf` })).statusCode).toBe(401);
  });
});

const pagerefNumbers = (doc: string) => [...doc.matchAll(/PAGEREF _Toc\d+[^<]*<\/w:instrText><w:fldChar w:fldCharType="separate"\/><w:t[^>]*>(\d*)<\/w:t>/g)].map((m) => m[1]);

describe('the fallback without LibreOffice', () => {
  it('estimates the page numbers from the layout in a child process, written clean; where LibreOffice is installed they agree with its pages', async () => {
    const b = { title: '城市更新中的社区参与研究', kind: '毕业论文', discipline: '社会学', length: 30000, language: '中文', requirements: '' };
    const outline = offlineOutline(b);
    const thesis = {
      ...b,
      abstract: '摘要'.repeat(150),
      keywords: '城市更新；社区参与',
      abstractEn: 'An abstract. '.repeat(20),
      keywordsEn: 'urban renewal',
      referenceTitle: '',
      outline,
      texts: new Map(outline.flatMap((c) => c.sections.map((s) => [s.key, offlineSection(b, c.title, s.title, s.chars)] as [string, string]))),
      author: '作者',
      date: '2026-11-27',
    };
    const doc = unzip(await estimatedDocx(thesis), 'word/document.xml');
    expect(doc).not.toContain('w:dirty="true"');
    const estimated = pagerefNumbers(doc);
    expect(estimated).toHaveLength(headingTexts(thesis).length);
    for (const n of estimated) expect(n).toMatch(/^\d+$/);
    expect(Number(estimated.at(-1))).toBeGreaterThan(20);
    if (withOffice) {
      const rendered = pagerefNumbers(unzip(await new ThesisFiles({ warn: () => {} }).docx(1, thesis), 'word/document.xml'));
      expect(estimated).toEqual(rendered);
    }
  }, 120_000);
});
