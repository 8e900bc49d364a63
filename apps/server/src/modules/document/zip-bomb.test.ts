import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/index.ts';
import { getBalance, setBalance, userIdOf } from '../../testing/chat.ts';
import { uploadAndParse } from '../../testing/document.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { zip } from '../../core/zip.ts';
import { parseDocument } from './parse/index.ts';
import { makeRepeatedDocx } from './parse/test-fixtures.ts';
import { MESSAGES, ParseError } from './parse/types.ts';

/**
 * Samples the peak RSS (VmHWM) of this process's child processes (Linux /proc) until stopped.
 * `supported` is false where the kernel does not list a task's children.
 */
function watchChildren() {
  let peak = 0;
  let supported = false;
  const sample = () => {
    for (const task of readdirSync('/proc/self/task')) {
      let kids: string;
      try {
        kids = readFileSync(`/proc/self/task/${task}/children`, 'utf8');
        supported = true;
      } catch {
        continue;
      }
      for (const pid of kids.split(' ').filter(Boolean)) {
        try {
          const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
          if (hwm) peak = Math.max(peak, Number(hwm[1]) * 1024);
        } catch {
          // Exited between the listing and the read.
        }
      }
    }
  };
  const timer = setInterval(sample, 20);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peak, supported };
    },
  };
}

let t: TestApp;
let user: string;
let userId: number;
beforeAll(async () => {
  // The real parse queue: each file parsed in its own process.
  t = await createTestApp();
  user = await t.loginByPhone('13800000281');
  userId = await userIdOf(t, user);
  await setBalance(t, userId, { base3: 5, base4: 2 });
});
afterAll(() => t?.close());

describe('a DOCX zip bomb', () => {
  it('fails at once with a clear reason, tried once, nothing charged, the parse process small and the server answering', async () => {
    // ~1.3 MB whose word/document.xml inflates to 300 MB (built here, never committed).
    const paragraph = '<w:p><w:r><w:t>这是一段重复的文字，用来把文档撑大。</w:t></w:r></w:p>';
    const bomb = await makeRepeatedDocx(Math.ceil((300 << 20) / Buffer.byteLength(paragraph)));
    expect(bomb.length).toBeLessThan(2 << 20);
    const before = await getBalance(t, userId);

    const children = watchChildren();
    const { token, query } = await uploadAndParse(t, user, { name: '炸弹.docx', body: bomb });
    const { peak, supported } = children.stop();

    expect(query).toMatchObject({ status: 3, error: MESSAGES.tooLarge });
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.token, token));
    expect(row).toMatchObject({ status: 3, attempts: 1, chunkCount: 0, lockedUntil: null });
    expect(await getBalance(t, userId)).toEqual(before);
    if (supported) {
      // Inflation stopped at 16 MB: the parse process stays near its idle size (~90 MB measured).
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThan(400 << 20);
    }
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
  }, 120_000);

  it('leaves an ordinary DOCX to parse as before', async () => {
    const ok = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('炸弹之后，正常的文档照常解析。')] }] }));
    const { query } = await uploadAndParse(t, user, { name: '正常.docx', body: ok });
    expect(query).toMatchObject({ status: 2, error: null, title: '炸弹之后，正常的文档照常解析。' });
  }, 60_000);

  it('is the only zip-based format read: PPTX, XLSX and EPUB are refused before anything is inflated', async () => {
    const archive = zip([{ name: 'content.xml', data: Buffer.alloc(8 << 20, 0x41) }]);
    for (const ext of ['pptx', 'xlsx', 'epub', 'odt', 'zip']) {
      const e = await parseDocument(archive, ext).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(ParseError);
      expect(e).toMatchObject({ reason: 'unsupported', message: MESSAGES.unsupported });
    }
  });
});
