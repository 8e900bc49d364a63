import type { Page, TestInfo } from '@playwright/test';
import { expect, freshName, isMobile, loginViaApi, shot, test } from './fixtures.ts';

async function openUpgrade(page: Page, info: TestInfo) {
  if (isMobile(info)) await page.getByRole('button', { name: '开通会员' }).first().click();
  else await page.getByRole('button', { name: /升级会员/ }).click();
}

/** Pays on the sandbox checkout page that a QR or a redirect leads to. */
async function payOnSandbox(checkout: Page) {
  await expect(checkout.getByText('沙箱支付 · 演示模式').first()).toBeVisible();
  await checkout.getByRole('button', { name: '支付', exact: true }).click();
}

async function balance(page: Page, token: string) {
  const res = await page.request.get('/balance/query', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).data;
}

test.describe('membership and payment', () => {
  test('a logged-in user buys from the membership dialog with the sandbox', async ({ page, context }, info) => {
    test.skip(isMobile(info), 'the desktop membership dialog');
    const { token } = await loginViaApi(page);
    await page.goto('/talk');
    await openUpgrade(page, info);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab')).toHaveCount(4);
    await dialog.getByRole('tab', { name: '标准季卡' }).click();
    await expect(dialog.getByTestId('pay-qr').or(dialog.getByRole('img', { name: '支付二维码' })).first()).toBeVisible();
    await expect(dialog.getByText('不支持7天无理由退货')).toBeVisible();
    await shot(page, info, 'membership-dialog');
    const [checkout] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: '打开沙箱支付页' }).or(dialog.getByRole('button', { name: '打开沙箱支付页' })).first().click()]);
    await payOnSandbox(checkout);
    await expect(checkout.getByText('支付成功').first()).toBeVisible();
    await shot(checkout, info, 'sandbox-paid');
    await checkout.close();
    await expect(page.getByText('购买成功、祝您使用愉快!').first()).toBeVisible();
    const b = await balance(page, token);
    expect(b.member.model3).toBe(2000);
    expect(b.member.expires_at).not.toBeNull();
  });

  test('a guest buys, logs in and the order is bound', async ({ page, context }, info) => {
    test.skip(isMobile(info), 'the desktop membership dialog');
    await page.goto('/talk');
    // A guest's order is tied to the device's client code, issued shortly after the first load.
    await page.waitForFunction(() => !!localStorage.getItem('client_code'));
    await openUpgrade(page, info);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '体验月卡' }).click();
    const [checkout] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: '打开沙箱支付页' }).or(dialog.getByRole('button', { name: '打开沙箱支付页' })).first().click()]);
    await payOnSandbox(checkout);
    // Closing the tab while its form post is still in flight can hang Chromium's close for a minute.
    await expect(checkout.getByText('支付成功').first()).toBeVisible();
    await checkout.close();
    // The guest success toast (购买成功、请登录账号绑定当前订单！) is short-lived; the login dialog with the order stays.
    await expect(page.getByTestId('order-notice')).toBeVisible();
    await expect(page.getByTestId('order-notice')).toContainText(/\d{10,}/);
    const login = page.getByRole('dialog').last();
    await shot(page, info, 'guest-bind-login');
    const userName = freshName('guest');
    await login.getByRole('tab', { name: '账号登录' }).click();
    await login.getByRole('button', { name: '立即注册' }).click();
    await login.getByPlaceholder(/4-32 位/).fill(userName);
    await login.getByPlaceholder('设置 6-64 位密码').fill('secret123');
    await login.getByPlaceholder('请再次输入密码').fill('secret123');
    await login.getByRole('button', { name: '注册并登录' }).click();
    await expect(page.getByText('订单已绑定到你的账号，会员权益已到账')).toBeVisible();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('SECRET_TOKEN')!).data as string);
    expect((await balance(page, token)).member.model3).toBe(500);
  });

  test('the QR expires after 120 s and asks to refresh (fake clock)', async ({ page }, info) => {
    test.skip(isMobile(info), 'the desktop membership dialog');
    await page.clock.install();
    await loginViaApi(page);
    await page.goto('/talk');
    await openUpgrade(page, info);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('qr-countdown')).toBeVisible();
    await page.clock.fastForward('02:01');
    await expect(page.getByText('当前支付二维码已经失效，是否重新刷新？')).toBeVisible();
    await expect(page.getByText('温馨提示')).toBeVisible();
    await shot(page, info, 'qr-expired-confirm');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByTestId('qr-countdown')).toContainText('120');
  });

  test('the mobile purchase: agreement, pay, sandbox, back with trade_status', async ({ page }, info) => {
    test.skip(!isMobile(info), 'the mobile purchase sheet');
    const { token } = await loginViaApi(page);
    await page.goto('/talk');
    await openUpgrade(page, info);
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('radio', { name: '体验月卡' }).click();
    const agree = sheet.getByRole('checkbox');
    await expect(agree).toBeChecked();
    const payButton = sheet.getByRole('button', { name: /微信支付|支付宝/ }).first();
    await expect(payButton).toBeVisible();
    await shot(page, info, 'mobile-purchase');
    await agree.click();
    await expect(sheet.getByText('请先勾选同意购买协议')).toBeVisible();
    await agree.click();
    await payButton.click();
    await page.waitForURL(/sandbox/);
    await payOnSandbox(page);
    await page.waitForURL(/\/talk/);
    await expect(page.getByText('感谢您的购买，祝您使用愉快！')).toBeVisible();
    expect((await balance(page, token)).member.model3).toBe(500);
  });

  test('/pay shows plans, membership and orders', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/pay');
    await expect(page.getByRole('heading', { name: '会员中心', level: 1 }).first()).toBeVisible();
    await expect(page.getByText('专业年卡').first()).toBeVisible();
    await expect(page.getByText('还没有订单，开通会员后会显示在这里')).toBeVisible();
    await shot(page, info, 'pay-centre');
  });
});
