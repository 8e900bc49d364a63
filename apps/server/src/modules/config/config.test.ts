import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalConfigReply, websiteInfoReply, menuReply } from '@app/shared';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('config endpoints', () => {
  it('website info lists the seeded models as features and the site settings', async () => {
    const { status, body } = await t.call('GET', '/api/website/info');
    expect(status).toBe(200);
    const data = websiteInfoReply.parse(body.data);
    expect(data.features.map((f) => f.code)).toEqual(['ai_35', 'deepseek_v3', 'ai_4o', 'ai_4_vision']);
    expect(data.features.filter((f) => f.vision)).toHaveLength(2);
    expect(data.website.config.login_way).toBe('all');
    expect(data.website.protocols.register.url).toMatch(/register/);
    expect(data.demo.sms).toBe(true);
    expect(data.demo.wechat).toBe(true);
    expect(data.demo.pay).toBe(true);
  });

  it('says payments are real once a gateway is configured', async () => {
    const real = await createTestApp({ env: { EPAY_API_URL: 'https://pay.example.com/', EPAY_PID: '1001', EPAY_KEY: 'k'.repeat(32) } });
    try {
      const data = websiteInfoReply.parse((await real.call('GET', '/api/website/info')).body.data);
      expect(data.demo.pay).toBe(false);
    } finally {
      await real.close();
    }
  });

  it('global config carries every field, the menu, masks and the notice', async () => {
    const { body } = await t.call('GET', '/api/config/global');
    const data = globalConfigReply.parse(body.data);
    expect(data.list.siteName).toBe('知行 AI');
    expect(data.list.clientMenuList.find((m) => m.code === 'Chat')?.name).toBe('对话聊天');
    expect(data.masks.length).toBeGreaterThanOrEqual(3);
    expect(data.masks[0]!.children.length).toBeGreaterThan(0);
    expect(data.notice.has).toBe(true);
    expect(data.notice.title).toContain('欢迎');
  });

  it('a settings change shows after the cache is cleared', async () => {
    const { ConfigService } = await import('./service.ts');
    const svc = new ConfigService(t.ctx);
    await svc.set('loginWay', 'mobile');
    await svc.set('siteName', '测试站');
    t.clock.advance(6000);
    const { body } = await t.call('GET', '/api/website/info');
    expect(body.data.website.config.login_way).toBe('mobile');
    const g = await t.call('GET', '/api/config/global');
    expect(g.body.data.list.siteName).toBe('测试站');
    await svc.set('loginWay', 'all');
    await svc.set('siteName', '知行 AI');
  });

  it('menu lists enabled entries with the mobile flag', async () => {
    const { body } = await t.call('GET', '/api/menu');
    const data = menuReply.parse(body.data);
    expect(data.list.filter((m) => m.mobile).map((m) => m.code)).toEqual(['Chat', 'AppH5', 'ChatFile', 'Midjourney', 'Ai3', 'UserCenter']);
  });

  it('unknown API paths answer a 404 envelope, and ignore a bad token on public calls', async () => {
    const r = await t.call('GET', '/api/nope');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 404, success: false });
    const w = await t.call('GET', '/api/website/info', { token: 'garbage' });
    expect(w.body.code).toBe(200);
  });

  it('packages are listed in yuan without the activity package', async () => {
    const { body } = await t.call('GET', '/api/package/index');
    expect(body.data.list).toHaveLength(5);
    expect(body.data.list[0]).toMatchObject({ name: '体验月卡', price: '19.90', price_y: '29.90' });
    expect(body.data.list.some((p: { name: string }) => p.name.includes('新人'))).toBe(false);
  });
});
