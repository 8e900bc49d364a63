import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import type { Db } from '../client.ts';
import { chatGroups, chatMessages, documents, minds, slideDecks } from '../schema/index.ts';
import { forUser } from './index.ts';

let t: TestApp;
let db: Db;
let me: number;
let other: number;

async function user(mobile: string): Promise<number> {
  const token = await t.loginByPhone(mobile);
  return (await t.call('GET', '/api/user/info', { token })).body.data.id as number;
}

const mind = (userId: number, title: string) => ({ userId, title, prompt: title, model: 'offline', status: 'complete' });

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db;
  me = await user('13711110001');
  other = await user('13711110002');
});
afterAll(() => t.close());

describe('Owned: a table seen by one user', () => {
  it('get: the own row; another user’s row and a missing id are both undefined', async () => {
    const [mine] = await db.insert(minds).values(mind(me, 'mine')).returning();
    const [theirs] = await db.insert(minds).values(mind(other, 'theirs')).returning();
    const r = forUser(db, me).mindMaps;
    expect((await r.get(mine!.id))?.title).toBe('mine');
    expect(await r.get(theirs!.id)).toBeUndefined();
    expect(await r.get(2_147_483_647)).toBeUndefined();
    expect(await r.get(mine!.id, { where: sql`${minds.status} = 'running'` })).toBeUndefined();
  });

  it('list and count: only the user’s rows, in the order and page asked', async () => {
    const u = await user('13711110003');
    for (const title of ['a', 'b', 'c']) await db.insert(minds).values(mind(u, title));
    await db.insert(minds).values(mind(other, 'x'));
    const r = forUser(db, u).mindMaps;
    expect((await r.list({ orderBy: [desc(minds.id)] })).map((m) => m.title)).toEqual(['c', 'b', 'a']);
    expect((await r.list({ orderBy: [desc(minds.id)], limit: 1, offset: 1 })).map((m) => m.title)).toEqual(['b']);
    expect(await r.count()).toBe(3);
    expect(await r.count(eq(minds.title, 'a'))).toBe(1);
  });

  it('update and delete touch the user’s row only, and say when there was none', async () => {
    const [mine] = await db.insert(minds).values(mind(me, 'before')).returning();
    const [theirs] = await db.insert(minds).values(mind(other, 'theirs')).returning();
    const r = forUser(db, me).mindMaps;
    expect((await r.update(mine!.id, { title: 'after' }))?.title).toBe('after');
    expect(await r.update(theirs!.id, { title: 'hijacked' })).toBeUndefined();
    expect(await r.update(mine!.id, { title: 'no' }, { where: sql`${minds.status} = 'running'` })).toBeUndefined();
    expect(await r.delete(theirs!.id)).toBeUndefined();
    expect((await db.select().from(minds).where(eq(minds.id, theirs!.id)))[0]?.title).toBe('theirs');
    expect((await r.delete(mine!.id))?.id).toBe(mine!.id);
    expect(await r.get(mine!.id)).toBeUndefined();
  });

  it('create sets the owner; keys gives the owned subset', async () => {
    const r = forUser(db, me).mindMaps;
    const made = await r.create({ title: 'new', prompt: 'p', model: 'offline' });
    expect(made.userId).toBe(me);
    const [theirs] = await db.insert(minds).values(mind(other, 'theirs')).returning();
    expect(await r.keys([made.id, theirs!.id, 2_147_483_647])).toEqual([made.id]);
    expect(await r.keys([])).toEqual([]);
  });

  it('soft-deleted rows are gone unless asked for; delete removes them too', async () => {
    const [live] = await db.insert(slideDecks).values({ userId: me, title: 'live', topic: 't', pages: 8 }).returning();
    const [gone] = await db.insert(slideDecks).values({ userId: me, title: 'gone', topic: 't', pages: 8, deletedAt: new Date() }).returning();
    const r = forUser(db, me).slideDecks;
    expect((await r.get(live!.id))?.title).toBe('live');
    expect(await r.get(gone!.id)).toBeUndefined();
    expect((await r.get(gone!.id, { withDeleted: true }))?.title).toBe('gone');
    expect((await r.list()).map((d) => d.id)).toEqual([live!.id]);
    expect(await r.update(gone!.id, { title: 'x' })).toBeUndefined();
    expect(await r.keys([live!.id, gone!.id])).toEqual([live!.id]);
    expect((await r.delete(gone!.id))?.id).toBe(gone!.id);
  });

  it('scope() is the owner clause for a query of its own; get can lock inside a transaction', async () => {
    const [g] = await db.insert(chatGroups).values({ userId: me, model: 'offline', title: 'g' }).returning();
    const r = forUser(db, me);
    const rows = await db.select({ id: chatGroups.id }).from(chatGroups).where(r.chatGroups.scope(eq(chatGroups.title, 'g')));
    expect(rows.map((x) => x.id)).toContain(g!.id);
    expect(await forUser(db, other).chatGroups.count(eq(chatGroups.id, g!.id))).toBe(0);
    const locked = await db.transaction(async (tx) => forUser(tx as unknown as Db, me).chatGroups.get(g!.id, { lock: true }));
    expect(locked?.id).toBe(g!.id);
  });

  it('documents are asked for by token; messages count only in the user’s live groups', async () => {
    const token = randomBytes(16).toString('hex');
    await db.insert(documents).values({ token, userId: me, title: 'd', fileName: 'd.txt', fileExt: 'txt', fileSize: 1, storageKey: 'docs/d', uploadId: 'u' });
    expect((await forUser(db, me).documents.get(token))?.title).toBe('d');
    expect(await forUser(db, other).documents.get(token)).toBeUndefined();

    const [g] = await db.insert(chatGroups).values({ userId: me, model: 'offline', title: 'g' }).returning();
    const [m] = await db.insert(chatMessages).values({ groupId: g!.id, userId: me, role: 'user', text: 'hi', model: 'offline' }).returning();
    expect(await forUser(db, me).liveChatMessageIds([m!.id])).toEqual([m!.id]);
    expect(await forUser(db, other).liveChatMessageIds([m!.id])).toEqual([]);
    await db.update(chatGroups).set({ deletedAt: new Date() }).where(eq(chatGroups.id, g!.id));
    expect(await forUser(db, me).liveChatMessageIds([m!.id])).toEqual([]);
  });
});
