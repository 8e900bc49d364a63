import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { uploadDocument } from '../../testing/document.ts';
import { ParseProcessFailed } from './isolated-parse.ts';
import { DocumentJobs } from './jobs.ts';
import type { ParsedDocument } from './parse/types.ts';

const parsed: ParsedDocument = { pages: 1, title: '恢复后的文档', ocrPages: 0, blocks: [{ page: 1, level: 0, text: '重启之后，解析从头再来一次。' }] };

/** A parse that never ends on its own: it waits to be cut off, as by a restart. */
const hanging = (started: () => void) => (_b: Buffer, _e: string, signal: AbortSignal) =>
  new Promise<ParsedDocument>((_resolve, reject) => {
    started();
    signal.addEventListener('abort', () => reject(new Error('cut off')));
  });

let t: TestApp;
let user: string;
beforeAll(async () => {
  t = await createTestApp({ documents: { jobs: { parse: hanging(() => {}), leaseMs: 60_000 } } });
  user = await t.loginByPhone('13800000201');
});
afterAll(() => t?.close());

async function statusOf(token: string) {
  const [row] = await t.ctx.db.select().from(documents).where(eq(documents.token, token));
  return row!;
}

describe('the parse queue', () => {
  it('hands running parses back on a clean shutdown so the next start resumes them at once', async () => {
    const up = await uploadDocument(t, user, { name: 'b.txt', body: Buffer.from('内容二') });
    await new Promise((r) => setTimeout(r, 50));
    expect((await statusOf(up.token!)).status).toBe(1);
    await t.documents.jobs.close();
    const handed = await statusOf(up.token!);
    expect(handed).toMatchObject({ status: 1, lockedUntil: null });
    const next = new DocumentJobs(t.ctx, { concurrency: 1, parse: async () => parsed, pollMs: 10 });
    next.start();
    await next.idle();
    expect((await statusOf(up.token!)).status).toBe(2);
    await next.close();
  });

  it('takes a parse cut off by a crash up again once its hold lapses', async () => {
    // The app's own queue was shut down by the test before; this instance dies mid-parse.
    const dying = new DocumentJobs(t.ctx, { concurrency: 1, parse: hanging(() => {}), pollMs: 10 });
    dying.start();
    const up = await uploadDocument(t, user, { name: 'a.txt', body: Buffer.from('内容') });
    dying.kick();
    await new Promise((r) => setTimeout(r, 80));
    const row = await statusOf(up.token!);
    expect(row.status).toBe(1);
    expect(row.lockedUntil).not.toBeNull();
    // A second instance (the restarted server) cannot take it while the first one's hold lasts…
    const next = new DocumentJobs(t.ctx, { concurrency: 1, parse: async () => parsed, pollMs: 10 });
    next.start();
    await new Promise((r) => setTimeout(r, 100));
    expect((await statusOf(up.token!)).status).toBe(1);
    // …and takes it once the hold has lapsed (the first instance died without renewing it).
    t.clock.advance(61_000);
    await next.idle();
    const done = await statusOf(up.token!);
    expect(done).toMatchObject({ status: 2, nameStatus: 1, title: '恢复后的文档', chunkCount: 1 });
    await next.close();
  });

  it('gives a document up after repeated crashes instead of retrying forever', async () => {
    const up = await uploadDocument(t, user, { name: 'c.txt', body: Buffer.from('内容三') });
    const crashing = new DocumentJobs(t.ctx, { concurrency: 1, parse: async () => Promise.reject(new Error('boom')), pollMs: 10, leaseMs: 1000, maxAttempts: 2 });
    crashing.start();
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 60));
      t.clock.advance(1500);
      crashing.kick();
    }
    await crashing.idle();
    const row = await statusOf(up.token!);
    expect(row).toMatchObject({ status: 3, errorText: '文档解析失败！' });
    await crashing.close();
  });

  it('fails a document at once when the parse process died on it: a second try would die the same way', async () => {
    const up = await uploadDocument(t, user, { name: 'd.txt', body: Buffer.from('内容四') });
    let tries = 0;
    const dying = new DocumentJobs(t.ctx, {
      concurrency: 1,
      parse: async () => {
        tries++;
        throw new ParseProcessFailed('RangeError: Invalid string length');
      },
      pollMs: 10,
      leaseMs: 1000,
    });
    dying.start();
    await dying.idle();
    t.clock.advance(1500);
    dying.kick();
    await dying.idle();
    expect(tries).toBe(1);
    expect(await statusOf(up.token!)).toMatchObject({ status: 3, attempts: 1, lockedUntil: null, errorText: '文档解析失败！' });
    await dying.close();
  });
});
