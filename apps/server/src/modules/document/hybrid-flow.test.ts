import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks, documents } from '../../db/schema/index.ts';
import { askWith, uploadAndParse } from '../../testing/document.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/**
 * An OpenAI-compatible /embeddings server whose vectors stand for topics: a text about cats (in
 * any language) points one way, about money another — so it finds what shares no word with the
 * question, which keyword retrieval cannot.
 */
const TOPICS: RegExp[] = [/猫|feline|kitten/i, /租金|rent|money/i, /天气|weather/i];
const vectorOf = (text: string) => TOPICS.map((re) => (re.test(text) ? 1 : 0.01));

let server: Server;
let t: TestApp;
let user: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.headers.authorization !== 'Bearer sk-embed') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad key', type: 'invalid_request_error' } }));
        return;
      }
      const { input } = JSON.parse(body) as { input: string[] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ object: 'list', data: input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })) }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await createTestApp({ env: { EMBEDDINGS_BASE_URL: url, EMBEDDINGS_API_KEY: 'sk-embed', EMBEDDINGS_MODEL: 'text-embedding-3-small' } });
  user = await t.loginByPhone('13800000501');
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server.close(r));
});

const NOTES = ['# 笔记', '## 家务', '每周日打扫房间，倒垃圾。', '## 宠物', '家里的猫每天早上八点喂一次，周末带它晒太阳。', '## 账单', '租金每月五号前转给房东。'].join('\n\n');

describe('hybrid retrieval with an embeddings model', () => {
  it('stores an embedding with every chunk', async () => {
    const { token } = await uploadAndParse(t, user, { name: 'notes.md', body: Buffer.from(NOTES) });
    const [doc] = await t.ctx.db.select().from(documents).where(eq(documents.token, token));
    const chunks = await t.ctx.db.select().from(documentChunks).where(eq(documentChunks.documentId, doc!.id));
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.embedding).toHaveLength(TOPICS.length);
    const cat = chunks.find((c) => c.text.includes('猫'))!;
    expect(cat.embedding![0]).toBeCloseTo(1);
  });

  it('finds the passage a question shares no word with', async () => {
    const { token } = await uploadAndParse(t, user, { name: 'notes2.md', body: Buffer.from(NOTES) });
    const r = await askWith(t, user, { token, action: 'qa', question: 'When is the feline fed?' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(r.text).toContain('家里的猫每天早上八点喂一次');
    const done = r.last as Extract<typeof r.last, { type: 'done' }>;
    expect(done.citations[0]?.section).toContain('宠物');
  });

  it('falls back to keywords when the embeddings service fails', async () => {
    const { token } = await uploadAndParse(t, user, { name: 'notes3.md', body: Buffer.from(NOTES) });
    server.removeAllListeners('request');
    server.on('request', (_req, res) => res.writeHead(500).end('down'));
    const r = await askWith(t, user, { token, action: 'qa', question: '租金什么时候给？' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(r.text).toContain('租金每月五号前转给房东');
  });
});
