import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { asAdmin, expect, freshName, isMobile, loginViaApi, shot, test } from './fixtures.ts';

/** A user registered through the API, in the page's own request context (no token stored in the page). */
async function registerUser(page: Page) {
  const userName = freshName('adm');
  const res = await page.request.post('/api/login/register', { data: { userName, password: 'secret123' } });
  const body = await res.json();
  const info = await page.request.get('/api/user/info', { headers: { authorization: `Bearer ${body.data.token}` } });
  return { userName, token: body.data.token as string, id: (await info.json()).data.id as number };
}

test.describe('admin console', () => {
  // Long journeys on a shared, busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('a guest and a normal user are kept out', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: '请先登录管理员账号' })).toBeVisible();
    await loginViaApi(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible();
    await expectAccessible(page);
  });

  test('dashboard: per-day charts over 7 / 30 / 90 days and credits spent', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    await asAdmin(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: '仪表盘' })).toBeVisible();
    await expect(page.getByRole('img', { name: /新增用户/ })).toBeVisible();
    await expect(page.getByTestId('series-users')).not.toHaveText('0');
    await expect(page.getByRole('heading', { name: '按模型消耗额度' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'admin-dashboard');
    await page.getByRole('button', { name: '近 30 天' }).click();
    await expect(page.getByRole('button', { name: '近 30 天' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('img', { name: /新增用户/ }).locator('circle')).toHaveCount(30);
  });

  test('users: search, detail, adjust credits with a reason, written to the audit log', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const u = await registerUser(page);
    await asAdmin(page);
    await page.goto('/admin/users');
    await page.getByRole('searchbox').or(page.getByLabel('搜索用户')).fill(u.userName);
    await page.getByRole('button', { name: '搜索' }).click();
    const row = page.getByRole('row').filter({ hasText: u.userName });
    await expect(row).toHaveCount(1);
    await expectAccessible(page);
    await shot(page, info, 'admin-users');
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${u.id}$`));
    const before = Number(await page.getByTestId('base-model3').textContent());
    await page.getByRole('button', { name: '调整额度' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('调整数量（负数为扣减）').fill('5');
    await dialog.getByLabel('原因').fill('活动补偿');
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, info, 'admin-user-adjust');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('base-model3')).toHaveText(String(before + 5));
    // taking more than there is is refused with the server's message, and nothing changes
    await page.getByRole('button', { name: '调整额度' }).click();
    await dialog.getByLabel('调整数量（负数为扣减）').fill(String(-(before + 6)));
    await dialog.getByLabel('原因').fill('扣回');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('调整后额度不能小于 0')).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(page.getByTestId('base-model3')).toHaveText(String(before + 5));
    await expectAccessible(page);
    await shot(page, info, 'admin-user-detail');

    await page.getByRole('link', { name: '操作日志' }).click();
    const auditRow = page.getByRole('row').filter({ hasText: '活动补偿' });
    await expect(auditRow).toHaveCount(1);
    await expect(auditRow).toContainText('调整额度');
    await expect(auditRow).toContainText(`"value": ${before + 5}`);
    await expectAccessible(page);
    await shot(page, info, 'admin-audit');
  });

  test('a ban ends the user session at once: their open page shows the stopped-account message', async ({ page, browser }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const userCtx = await browser.newContext();
    const userPage = await userCtx.newPage();
    const { token } = await loginViaApi(userPage);
    await userPage.goto('/talk');
    const id = (await (await userPage.request.get('/api/user/info', { headers: { authorization: `Bearer ${token}` } })).json()).data.id as number;
    await asAdmin(page);
    await page.goto(`/admin/users/${id}`);
    await page.getByRole('button', { name: '封禁' }).click();
    await page.getByRole('dialog').getByLabel('原因').fill('违规内容');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已封禁').first()).toBeVisible();
    const r = await userPage.request.get('/api/user/info', { headers: { authorization: `Bearer ${token}` } });
    expect(await r.json()).toMatchObject({ code: 403000, message: '账号已被停用，请联系客服' });
    await userCtx.close();
  });

  test('site: a new site name reaches an already open page without a reload', async ({ page, browser }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const visitorCtx = await browser.newContext();
    const visitor = await visitorCtx.newPage();
    await visitor.goto('/talk');
    await expect(visitor).toHaveTitle('知行 AI');

    await asAdmin(page);
    await page.goto('/admin/site');
    const name = page.getByLabel('站点名称');
    await expect(name).toHaveValue('知行 AI');
    await expectAccessible(page);
    await shot(page, info, 'admin-site');
    await name.fill('知行 AI 测试站');
    await page.getByRole('button', { name: '保存站点配置' }).click();
    await expect(page.getByText('已保存')).toBeVisible();

    // The open page has not reloaded; it fetches the config again when it gets focus back.
    await visitor.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(visitor).toHaveTitle('知行 AI 测试站');
    await visitorCtx.close();

    // bad input: the server's message, nothing saved
    await name.fill('');
    await page.getByRole('button', { name: '保存站点配置' }).click();
    await expect(page.getByText('请填写站点名称')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('站点名称')).toHaveValue('知行 AI 测试站');
    await page.getByLabel('站点名称').fill('知行 AI');
    await page.getByRole('button', { name: '保存站点配置' }).click();
    await expect(page.getByText('已保存')).toBeVisible();
  });

  test('orders: filter, detail with the stored notifications, manual fulfil once', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const u = await registerUser(page);
    const pkgs = await (await page.request.get('/api/package/index')).json();
    const created = await page.request.post('/api/order/pay-qrcode', { data: { package_id: pkgs.data.list[0].id }, headers: { authorization: `Bearer ${u.token}` } });
    const orderNo = (await created.json()).data.order_sn as string;
    await asAdmin(page);
    await page.goto('/admin/orders');
    await page.getByLabel('用户 ID 或订单号').fill(String(u.id));
    await page.getByRole('button', { name: '筛选' }).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText('待支付');
    await expectAccessible(page);
    await shot(page, info, 'admin-orders');
    await page.getByRole('link', { name: orderNo }).click();
    await page.getByRole('button', { name: '手动入账' }).click();
    await page.getByRole('dialog').getByLabel('原因').fill('用户已转账');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByText('已支付').first()).toBeVisible();
    await expect(page.getByText('paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '手动入账' })).toHaveCount(0);
    await page.getByText('原始内容').click();
    await expect(page.getByText('"manual":true')).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'admin-order-detail');
    const info2 = await (await page.request.get('/api/user/info', { headers: { authorization: `Bearer ${u.token}` } })).json();
    expect(info2.data.is_vip).toBeTruthy();
  });

  test('models: switch one off and on, edit its cost', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    await asAdmin(page);
    await page.goto('/admin/models');
    const row = page.getByRole('row').filter({ hasText: 'ai_35' });
    await expect(row).toHaveCount(1);
    const features = async () => ((await (await page.request.get('/api/website/info')).json()).data.features as { code: string; cost: number }[]);
    await row.getByRole('switch').click();
    await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect((await features()).map((f) => f.code)).not.toContain('ai_35');
    await row.getByRole('switch').click();
    await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await expectAccessible(page);
    await shot(page, info, 'admin-models');
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('每次扣费').fill('2');
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, info, 'admin-model-edit');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    // code, label, pool, capabilities, cost
    await expect(row.getByRole('cell').nth(4)).toHaveText('2');
    expect((await features()).find((f) => f.code === 'ai_35')?.cost).toBe(2);
    await row.getByRole('button', { name: '编辑' }).click();
    await dialog.getByLabel('每次扣费').fill('1');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
  });

  test('users at mobile width: the list is cards, the menu a tab row', async ({ page }, info) => {
    test.skip(!isMobile(info), 'mobile only');
    const u = await registerUser(page);
    await asAdmin(page);
    await page.goto(`/admin/users?q=${u.userName}`);
    const card = page.getByRole('listitem').filter({ hasText: u.userName });
    await expect(card).toBeVisible();
    await expect(page.getByRole('navigation', { name: '管理菜单' }).getByRole('link', { name: '用户管理' })).toBeVisible();
    await expectAccessible(page, 'main', 'header');
    await shot(page, info, 'admin-users-mobile');
    await card.getByRole('link').click();
    await expect(page.getByRole('button', { name: '调整额度' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'admin-user-detail-mobile');
  });
});
