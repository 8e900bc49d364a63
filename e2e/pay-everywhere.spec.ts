import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, loginViaApi, shot, test } from './fixtures.ts';

/** Pays on the sandbox checkout page that a QR or a redirect leads to. */
async function payOnSandbox(checkout: Page) {
  await expect(checkout.getByText('沙箱支付 · 演示模式').first()).toBeVisible();
  await checkout.getByRole('button', { name: '支付', exact: true }).click();
  await expect(checkout.getByText('支付成功').first()).toBeVisible();
}

/** A thesis package is paid through the same flow as membership and slides: channel choice, the gateway's view, countdown. */
test('a thesis package: choose the channel, pay on the sandbox, the order is ready to write with', async ({ page, context }, info) => {
  await loginViaApi(page);
  await page.goto('/article');
  await expect(page.getByText('论文写作 · 1 万字')).toBeVisible();
  await page.getByRole('button', { name: '购买' }).first().click();
  const dialog = page.getByRole('dialog', { name: /^支付 / });
  await expect(dialog.getByRole('radiogroup', { name: '支付方式' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '微信支付' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByText('请使用微信扫码支付')).toBeVisible();
  await expect(dialog.getByTestId('pay-qr')).toHaveAttribute('data-state', 'ready');
  const wxOrder = await dialog.getByText(/^订单号 /).textContent();
  await dialog.getByRole('radio', { name: '支付宝' }).click();
  await expect(dialog.getByText('请使用支付宝扫码支付')).toBeVisible();
  await expect(dialog.getByText(/^订单号 /)).not.toHaveText(wxOrder!);
  await expect(dialog.getByTestId('pay-countdown')).toHaveText(/^0[45]:\d\d$/);
  await expectAccessible(page, '[role="dialog"]');
  await shot(page, info, 'thesis-pay-alipay');
  const [checkout] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: '打开沙箱支付页' }).click()]);
  await payOnSandbox(checkout);
  await checkout.close();
  await expect(dialog.getByRole('status').filter({ hasText: '支付成功' })).toBeVisible();
  await shot(page, info, 'thesis-pay-paid');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('thesis-orders').getByText('可使用')).toBeVisible();
});
