import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSiteReply, dashboardReply } from '@app/shared';
import { balanceLedger } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, auditRows, phone } from './test-kit.ts';

let t: TestApp;
let other: TestApp;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ shareWith: t });
  admin = await adminToken(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});
const A = () => ({ token: admin.token });

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('not seen in time');
}

describe('admin: site settings', () => {
  it('shows every field, and a change reaches both instances at once (no restart, no cache wait) with an audit row', async () => {
    const site = adminSiteReply.parse((await t.call('GET', '/api/admin/site', A())).body.data);
    expect(site.settings.siteName).toBe('知行 AI');
    expect(site.menu.find((m) => m.code === 'Chat')).toMatchObject({ name: '对话聊天', enabled: true });
    // both instances have the config cached now
    expect((await t.call('GET', '/api/config/global')).body.data.list.siteName).toBe('知行 AI');
    expect((await other.call('GET', '/api/config/global')).body.data.list.siteName).toBe('知行 AI');

    const r = await t.call('POST', '/api/admin/site/settings', { ...A(), body: { siteName: '新站名', loginWay: 'mobile', siteRobotName: '知行助手' } });
    expect(r.status).toBe(200);
    expect(r.body.data.settings.siteName).toBe('新站名');
    // the clock does not move: only the invalidation can make the new name show
    expect((await t.call('GET', '/api/config/global')).body.data.list.siteName).toBe('新站名');
    await eventually(async () => (await other.call('GET', '/api/config/global')).body.data.list.siteName === '新站名');
    await eventually(async () => (await other.call('GET', '/api/website/info')).body.data.website.config.login_way === 'mobile');

    const audit = await auditRows(t, 'site', 'settings');
    // unchanged fields (siteRobotName) are not in the row
    expect(audit.map((a) => [a.before, a.after])).toEqual([[{ siteName: '知行 AI', loginWay: 'all' }, { siteName: '新站名', loginWay: 'mobile' }]]);
    await t.call('POST', '/api/admin/site/settings', { ...A(), body: { siteName: '知行 AI', loginWay: 'all' } });
  });

  it('refuses bad values and saves nothing of the request', async () => {
    for (const body of [
      {},
      { siteName: '' },
      { siteName: '好', signInModel3Count: -1 },
      { siteName: '好', isAutoOpenNotice: 2 },
      { payEpayChannel: 'alipay' },
      { payEpayChannel: '["bitcoin"]' },
      { loginWay: 'sms' },
      { clientHomePath: 'https://evil.example' },
      { payEpayApiPayUrl: 'javascript:alert(1)' },
      { siteName: 'x'.repeat(41) },
    ]) {
      const r = await t.call('POST', '/api/admin/site/settings', { ...A(), body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await t.call('GET', '/api/config/global')).body.data.list.siteName).toBe('知行 AI');
    // unknown keys are dropped, not stored
    await t.call('POST', '/api/admin/site/settings', { ...A(), body: { siteName: '知行 AI', evil: 1 } });
    const site = (await t.call('GET', '/api/admin/site', A())).body.data;
    expect(site.settings).not.toHaveProperty('evil');
  });

  it('saves the menu in the given order, hides disabled entries from pages, audited', async () => {
    const site = adminSiteReply.parse((await t.call('GET', '/api/admin/site', A())).body.data);
    const items = [...site.menu].reverse().map((m) => (m.code === 'Draw' ? { ...m, enabled: false } : m.code === 'Chat' ? { ...m, name: '聊天' } : m));
    const r = await t.call('POST', '/api/admin/site/menu', { ...A(), body: { items } });
    expect(r.body.data.menu.map((m: { code: string }) => m.code)).toEqual(items.map((m) => m.code));
    await eventually(async () => {
      const menu = (await other.call('GET', '/api/menu')).body.data.list as { code: string; name: string }[];
      return menu.map((m) => m.code).join() === items.filter((m) => m.enabled).map((m) => m.code).join() && menu.some((m) => m.name === '聊天');
    });
    const [audit] = await auditRows(t, 'site', 'menu');
    expect((audit!.before as unknown[]).length).toBe(site.menu.length);
    expect(audit!.after).toEqual(items);
    const dup = await t.call('POST', '/api/admin/site/menu', { ...A(), body: { items: [items[0], items[0]] } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('菜单编码不能重复');
    const badCode = await t.call('POST', '/api/admin/site/menu', { ...A(), body: { items: [{ ...items[0], code: '../x' }] } });
    expect(badCode.status).toBe(400);
    await t.call('POST', '/api/admin/site/menu', { ...A(), body: { items: site.menu } });
  });

  it('edits the notice; pages see it at once', async () => {
    const r = await t.call('POST', '/api/admin/site/notice', { ...A(), body: { title: '系统维护通知', content: '今晚 23:00 维护', enabled: true } });
    expect(r.body.data.notice).toEqual({ title: '系统维护通知', content: '今晚 23:00 维护', enabled: true });
    await eventually(async () => (await other.call('GET', '/api/config/global')).body.data.notice.title === '系统维护通知');
    await t.call('POST', '/api/admin/site/notice', { ...A(), body: { title: '系统维护通知', content: '', enabled: false } });
    expect((await t.call('GET', '/api/config/global')).body.data.notice.has).toBe(false);
    const audit = await auditRows(t, 'site', 'notice');
    expect(audit).toHaveLength(2);
    expect(audit[1]!.before).toEqual({ title: '系统维护通知', content: '今晚 23:00 维护', enabled: true });
  });
});

describe('admin: dashboard', () => {
  it('counts per day over 7 / 30 / 90 days and the credits spent per model and feature', async () => {
    const token = await t.loginByPhone(phone());
    const { body: info } = await t.call('GET', '/api/user/info', { token });
    await t.ctx.db.insert(balanceLedger).values([
      { userId: info.data.id, type: 'usage', pool: 'base', model3: -3, note: 'GPT-3.5', ref: 'draw:basic' },
      { userId: info.data.id, type: 'usage', pool: 'member', model3: -2, note: 'GPT-3.5', ref: 'draw:basic' },
    ]);
    for (const days of [7, 30, 90]) {
      const r = await t.call('GET', '/api/admin/dashboard', { ...A(), query: { days: String(days) } });
      const d = dashboardReply.parse(r.body.data);
      expect(d.days).toHaveLength(days);
      expect(d.series.newUsers).toHaveLength(days);
      expect(d.series.newUsers.at(-1)).toBeGreaterThanOrEqual(2);
      expect(d.series.users.at(-1)).toBeGreaterThanOrEqual(d.series.newUsers.at(-1)!);
      expect(d.series.activeUsers.at(-1)).toBeGreaterThanOrEqual(1);
    }
    const d = dashboardReply.parse((await t.call('GET', '/api/admin/dashboard', A())).body.data);
    expect(d.days).toHaveLength(7);
    expect(d.spentByModel).toContainEqual({ model: 'GPT-3.5', model3: 5, model4: 0, draw: 0, ppt: 0 });
    expect(d.spentByFeature).toContainEqual({ feature: 'draw', model3: 5, model4: 0, draw: 0, ppt: 0 });
    expect((await t.call('GET', '/api/admin/dashboard', { ...A(), query: { days: '5' } })).status).toBe(400);
    expect((await t.call('GET', '/api/admin/dashboard', { ...A(), query: { days: 'x' } })).status).toBe(400);
  });
});
