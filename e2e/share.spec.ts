import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

const input = (page: Page) => page.getByRole('textbox', { name: '输入消息' });

async function ask(page: Page, info: TestInfo, text: string) {
  await input(page).fill(text);
  if (isMobile(info)) await page.getByRole('button', { name: '发送' }).click();
  else await input(page).press('Enter');
  await expect(page.getByRole('button', { name: '停止生成' })).toBeVisible();
  await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });
}

test.describe('share links', () => {
  test('share a conversation up to a message, open it without login, see it counted, revoke it', async ({ page, browser }, info) => {
    test.setTimeout(180_000);
    await loginViaApi(page);
    await page.goto('/talk');
    await ask(page, info, '勾股定理是什么？请给出公式');
    await ask(page, info, '这一句是分享之后不该出现的追问');

    await page.getByRole('button', { name: '分享对话' }).click();
    const dialog = page.getByRole('dialog', { name: '分享对话' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('分享标题').fill('勾股定理 <b>小课</b>');
    // Up to the first answer: the second question stays private.
    const scope = dialog.getByLabel('分享范围');
    const firstAnswer = (await scope.locator('option').allTextContents()).find((o) => o.startsWith('到第 2 条为止'))!;
    await scope.selectOption({ label: firstAnswer });
    await shot(page, info, 'share-dialog');
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: '生成链接' }).click();
    const link = dialog.getByTestId('share-url');
    await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/);
    const url = await link.inputValue();
    await expect(dialog.getByRole('button', { name: '复制链接' })).toBeVisible();
    await shot(page, info, 'share-dialog-link');
    await page.keyboard.press('Escape');

    // The page as a link preview reads it: title and description in the served HTML, escaped.
    const html = await (await page.request.get(url, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<title>勾股定理 &lt;b&gt;小课&lt;/b&gt; - 知行 AI</title>');
    expect(html).toContain('<meta property="og:description" content="勾股定理是什么？请给出公式" />');

    // A fresh browser, never logged in.
    const guest = await browser.newContext({ viewport: page.viewportSize()!, locale: 'zh-CN' });
    const visitor = await guest.newPage();
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { level: 1, name: '勾股定理 <b>小课</b>' })).toBeVisible();
    await expect(visitor.getByText('勾股定理是什么？请给出公式', { exact: true })).toBeVisible();
    await expect(visitor.getByText('离线演示').first()).toBeVisible();
    await expect(visitor.locator('.katex').first()).toBeVisible();
    await expect(visitor.getByText('这一句是分享之后不该出现的追问')).toHaveCount(0);
    await expect(visitor.getByRole('textbox')).toHaveCount(0);
    const open = visitor.getByRole('link', { name: '在 知行 AI 中打开' });
    await expect(open).toBeVisible();
    await expect(visitor).toHaveTitle('勾股定理 <b>小课</b> - 知行 AI');
    await shot(visitor, info, 'share-page');
    await expectAccessible(visitor);
    await open.click();
    await expect(visitor).toHaveURL(/\/talk$/);

    // 我的分享 in the user centre: one view, then revoked.
    await page.goto('/user-center');
    const row = page.getByTestId('my-share').filter({ hasText: '勾股定理 <b>小课</b>' });
    await expect(row).toContainText('1 次浏览');
    await expect(row).toContainText('2 条消息');
    await row.scrollIntoViewIfNeeded();
    await shot(page, info, 'share-mine');
    await expectAccessible(page, '[data-testid="my-shares"]');
    await row.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('dialog', { name: '撤销这个分享？' }).getByRole('button', { name: '撤销' }).click();
    await expect(row).toContainText('已撤销');

    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { name: '分享不存在或已失效' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: '去 知行 AI 看看' })).toBeVisible();
    await shot(visitor, info, 'share-gone');
    await expectAccessible(visitor);
    await guest.close();
  });

  test('an unknown token shows the 404 page', async ({ page }, info) => {
    const res = await page.goto('/s/AAAAAAAAAAAAAAAAAAAAAA');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '分享不存在或已失效' })).toBeVisible();
    await shot(page, info, 'share-unknown');
  });
});
