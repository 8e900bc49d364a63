import { expectAccessible } from './axe.ts';
import { asAdmin, expect, isMobile, loginViaApi, quietPage, shot, test } from './fixtures.ts';

test.describe('admin console: feedback and card keys', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the operator answers a user’s feedback from the console', async ({ page, browser }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const user = await quietPage(browser);
    const { token } = await loginViaApi(user);
    const made = await user.request.post('/api/ucenter/feedback/create', { headers: { authorization: `Bearer ${token}` }, multipart: { content: '控制台测试：导出按钮找不到' } });
    expect((await made.json()).code).toBe(200);
    await user.close();

    await asAdmin(page);
    await page.goto('/admin/feedback');
    await expect(page.getByRole('heading', { name: '意见反馈' })).toBeVisible();
    await page.getByRole('button', { name: /控制台测试：导出按钮找不到/ }).first().click();
    await page.getByRole('textbox', { name: '回复用户' }).fill('导出按钮在右上角的菜单里。');
    await page.getByRole('button', { name: '发送回复' }).click();
    await expect(page.getByText('导出按钮在右上角的菜单里。')).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'admin-feedback');
  });

  test('card keys: a batch is made, listed, exported and voided', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    await asAdmin(page);
    await page.goto('/admin/card-keys');
    await page.getByRole('textbox', { name: '批次名称' }).fill('控制台批次');
    await page.getByRole('spinbutton', { name: '数量' }).fill('3');
    await page.getByRole('spinbutton', { name: '基础模型次数' }).fill('15');
    await page.getByRole('button', { name: '生成' }).click();
    await expect(page.getByText('已生成 3 个卡密')).toBeVisible();
    const codes = (await page.getByRole('textbox', { name: /本次生成的 3 个卡密/ }).inputValue()).split('\n');
    expect(codes).toHaveLength(3);
    const row = page.getByRole('row', { name: /控制台批次/ });
    await expect(row).toContainText('0 / 3');
    await expectAccessible(page);
    await shot(page, info, 'admin-card-keys');
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '导出 CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^card-keys-\d+\.csv$/);
    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: '作废' }).click();
    await expect(row).toContainText('已作废');
  });
});
