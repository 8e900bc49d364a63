import { randomBytes } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, chatGroups, chatMessages, documents, feedbacks, minds, orders, packages, slideDecks, theses, translations, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { checkAccess, requireAccess, type Actor, type Permission } from './access.ts';
import type { AuthUser } from './auth.ts';
import { AppError } from './errors.ts';

let t: TestApp;
const who: Record<'owner' | 'other' | 'admin', AuthUser> = {} as never;
const ids = {} as {
  group: number;
  deletedGroup: number;
  message: number;
  document: string;
  ownApp: number;
  catalogueTemplate: number;
  catalogueExpert: number;
  userOrder: string;
  deviceOrder: string;
};

async function userOf(mobile: string, isAdmin = false): Promise<AuthUser> {
  const token = await t.loginByPhone(mobile);
  const id = (await t.call('GET', '/api/user/info', { token })).body.data.id as number;
  if (isAdmin) await t.ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, id));
  return { id, tokenId: 0, isAdmin };
}

beforeAll(async () => {
  t = await createTestApp();
  who.owner = await userOf('13700000001');
  who.other = await userOf('13700000002');
  who.admin = await userOf('13700000003', true);
  const db = t.ctx.db;
  const owner = who.owner.id;
  const [g] = await db.insert(chatGroups).values({ userId: owner, model: 'offline', title: 'mine' }).returning();
  const [gone] = await db.insert(chatGroups).values({ userId: owner, model: 'offline', title: 'gone', deletedAt: new Date() }).returning();
  const [m] = await db.insert(chatMessages).values({ groupId: g!.id, userId: owner, role: 'user', text: 'hi', model: 'offline' }).returning();
  const token = randomBytes(16).toString('hex');
  await db.insert(documents).values({ token, userId: owner, title: 'a', fileName: 'a.txt', fileExt: 'txt', fileSize: 1, storageKey: 'docs/a', uploadId: 'u1' });
  const [own] = await db.insert(apps).values({ key: `custom_${token}`, kind: 'template', title: 'mine', prompt: 'p', ownerId: owner }).returning();
  const [tpl] = await db.select().from(apps).where(eq(apps.kind, 'template')).limit(1);
  const [exp] = await db.select().from(apps).where(eq(apps.kind, 'expert')).limit(1);
  const [pkg] = await db.select().from(packages).limit(1);
  const order = (orderNo: string, userId: number | null, clientCode: string | null) => ({
    orderNo,
    userId,
    clientCode,
    packageId: pkg!.id,
    amount: 100,
    provider: 'sandbox',
    channel: 'wxpay',
    mode: 'qr',
    payHash: randomBytes(8).toString('hex'),
    expiresAt: new Date(Date.now() + 60_000),
  });
  await db.insert(orders).values([order('A0001', owner, 'dev-owner'), order('A0002', null, 'dev-owner')]);
  Object.assign(ids, {
    group: g!.id,
    deletedGroup: gone!.id,
    message: m!.id,
    document: token,
    ownApp: own!.id,
    catalogueTemplate: tpl!.id,
    catalogueExpert: exp!.id,
    userOrder: 'A0001',
    deviceOrder: 'A0002',
  });
  expect((await db.select().from(apps).where(isNull(apps.ownerId))).length).toBeGreaterThan(0);
});
afterAll(() => t.close());

type Who = 'owner' | 'other' | 'guest' | 'admin';
const actor = (w: Who): Actor => (w === 'guest' ? null : who[w]);

/** [permission, resource, who may touch it]. Everyone else gets the resource's 404 (or 401 as a guest where guests never may). */
const TABLE: [Permission, keyof typeof ids, Who[]][] = [
  ['chatGroup.read', 'group', ['owner']],
  ['chatGroup.update', 'group', ['owner']],
  ['chatGroup.delete', 'group', ['owner']],
  ['chatGroup.read', 'deletedGroup', []],
  ['chatMessage.delete', 'message', ['owner']],
  ['document.read', 'document', ['owner']],
  ['document.delete', 'document', ['owner']],
  ['document.ask', 'document', ['owner']],
  ['myApp.delete', 'ownApp', ['owner']],
  ['app.read', 'ownApp', ['owner']],
  ['template.read', 'ownApp', ['owner']],
  ['expert.read', 'ownApp', []],
  ['app.read', 'catalogueTemplate', ['owner', 'other', 'guest', 'admin']],
  ['template.read', 'catalogueTemplate', ['owner', 'other', 'guest', 'admin']],
  ['expert.read', 'catalogueExpert', ['owner', 'other', 'guest', 'admin']],
  ['myApp.delete', 'catalogueTemplate', []],
  ['order.read', 'userOrder', ['owner']],
];

describe('requireAccess: every owned resource × owner / other user / guest / admin', () => {
  for (const [permission, resource, allowed] of TABLE) {
    for (const w of ['owner', 'other', 'guest', 'admin'] as Who[]) {
      const may = allowed.includes(w);
      it(`${permission} on ${resource} by ${w}: ${may ? 'allowed' : 'denied'}`, async () => {
        const id = ids[resource] as never;
        const set = await checkAccess(t.ctx.db, actor(w), permission, [id]);
        expect(set.has(id)).toBe(may);
        const result = requireAccess(t.ctx.db, actor(w), permission, [id]);
        if (may) return expect(await result).toEqual(new Set([id]));
        const err = await result.then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(AppError);
        const guestsNever = !['app.read', 'template.read', 'expert.read', 'order.read'].includes(permission);
        expect((err as AppError).httpStatus).toBe(w === 'guest' && guestsNever ? 401 : 404);
      });
    }
  }

  it('orders placed as a guest belong to the device until bound, and to no other device', async () => {
    const device = { userId: null, clientCode: 'dev-owner' };
    expect((await checkAccess(t.ctx.db, device, 'order.read', [ids.deviceOrder, ids.userOrder])).has(ids.deviceOrder)).toBe(true);
    // A bound order belongs to its user only, even on the device that placed it.
    expect((await checkAccess(t.ctx.db, device, 'order.read', [ids.userOrder])).size).toBe(0);
    expect((await checkAccess(t.ctx.db, { userId: null, clientCode: 'dev-other' }, 'order.read', [ids.deviceOrder])).size).toBe(0);
    await expect(requireAccess(t.ctx.db, { userId: null, clientCode: null }, 'order.read', [ids.deviceOrder])).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('returns the allowed subset of many ids, and refuses the whole request when one is not allowed', async () => {
    const [theirs] = await t.ctx.db.insert(chatGroups).values({ userId: who.other.id, model: 'offline', title: 'theirs' }).returning();
    const set = await checkAccess(t.ctx.db, who.owner, 'chatGroup.read', [ids.group, theirs!.id, ids.deletedGroup, 2_147_483_647]);
    expect([...set]).toEqual([ids.group]);
    await expect(requireAccess(t.ctx.db, who.owner, 'chatGroup.delete', [ids.group, theirs!.id])).rejects.toMatchObject({ httpStatus: 404, message: '对话不存在或已删除' });
    expect((await checkAccess(t.ctx.db, who.owner, 'chatGroup.read', [])).size).toBe(0);
  });
});

describe('owner-scoped repositories: another user’s id is the same 404 as a missing one', () => {
  const MISSING = 2_147_483_647;
  const tokenOf: Partial<Record<'owner' | 'other', string>> = {};
  const resources = {} as { mind: number; translation: number; deck: number; thesis: number; feedback: number };

  beforeAll(async () => {
    tokenOf.owner = await t.loginByPhone('13700000001');
    tokenOf.other = await t.loginByPhone('13700000002');
    const db = t.ctx.db;
    const owner = who.owner.id;
    const [m] = await db.insert(minds).values({ userId: owner, title: 'm', prompt: 'm', model: 'offline', status: 'complete' }).returning();
    const [tr] = await db.insert(translations).values({ userId: owner, source: 'hi', fromLang: 'en', toLang: 'zh', model: 'offline', status: 'complete' }).returning();
    const [d] = await db.insert(slideDecks).values({ userId: owner, title: 'd', topic: 'd', pages: 8 }).returning();
    const [th] = await db.insert(theses).values({ userId: owner, title: 't', kind: 'k', discipline: 'x', length: 5000, language: 'zh' }).returning();
    const [f] = await db.insert(feedbacks).values({ userId: owner, content: 'hello' }).returning();
    Object.assign(resources, { mind: m!.id, translation: tr!.id, deck: d!.id, thesis: th!.id, feedback: f!.id });
  });

  /** [resource, how it is asked for]; each is asked by the owner (not 404), another user and for a missing id (both the same 404). */
  const ASKS: [keyof typeof resources, (id: number) => ['GET' | 'POST', string, { body?: unknown; query?: Record<string, string> }]][] = [
    ['mind', (id) => ['GET', `/api/mind/detail/${id}`, {}]],
    ['mind', (id) => ['POST', '/api/mind/delete', { body: { id } }]],
    ['translation', (id) => ['POST', '/api/translate/delete', { body: { id } }]],
    ['deck', (id) => ['GET', '/api/aippt/ppt/viewContent', { query: { id: String(id) } }]],
    ['deck', (id) => ['POST', '/api/aippt/deck/delete', { body: { id } }]],
    ['thesis', (id) => ['GET', '/api/thesis/detail', { query: { id: String(id) } }]],
    ['thesis', (id) => ['POST', '/api/thesis/delete', { body: { id } }]],
    ['feedback', (id) => ['GET', '/api/ucenter/feedback/list/reply', { query: { id: String(id) } }]],
    ['feedback', (id) => ['POST', '/api/ucenter/feedback/reply', { body: { id, content: '再问一下' } }]],
  ];

  for (const [resource, ask] of ASKS) {
    const [method, url] = ask(0);
    it(`${method} ${url.replace(/\/0$/, '/:id')} on another user’s ${resource}: 404 as for a missing one, the row untouched`, async () => {
      const id = resources[resource];
      const call = (token: string, target: number) => {
        const [m, u, o] = ask(target);
        return t.call(m, u, { token, ...o });
      };
      const theirs = await call(tokenOf.other!, id);
      const missing = await call(tokenOf.other!, MISSING);
      expect(theirs.status).toBe(404);
      expect(missing.status).toBe(404);
      expect({ code: theirs.body.code, message: theirs.body.message }).toEqual({ code: missing.body.code, message: missing.body.message });
      // Reads by the owner still work (deletes are last in each pair, so the row is there for them).
      if (method === 'GET') expect((await call(tokenOf.owner!, id)).status).toBe(200);
    });
  }
});
