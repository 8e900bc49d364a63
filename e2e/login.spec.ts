import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, freshName, freshPhone, isMobile, lastSmsCode, shot, test } from './fixtures.ts';

/** Opens the login dialog the way a user would on this device. */
async function openLogin(page: Page, info: TestInfo) {
  if (isMobile(info)) {
    await page.goto('/user-center');
    await page.getByRole('main').getByRole('button', { name: /登录/ }).first().click();
  } else {
    await page.goto('/talk');
    await page.getByRole('button', { name: '登录账号' }).click();
  }
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectLoggedIn(page: Page, info: TestInfo, nickname: string) {
  await expect(page.getByRole('dialog')).toBeHidden();
  if (isMobile(info)) {
    await page.goto('/user-center');
    await expect(page.getByRole('main').getByText(nickname).first()).toBeVisible();
  } else {
    await expect(page.getByText(nickname).first()).toBeVisible();
  }
}

async function logout(page: Page, info: TestInfo) {
  if (isMobile(info)) {
    await page.goto('/user-center');
    await page.getByRole('main').getByRole('button', { name: '退出登录' }).click();
  } else {
    await page.getByRole('button', { name: '退出登录' }).click();
  }
  await expect(page.getByText('退出登录成功')).toBeVisible();
  await expect(page).toHaveURL(/\/talk$/);
  const token = await page.evaluate(() => localStorage.getItem('SECRET_TOKEN'));
  expect(token).toBeNull();
}

test.describe('login', () => {
  test('by phone and SMS code, then log out', async ({ page }, info) => {
    const dialog = await openLogin(page, info);
    await dialog.getByRole('tab', { name: '手机登录' }).click();
    const mobile = freshPhone();
    await dialog.getByRole('button', { name: '登录 / 注册' }).click();
    await expect(dialog.getByText('请输入手机号').first()).toBeVisible();
    await dialog.getByPlaceholder('请输入手机号').fill(mobile);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
    const code = await lastSmsCode(page, mobile);
    await dialog.getByPlaceholder('请输入验证码').fill(code);
    await shot(page, info, 'login-phone');
    await dialog.getByRole('button', { name: '登录 / 注册' }).click();
    await expect(page.getByText(/新用户礼包已到账/)).toBeVisible();
    await expectLoggedIn(page, info, `用户${mobile.slice(-4)}`);
    await shot(page, info, 'logged-in-phone');
    await logout(page, info);
  });

  test('by account: register, log out, log in again, wrong password refused', async ({ page }, info) => {
    const userName = freshName('e2e');
    let dialog = await openLogin(page, info);
    await dialog.getByRole('tab', { name: '账号登录' }).click();
    await dialog.getByRole('button', { name: '立即注册' }).click();
    await dialog.getByPlaceholder(/4-32 位/).fill(userName);
    await dialog.getByPlaceholder('设置 6-64 位密码').fill('secret123');
    await dialog.getByPlaceholder('请再次输入密码').fill('secret123');
    await shot(page, info, 'login-register');
    await dialog.getByRole('button', { name: '注册并登录' }).click();
    await expectLoggedIn(page, info, userName);
    await logout(page, info);

    dialog = await openLogin(page, info);
    await dialog.getByRole('tab', { name: '账号登录' }).click();
    await dialog.getByPlaceholder('请输入账号或手机号').fill(userName);
    await dialog.getByPlaceholder('请输入密码').fill('wrong-password');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('账号或密码错误')).toBeVisible();
    await dialog.getByPlaceholder('请输入密码').fill('secret123');
    await shot(page, info, 'login-account');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    // SPEC §8 success texts: the account login says so as the ?token= login does.
    await expect(page.getByText('账户登录成功、开始体验吧！')).toBeVisible();
    await shot(page, info, 'login-account-welcome');
    await expectLoggedIn(page, info, userName);
  });

  test('by WeChat QR scan on the dev simulator', async ({ page, context }, info) => {
    const dialog = await openLogin(page, info);
    await expect(dialog.getByTestId('wechat-qr')).toBeVisible();
    await expect(dialog.getByTestId('gift-notice')).toBeVisible();
    await shot(page, info, 'login-wechat');
    const [phone] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: '在模拟器中打开' }).click()]);
    await phone.waitForLoadState();
    const openid = `dev_${Date.now().toString(36)}`;
    await phone.locator('#openid').fill(openid);
    await phone.getByRole('button', { name: '确认登录' }).click();
    await expect(phone.getByText('扫码成功，请回到网页')).toBeVisible();
    await shot(phone, info, 'wechat-simulator');
    await phone.close();
    await expectLoggedIn(page, info, `微信用户${openid.slice(-4)}`);
  });

  test('a token in the query logs in and is removed from the URL', async ({ page }, info) => {
    const reg = await page.request.post('/api/login/register', { data: { userName: freshName('tok'), password: 'secret123' } });
    const token = (await reg.json()).data.token;
    await page.goto(`/talk?token=${token}`);
    await expect(page.getByText('账户登录成功、开始体验吧！')).toBeVisible();
    await expect(page).toHaveURL(/\/talk$/);
    if (!isMobile(info)) await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  });

  test('a revoked token sends the user back to login', async ({ page }, info) => {
    const reg = await page.request.post('/api/login/register', { data: { userName: freshName('rev'), password: 'secret123' } });
    const token = (await reg.json()).data.token;
    await page.request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
    await page.addInitScript((t) => localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: t, expire: Date.now() + 3600_000 })), token);
    await page.goto('/talk');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('wechat-qr')).toBeVisible();
    await shot(page, info, 'token-invalid-login');
  });

  test('a bad stored token on a first visit: the login dialog alone, then the notice, each with focus in it', async ({ page }, info) => {
    await page.addInitScript(() => {
      sessionStorage.setItem('e2e-notice', '1');
      if (!sessionStorage.getItem('e2e-bad-token')) {
        localStorage.removeItem('noticeHidden');
        localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: 'not-a-token-of-this-site-0123456789', expire: Date.now() + 3600_000 }));
        sessionStorage.setItem('e2e-bad-token', '1');
      }
    });
    // The refusals of the token (403000) reach the page only once the notice is up, so the login comes
    // over it (the order of the report).
    const noticeUp = page.getByRole('dialog', { name: '欢迎使用知行 AI' }).waitFor();
    await page.route('**/*', async (route) => {
      if (!route.request().headers().authorization) return route.continue();
      const response = await route.fetch();
      if ((await response.text()).includes('"code":403000')) await noticeUp;
      await route.fulfill({ response });
    });
    await page.goto('/talk');
    await expect(page.getByRole('dialog').getByTestId('wechat-qr')).toBeVisible();

    /** Exactly one dialog, visible, exposed (nothing aria-hidden around it), holding the focus. */
    const expectOneDialog = async (name: RegExp) => {
      await expect(page.locator('[role="dialog"]')).toHaveCount(1);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveCount(1);
      await expect(dialog).toHaveAccessibleName(name);
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((d) => d.closest('[aria-hidden="true"]') === null)).toBe(true);
      await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await expectAccessible(page, 'body');
    };
    await expectOneDialog(/^欢迎使用 /);
    await shot(page, info, 'bad-token-login-over-notice');

    await page.keyboard.press('Escape');
    await expectOneDialog(/^欢迎使用知行 AI/);
    await shot(page, info, 'bad-token-notice-after-login');
    await page.getByRole('dialog').getByRole('button', { name: '我知道了' }).click();
    await expect(page.locator('[role="dialog"]')).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
