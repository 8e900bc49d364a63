import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { asAdmin, expect, freshName, isMobile, loginViaApi, quietPage, shot, test } from './fixtures.ts';

/** Puts a package back as the seed had it (other specs read the seeded catalogue). */
async function restorePackage(page: Page, token: string, name: string, body: Record<string, unknown>) {
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (await page.request.get('/api/admin/catalogue/packages', { headers })).json()).data.rows as { id: number; name: string }[];
  const p = list.find((x) => x.name === name);
  if (p) await page.request.post(`/api/admin/catalogue/packages/${p.id}`, { headers, data: body });
}

test.describe('admin console: catalogue, drawing content and gallery', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a package edited in the console shows on the membership page and dialog at once; bad input changes nothing', async ({ page, browser }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const adminToken = await asAdmin(page);
    try {
      await page.goto('/admin/catalogue');
      await expect(page.getByRole('heading', { name: '商品与套餐', level: 1 })).toBeVisible();
      for (const g of ['会员套餐', '活动套餐', 'PPT 套餐', '论文套餐']) await expect(page.getByRole('heading', { name: g, level: 2 })).toBeVisible();
      await expectAccessible(page);
      await shot(page, info, 'admin-catalogue');

      await page.getByRole('button', { name: '编辑「专业年卡」' }).click();
      const dialog = page.getByRole('dialog', { name: '编辑「专业年卡」' });
      await expect(dialog.getByRole('textbox', { name: '售价（元）' })).toHaveValue('168.00');
      // A price of 0 is refused by the server with its reason; the dialog stays open.
      await dialog.getByRole('textbox', { name: '售价（元）' }).fill('0');
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(page.getByText('售价须大于 0').first()).toBeVisible();
      await expect(dialog).toBeVisible();

      await dialog.getByRole('textbox', { name: '售价（元）' }).fill('158.8');
      await dialog.getByRole('textbox', { name: '折扣标签' }).fill('控制台特惠');
      await expectAccessible(page, '[role="dialog"]');
      await shot(page, info, 'admin-catalogue-edit');
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('row', { name: /专业年卡/ });
      await expect(row).toContainText('¥158.80');
      await expect(row).toContainText('控制台特惠');

      // The user's side: the membership page and the dialog show the new price and label.
      const user = await quietPage(browser);
      await loginViaApi(user);
      await user.goto('/pay');
      const card = user.getByText('专业年卡').first();
      await expect(card).toBeVisible();
      await expect(user.getByText('控制台特惠').first()).toBeVisible();
      await expect(user.getByText('158.80').first()).toBeVisible();
      await user.goto('/talk');
      await user.getByRole('button', { name: /升级会员/ }).click();
      const membership = user.getByRole('dialog');
      await membership.getByRole('tab', { name: /专业年卡/ }).click();
      await expect(membership.getByText('控制台特惠')).toBeVisible();
      await expect(membership.getByText('158.80').first()).toBeVisible();
      await shot(user, info, 'admin-catalogue-user-dialog');
      await user.close();

      // Off sale: gone from the user's page.
      await page.getByRole('switch', { name: '上架「专业年卡」' }).click();
      await expect(page.getByRole('switch', { name: '上架「专业年卡」' })).toHaveAttribute('aria-checked', 'false');
      const res = await page.request.get('/api/package/index');
      expect(((await res.json()).data.list as { name: string }[]).map((p) => p.name)).not.toContain('专业年卡');
    } finally {
      await restorePackage(page, adminToken, '专业年卡', { price: '168', discount: '限时47折', enabled: true });
    }
  });

  test('drawing types: a label edited in the console is the option on /draw', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const adminToken = await asAdmin(page);
    const headers = { Authorization: `Bearer ${adminToken}` };
    try {
      await page.goto('/admin/draw-content');
      await expect(page.getByRole('heading', { name: '绘画内容', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: '编辑类型「油画」' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: '名称' }).fill('古典油画');
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('row', { name: /^oil 古典油画/ })).toBeVisible();
      await expect(page.getByRole('row', { name: /^向日葵田/ })).toContainText('古典油画');
      await expectAccessible(page);
      await shot(page, info, 'admin-draw-content');
      await page.goto('/draw');
      await expect(page.getByRole('radio', { name: '古典油画' }).or(page.getByRole('button', { name: '古典油画' })).first()).toBeVisible();
    } finally {
      await page.request.post('/api/admin/draw/types/oil', { headers, data: { label: '油画' } });
    }
  });

  test('gallery moderation: a hidden picture leaves the public gallery at once and stays for its owner', async ({ page, browser }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const owner = await quietPage(browser);
    const { token } = await loginViaApi(owner);
    const headers = { Authorization: `Bearer ${token}` };
    const prompt = `审核测试 ${Date.now()}`;
    const drawn = await owner.request.post('/api/draw-image/basic', { headers, data: { prompt, type: 'photo', size: 'square', n: 1 } });
    const id = (await drawn.json()).data.list[0].id as number;
    await owner.request.post('/api/draw-image/publish', { headers, data: { id, public: true } });
    const inGallery = async () => ((await (await page.request.get('/api/draw-image/market?size=60')).json()).data.list as { id: number }[]).some((x) => x.id === id);
    expect(await inGallery()).toBe(true);

    await asAdmin(page);
    await page.goto('/admin/gallery');
    await expect(page.getByRole('heading', { name: '画廊审核', level: 1 })).toBeVisible();
    const item = page.getByTestId(`gallery-item-${id}`);
    await expect(item).toContainText(prompt);
    await expectAccessible(page);
    page.once('dialog', (d) => void d.accept('测试隐藏'));
    await item.getByRole('button', { name: `隐藏作品 ${id}` }).click();
    await expect(item.getByText('已隐藏')).toBeVisible();
    await shot(page, info, 'admin-gallery');
    expect(await inGallery()).toBe(false);

    await owner.goto('/market');
    await expect(owner.getByRole('heading', { name: '绘画广场', level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    await expect(owner.getByText(prompt)).toHaveCount(0);
    const mine = (await (await owner.request.get('/api/draw-image/histories', { headers })).json()).data.list as { id: number }[];
    expect(mine.map((x) => x.id)).toContain(id);
    await owner.close();

    await item.getByRole('button', { name: `恢复展示作品 ${id}` }).click();
    await expect(item.getByText('已隐藏')).toHaveCount(0);
    expect(await inGallery()).toBe(true);
  });

  test('card keys: a batch shows which keys were redeemed, by whom', async ({ page, browser }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const adminToken = await asAdmin(page);
    const name = freshName('兑换记录');
    const made = await page.request.post('/api/admin/card-keys/batches', { headers: { Authorization: `Bearer ${adminToken}` }, data: { name, quantity: 2, model3: 5 } });
    const codes = (await made.json()).data.codes as string[];
    const user = await quietPage(browser);
    const { token } = await loginViaApi(user);
    const redeemed = await user.request.post('/api/card-key/redeem', { headers: { Authorization: `Bearer ${token}` }, data: { code: codes[0] } });
    expect((await redeemed.json()).code).toBe(200);
    await user.close();

    await page.goto('/admin/card-keys');
    await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: '兑换记录' }).click();
    const dialog = page.getByRole('dialog', { name: `「${name}」的卡密` });
    await expect(dialog.getByRole('row', { name: new RegExp(codes[0]!) })).toContainText('#');
    await expect(dialog.getByRole('row', { name: new RegExp(codes[1]!) })).toContainText('未兑换');
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, info, 'admin-card-redemptions');
  });
});
