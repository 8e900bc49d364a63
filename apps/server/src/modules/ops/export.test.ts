import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zip } from '../../core/zip.ts';
import { documentMessages, documents } from '../../db/schema/index.ts';
import { sendTurn, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/** Reads a zip's entries through its central directory (as unzip does). */
function unzip(buf: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const offset = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const localNameLen = buf.readUInt16LE(offset + 26);
    const body = buf.subarray(offset + 30 + localNameLen, offset + 30 + localNameLen + size);
    out.set(name, method === 8 ? inflateRawSync(body) : body);
    at += 46 + nameLen;
  }
  return out;
}

let t: TestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loginByPhone('13800000801');
  bob = await t.loginByPhone('13800000802');
});
afterAll(() => t.close());

const download = (token?: string) => t.app.inject({ method: 'GET', url: '/api/user/export', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('zip', () => {
  it('writes entries unzip reads back, Chinese names and binary data intact', () => {
    const bin = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
    const files = unzip(zip([{ name: '对话/第一个.md', data: '# 你好\n'.repeat(50) }, { name: 'a.bin', data: bin }]));
    expect(files.get('对话/第一个.md')!.toString()).toBe('# 你好\n'.repeat(50));
    expect(files.get('a.bin')!.equals(bin)).toBe(true);
  });
});

describe('GET /api/user/export', () => {
  it('needs a session', async () => {
    expect((await download()).statusCode).toBe(401);
    expect((await download('not-a-token')).json().code).toBe(403000);
  });

  it("holds every conversation and document of the caller as Markdown and JSON, the original files, and nothing of anyone else's", async () => {
    const mine = await sendTurn(t, alice, { input: '我的问题：什么是光合作用？' });
    expect(mine.last).toMatchObject({ type: 'done', status: 'complete' });
    await sendTurn(t, bob, { input: 'BOB 的秘密问题' });
    const aliceId = await userIdOf(t, alice);
    const now = new Date(t.clock.now());
    const stored = await t.ctx.storage.put(`docs/${aliceId}/202611/${'a'.repeat(32)}.txt`, Buffer.from('原文内容：叶绿体'), 'text/plain');
    const [doc] = await t.ctx.db
      .insert(documents)
      .values({ token: 'x'.repeat(32), userId: aliceId, title: '生物/笔记', fileName: '生物笔记.txt', fileExt: 'txt', fileSize: 24, storageKey: stored.key, uploadId: 'exp-1', status: 2, nameStatus: 1, createdAt: now, updatedAt: now })
      .returning({ id: documents.id });
    await t.ctx.db.insert(documentMessages).values([
      { documentId: doc!.id, userId: aliceId, role: 'user', text: '叶绿体在哪里？', action: 'ask', language: 'zh', model: 'offline' },
      { documentId: doc!.id, userId: aliceId, role: 'assistant', text: '在植物细胞里 [1]', action: 'ask', language: 'zh', model: 'offline', citations: [{ n: 1, page: 1, section: null }] },
    ]);

    const res = await download(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzip(res.rawPayload);
    const names = [...files.keys()];
    expect(names).toEqual(expect.arrayContaining(['README.md', 'data.json']));
    const md = names.filter((n) => n.startsWith('conversations/'));
    expect(md).toHaveLength(1);
    const text = files.get(md[0]!)!.toString();
    expect(text).toContain('我的问题：什么是光合作用？');
    expect(text).toContain(mine.text.slice(0, 20));
    // A title with a slash stays one file name.
    const docMd = names.find((n) => n.startsWith('documents/') && n.endsWith('.md'))!;
    expect(docMd).toBe(`documents/${doc!.id}-生物 笔记.md`);
    expect(files.get(docMd)!.toString()).toContain('在植物细胞里 [1]');
    expect(files.get(`documents/${doc!.id}-生物 笔记/生物笔记.txt`)!.toString()).toBe('原文内容：叶绿体');
    const data = JSON.parse(files.get('data.json')!.toString());
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0].messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(data.documents[0].messages[1].citations).toEqual([{ n: 1, page: 1, section: null }]);
    expect(res.rawPayload.toString('latin1')).not.toContain('BOB');
    expect(JSON.stringify(data)).not.toContain('BOB 的秘密问题');
  });

  it('one export a minute per user', async () => {
    const again = await download(alice);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('导出过于频繁，请一分钟后再试');
    // Someone else is not held back by it.
    expect((await download(bob)).statusCode).toBe(200);
  });
});
