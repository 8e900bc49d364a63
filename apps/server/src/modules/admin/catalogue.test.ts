import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminPackage, adminPackageListReply, type AdminPackage } from '@app/shared';
import { orders, packages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, auditRows, phone } from './test-kit.ts';

let t: TestApp;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());
const A = () => ({ token: admin.token });

const list = async () => adminPackageListReply.parse((await t.call('GET', '/api/admin/catalogue/packages', A())).body.data).rows;
const byName = async (name: string) => (await list()).find((p) => p.name === name)!;
const memberList = async () => (await t.call('GET', '/api/package/index')).body.data.list as { id: number; name: string; price: string; price_y: string }[];
const tableRow = async (id: number) => (await t.ctx.db.select().from(packages).where(eq(packages.id, id)))[0]!;

const fresh = {
  group: 'member',
  name: '测试季卡',
  introduction: '三个月',
  description: '基础对话 1500 次',
  price: '59.9',
  priceY: '89.70',
  discount: '67折',
  days: 90,
  level: 2,
  model3Count: 1500,
  model4Count: 150,
  drawCount: 60,
  pptCount: 0,
  chars: 0,
  sort: 5,
  enabled: true,
};

describe('admin: catalogue (packages)', () => {
  it('lists every package grouped as the user-facing lists read them, disabled ones and order counts too', async () => {
    const rows = await list();
    const groups = new Set(rows.map((r) => r.group));
    expect([...groups].sort()).toEqual(['activity', 'member', 'ppt', 'thesis']);
    expect(rows.find((r) => r.name === '体验月卡')).toMatchObject({ group: 'member', price: 1990, priceY: 2990, days: 30, enabled: true });
    expect(rows.find((r) => r.name === '新人专享月卡')).toMatchObject({ group: 'activity', price: 990 });
    expect(rows.find((r) => r.name === 'PPT 标准包')).toMatchObject({ group: 'ppt', pptCount: 10 });
    expect(rows.find((r) => r.name === '论文写作 · 3 万字')).toMatchObject({ group: 'thesis', chars: 30000, price: 2990 });
  });

  it('creates a package in yuan, stored in fen, on the user list at once; audited with after', async () => {
    const r = await t.call('POST', '/api/admin/catalogue/packages', { ...A(), body: fresh });
    expect(r.status).toBe(200);
    const p = adminPackage.parse(r.body.data);
    expect(p).toMatchObject({ group: 'member', price: 5990, priceY: 8970, days: 90, level: 2, orders: 0 });
    expect((await tableRow(p.id)).price).toBe(5990);
    expect((await memberList()).find((x) => x.id === p.id)).toMatchObject({ name: '测试季卡', price: '59.90', price_y: '89.70' });
    const [audit] = await auditRows(t, 'package', p.id);
    expect(audit).toMatchObject({ action: 'package.create', before: null, after: { group: 'member', name: '测试季卡', price: 5990, priceY: 8970 } });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await list();
    const cases: [Record<string, unknown>, string][] = [
      [{ price: '0' }, '售价须大于 0'],
      [{ price: '-1' }, '售价须为金额（元，最多两位小数）'],
      [{ price: '9.999' }, '售价须为金额（元，最多两位小数）'],
      [{ price: 19.9 }, '请填写售价'],
      [{ price: '100000' }, '售价须为金额（元，最多两位小数）'],
      [{ priceY: '10' }, '原价不能低于售价'],
      [{ days: 1.5 }, '有效天数须为整数'],
      [{ model3Count: -1 }, '基础对话次数不能为负'],
      [{ name: '' }, '请填写名称'],
      [{ name: '名'.repeat(41) }, '名称最多 40 字'],
      [{ description: 'x'.repeat(501) }, '说明最多 500 字'],
      [{ group: 'gold' }, '套餐类型无效'],
      [{ days: 30, level: 0 }, '含会员天数的套餐等级至少为 1'],
      [{ days: 0, model3Count: 0, model4Count: 0, drawCount: 0 }, '套餐须包含会员天数或次数'],
      [{ group: 'ppt', days: 0, pptCount: 0 }, 'PPT 套餐须包含至少 1 次 PPT'],
      [{ group: 'thesis', chars: 500, days: 0, model3Count: 0, model4Count: 0, drawCount: 0 }, '论文套餐字数上限至少 1000 字'],
      [{ group: 'thesis', chars: 5000 }, '论文套餐只含一篇论文，不含会员天数或次数'],
      [{ name: 'a\u0000b' }, ''],
    ];
    for (const [bad, message] of cases) {
      const r = await t.call('POST', '/api/admin/catalogue/packages', { ...A(), body: { ...fresh, name: '坏套餐', ...bad } });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      if (message) expect(r.body.message, JSON.stringify(bad)).toBe(message);
    }
    const monthly = await byName('体验月卡');
    for (const bad of [{}, { price: '0' }, { priceY: '1' }, { level: 11 }, { enabled: 'yes' }, { sort: 1e9 }]) {
      const r = await t.call('POST', `/api/admin/catalogue/packages/${monthly.id}`, { ...A(), body: bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.call('POST', '/api/admin/catalogue/packages/999999', { ...A(), body: { price: '1' } })).status).toBe(404);
    expect((await t.call('POST', '/api/admin/catalogue/packages/abc', { ...A(), body: { price: '1' } })).status).toBe(400);
    expect(await list()).toEqual(before);
    expect((await auditRows(t, 'package', monthly.id)).length).toBe(0);
  });

  it('an edit shows on the user lists at once; the audit row keeps only what changed, before and after', async () => {
    const ppt = await byName('PPT 体验包');
    const r = await t.call('POST', `/api/admin/catalogue/packages/${ppt.id}`, { ...A(), body: { name: 'PPT 尝鲜包', price: '12.5', priceY: ppt.priceY / 100 + '', pptCount: 4 } });
    expect(r.body.data).toMatchObject({ name: 'PPT 尝鲜包', price: 1250, pptCount: 4 });
    const slides = (await t.call('GET', '/api/aippt/package/list')).body.data.list as { id: number; name: string; price: string; ppt_count: number }[];
    expect(slides.find((s) => s.id === ppt.id)).toMatchObject({ name: 'PPT 尝鲜包', price: '12.50', ppt_count: 4 });
    const audit = await auditRows(t, 'package', ppt.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'package.update', before: { name: 'PPT 体验包', group: 'ppt', price: 990, pptCount: 3 }, after: { name: 'PPT 尝鲜包', price: 1250, pptCount: 4 } });
    expect(Object.keys(audit[0]!.after as object).sort()).toEqual(['name', 'pptCount', 'price']);

    const thesis = await byName('论文写作 · 1 万字');
    await t.call('POST', `/api/admin/catalogue/packages/${thesis.id}`, { ...A(), body: { chars: 12000, sort: -5 } });
    const thesisList = (await t.call('GET', '/api/thesis/order/index')).body.data.packages as { id: number; chars: number }[];
    expect(thesisList[0]).toMatchObject({ id: thesis.id, chars: 12000 });
    expect((await tableRow(thesis.id)).extra).toEqual({ kind: 'thesis', chars: 12000 });
  });

  it('disabling takes a package off the user list and refuses new orders; enabling brings it back', async () => {
    const p = await byName('测试季卡');
    await t.call('POST', `/api/admin/catalogue/packages/${p.id}`, { ...A(), body: { enabled: false } });
    expect((await memberList()).map((x) => x.id)).not.toContain(p.id);
    const token = await t.loginByPhone(phone());
    const refused = await t.call('POST', '/api/order/pay-qrcode', { token, body: { package_id: p.id } });
    expect(refused.body.message).toBe('套餐不存在或已下架');
    await t.call('POST', `/api/admin/catalogue/packages/${p.id}`, { ...A(), body: { enabled: true } });
    expect((await memberList()).map((x) => x.id)).toContain(p.id);
    const audit = await auditRows(t, 'package', p.id);
    expect(audit.slice(-2).map((a) => [a.before, a.after])).toEqual([
      [{ name: '测试季卡', group: 'member', enabled: true }, { enabled: false }],
      [{ name: '测试季卡', group: 'member', enabled: false }, { enabled: true }],
    ]);
  });

  it('a price change leaves an order already created at its amount, and it is still paid and granted at that amount', async () => {
    const p = await byName('测试季卡');
    const token = await t.loginByPhone(phone());
    const created = await t.call('POST', '/api/order/pay-qrcode', { token, body: { package_id: p.id } });
    const orderNo = created.body.data.order_sn as string;
    await t.call('POST', `/api/admin/catalogue/packages/${p.id}`, { ...A(), body: { price: '79.9', priceY: '99' } });
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(o!.amount).toBe(5990);
    const paid = await t.call('POST', `/api/admin/orders/${orderNo}/fulfil`, { ...A(), body: { reason: '核对到账 59.90' } });
    expect(paid.body.data.order).toMatchObject({ status: 1, amount: 5990 });
    const again = await t.call('POST', '/api/order/pay-qrcode', { token: await t.loginByPhone(phone()), body: { package_id: p.id } });
    const [o2] = await t.ctx.db.select().from(orders).where(eq(orders.orderNo, again.body.data.order_sn as string));
    expect(o2!.amount).toBe(7990);
    expect((await byName('测试季卡')).orders).toBe(2);
  });

  it('never deletes a package an order refers to (disable instead); deletes an unused one, audited', async () => {
    const used = await byName('测试季卡');
    const r = await t.call('POST', `/api/admin/catalogue/packages/${used.id}/delete`, A());
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('该套餐已有订单或卡密引用，不能删除，请改为下架');
    expect(await tableRow(used.id)).toBeDefined();

    const made = adminPackage.parse((await t.call('POST', '/api/admin/catalogue/packages', { ...A(), body: { ...fresh, name: '临时套餐' } })).body.data);
    const del = await t.call('POST', `/api/admin/catalogue/packages/${made.id}/delete`, A());
    expect(del.body.data).toEqual({ ok: true });
    expect((await list()).find((x: AdminPackage) => x.id === made.id)).toBeUndefined();
    const audit = await auditRows(t, 'package', made.id);
    expect(audit.map((a) => a.action)).toEqual(['package.create', 'package.delete']);
    expect(audit[1]).toMatchObject({ before: { name: '临时套餐', price: 5990 }, after: null });
    expect((await t.call('POST', `/api/admin/catalogue/packages/${made.id}/delete`, A())).status).toBe(404);
  });
});
