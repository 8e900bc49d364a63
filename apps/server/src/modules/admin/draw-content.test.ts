import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminDrawExample, adminDrawExampleListReply, adminDrawTypeListReply, adminGalleryItem, adminGalleryReply } from '@app/shared';
import { balances, drawExamples, drawImages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { DrawContent } from '../draw/public.ts';
import { adminToken, auditRows, idOf, phone } from './test-kit.ts';

let t: TestApp;
let admin: { token: string; id: number };
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  owner = await t.loginByPhone(phone());
  await t.ctx.db.update(balances).set({ baseDraw: 20 }).where(eq(balances.userId, await idOf(t, owner)));
});
afterAll(() => t.close());
const A = () => ({ token: admin.token });

const userTypes = async () => (await t.call('GET', '/api/draw-image/image-types')).body.data.types as { value: string; label: string }[];
const userExamples = async () => (await t.call('GET', '/api/draw-image/examples')).body.data.list as { title: string; prompt: string; image_url: string | null }[];
const gallery = async () => ((await t.call('GET', '/api/draw-image/market')).body.data.list as { id: number }[]).map((x) => x.id);

/** A picture the owner drew (offline) and published to the gallery. */
async function published() {
  const drawn = await t.call('POST', '/api/draw-image/basic', { token: owner, body: { prompt: '湖边的小木屋', type: 'photo', size: 'square', n: 1 } });
  const id = drawn.body.data.list[0].id as number;
  await t.call('POST', '/api/draw-image/publish', { token: owner, body: { id, public: true } });
  return id;
}

describe('admin: drawing types', () => {
  it('lists the seeded types; an edit reaches /draw at once (cached copy dropped), audited with before and after', async () => {
    const { rows } = adminDrawTypeListReply.parse((await t.call('GET', '/api/admin/draw/types', A())).body.data);
    expect(rows.map((r) => r.code)).toEqual(['general', 'anime', 'photo', 'ink', 'oil', 'render3d']);
    expect(rows.find((r) => r.code === 'ink')).toMatchObject({ label: '国风水墨', hint: ', traditional Chinese ink wash painting, xuan paper texture', enabled: true });
    expect((await userTypes()).map((x) => x.label)).toContain('国风水墨'); // now cached

    const r = await t.call('POST', '/api/admin/draw/types/ink', { ...A(), body: { label: '水墨丹青', sort: -1 } });
    expect(r.body.data).toMatchObject({ code: 'ink', label: '水墨丹青', sort: -1 });
    expect((await userTypes())[0]).toEqual({ value: 'ink', label: '水墨丹青' });
    const audit = await auditRows(t, 'drawType', 'ink');
    expect(audit[0]).toMatchObject({ action: 'drawType.update', before: { label: '国风水墨', sort: 3 }, after: { label: '水墨丹青', sort: -1 } });
  });

  it('a disabled type leaves /draw and is refused for drawing; enabled again it is back', async () => {
    await t.call('POST', '/api/admin/draw/types/oil', { ...A(), body: { enabled: false } });
    expect((await userTypes()).map((x) => x.value)).not.toContain('oil');
    const refused = await t.call('POST', '/api/draw-image/basic', { token: owner, body: { prompt: '向日葵', type: 'oil', size: 'square', n: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该图片类型已停用，请选择其他类型');
    await t.call('POST', '/api/admin/draw/types/oil', { ...A(), body: { enabled: true } });
    expect((await userTypes()).map((x) => x.value)).toContain('oil');
  });

  it("another instance's cached copy is dropped by the published change message", async () => {
    const other = new DrawContent(t.ctx); // as a second server on the same database and KV
    const off = await other.listen();
    try {
      expect((await other.types()).find((x) => x.value === 'render3d')!.label).toBe('3D 渲染');
      await t.call('POST', '/api/admin/draw/types/render3d', { ...A(), body: { label: '三维渲染' } });
      await expect.poll(async () => (await other.types()).find((x) => x.value === 'render3d')!.label).toBe('三维渲染');
    } finally {
      await off();
    }
  });

  it('refuses bad input and changes nothing', async () => {
    const before = (await t.call('GET', '/api/admin/draw/types', A())).body.data;
    const cases: [string, unknown, number][] = [
      ['general', { enabled: false }, 400],
      ['anime', {}, 400],
      ['anime', { label: '' }, 400],
      ['anime', { label: 'x'.repeat(21) }, 400],
      ['anime', { hint: 'x'.repeat(301) }, 400],
      ['anime', { sort: 1.5 }, 400],
      ['nope', { label: 'x' }, 400],
    ];
    for (const [code, body, status] of cases) {
      const r = await t.call('POST', `/api/admin/draw/types/${code}`, { ...A(), body });
      expect(r.status, JSON.stringify(body)).toBe(status);
    }
    expect((await t.call('GET', '/api/admin/draw/types', A())).body.data).toEqual(before);
    expect(await auditRows(t, 'drawType', 'anime')).toEqual([]);
  });
});

describe('admin: drawing examples', () => {
  it('creates, edits, disables and deletes examples; /draw follows each at once; every change audited', async () => {
    const { rows } = adminDrawExampleListReply.parse((await t.call('GET', '/api/admin/draw/examples', A())).body.data);
    expect(rows).toHaveLength(8);
    expect(await userExamples()).toHaveLength(8);

    const made = await t.call('POST', '/api/admin/draw/examples', {
      ...A(),
      body: { title: '雪夜', prompt: '雪夜里的故宫角楼', type: 'photo', kind: 'basic', imageUrl: '/uploads/x.png', sort: -1, enabled: true },
    });
    const ex = adminDrawExample.parse(made.body.data);
    expect((await userExamples())[0]).toMatchObject({ title: '雪夜', image_url: '/uploads/x.png' });

    await t.call('POST', `/api/admin/draw/examples/${ex.id}`, { ...A(), body: { prompt: '雪夜里的故宫角楼，红墙白雪', imageUrl: '' } });
    expect((await userExamples())[0]).toMatchObject({ prompt: '雪夜里的故宫角楼，红墙白雪', image_url: null });
    await t.call('POST', `/api/admin/draw/examples/${ex.id}`, { ...A(), body: { enabled: false } });
    expect((await userExamples()).map((e) => e.title)).not.toContain('雪夜');
    expect((await t.call('POST', `/api/admin/draw/examples/${ex.id}/delete`, A())).body.data).toEqual({ ok: true });
    expect(await t.ctx.db.select().from(drawExamples).where(eq(drawExamples.id, ex.id))).toEqual([]);

    const audit = await auditRows(t, 'drawExample', ex.id);
    expect(audit.map((a) => a.action)).toEqual(['drawExample.create', 'drawExample.update', 'drawExample.update', 'drawExample.delete']);
    expect(audit[1]).toMatchObject({ before: { title: '雪夜', prompt: '雪夜里的故宫角楼', imageUrl: '/uploads/x.png' }, after: { prompt: '雪夜里的故宫角楼，红墙白雪', imageUrl: '' } });
    expect(audit[3]).toMatchObject({ before: { title: '雪夜', enabled: false }, after: null });
  });

  it('refuses bad input and changes nothing', async () => {
    const good = { title: '好', prompt: '好的提示词', type: 'general', kind: 'mj', imageUrl: '', sort: 0, enabled: true };
    for (const bad of [{ title: '' }, { prompt: '' }, { type: 'cartoon' }, { kind: 'sd' }, { imageUrl: 'http://evil.example/x.png' }, { imageUrl: 'javascript:alert(1)' }, { imageUrl: '//evil/x' }, { sort: 'a' }]) {
      const r = await t.call('POST', '/api/admin/draw/examples', { ...A(), body: { ...good, ...bad } });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await userExamples()).toHaveLength(8);
    expect((await t.call('POST', '/api/admin/draw/examples/999999', { ...A(), body: { title: 'x' } })).status).toBe(404);
    expect((await t.call('POST', '/api/admin/draw/examples/999999/delete', A())).status).toBe(404);
  });
});

describe('admin: gallery moderation', () => {
  it('lists the gallery newest first; a hidden picture leaves the public gallery at once but stays for its owner; audited', async () => {
    const older = await published();
    const id = await published();
    const page = adminGalleryReply.parse((await t.call('GET', '/api/admin/draw/gallery', { ...A(), query: { size: '10' } })).body.data);
    expect(page.rows.slice(0, 2).map((r) => r.id)).toEqual([id, older]);
    expect(page.rows[0]).toMatchObject({ hidden: false, prompt: '湖边的小木屋', nickname: expect.any(String) });
    expect(await gallery()).toContain(id);

    const r = await t.call('POST', `/api/admin/draw/gallery/${id}/hide`, { ...A(), body: { hidden: true, reason: '疑似侵权' } });
    expect(adminGalleryItem.parse(r.body.data)).toMatchObject({ id, hidden: true });
    expect(await gallery()).not.toContain(id);
    expect(await gallery()).toContain(older);
    const mine = (await t.call('GET', '/api/draw-image/histories', { token: owner })).body.data.list as { id: number; public: boolean }[];
    expect(mine.find((x) => x.id === id)).toMatchObject({ public: true });
    const hiddenOnly = adminGalleryReply.parse((await t.call('GET', '/api/admin/draw/gallery', { ...A(), query: { state: 'hidden' } })).body.data);
    expect(hiddenOnly.rows.map((x) => x.id)).toEqual([id]);
    // The owner republishing does not bring it back.
    await t.call('POST', '/api/draw-image/publish', { token: owner, body: { id, public: true } });
    expect(await gallery()).not.toContain(id);

    await t.call('POST', `/api/admin/draw/gallery/${id}/hide`, { ...A(), body: { hidden: false } });
    expect(await gallery()).toContain(id);
    const audit = await auditRows(t, 'drawImage', id);
    expect(audit.map((a) => [a.action, a.before, a.after, a.reason])).toEqual([
      ['gallery.hide', expect.objectContaining({ hidden: false }), { hidden: true }, '疑似侵权'],
      ['gallery.unhide', expect.objectContaining({ hidden: true }), { hidden: false }, null],
    ]);
  });

  it('refuses bad input, an unpublished or deleted picture, and writes nothing', async () => {
    const drawn = await t.call('POST', '/api/draw-image/basic', { token: owner, body: { prompt: '私人作品', type: 'general', size: 'square', n: 1 } });
    const priv = drawn.body.data.list[0].id as number;
    expect((await t.call('POST', `/api/admin/draw/gallery/${priv}/hide`, { ...A(), body: { hidden: true } })).status).toBe(404);
    const gone = await published();
    await t.call('POST', '/api/draw-image/delete', { token: owner, body: { id: gone } });
    expect((await t.call('POST', `/api/admin/draw/gallery/${gone}/hide`, { ...A(), body: { hidden: true } })).status).toBe(404);
    const id = await published();
    for (const body of [{}, { hidden: 'yes' }, { hidden: true, reason: 'x'.repeat(201) }]) {
      expect((await t.call('POST', `/api/admin/draw/gallery/${id}/hide`, { ...A(), body })).status, JSON.stringify(body)).toBe(400);
    }
    for (const query of [{ page: '0' }, { size: '100' }, { state: 'gone' }] as Record<string, string>[]) {
      expect((await t.call('GET', '/api/admin/draw/gallery', { ...A(), query })).status, JSON.stringify(query)).toBe(400);
    }
    const [row] = await t.ctx.db.select().from(drawImages).where(eq(drawImages.id, id));
    expect(row!.hiddenAt).toBeNull();
    expect([...(await auditRows(t, 'drawImage', priv)), ...(await auditRows(t, 'drawImage', id))]).toEqual([]);
  });
});
