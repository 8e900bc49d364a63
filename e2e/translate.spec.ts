import { expectAccessible } from './axe.ts';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

test('translate: the source language detected, a streamed result, copy, swap, history', async ({ page, context }, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginViaApi(page);
  await page.goto('/translate');
  await expect(page.getByRole('heading', { level: 1, name: 'AI 翻译' })).toBeVisible();
  await shot(page, info, 'translate-empty');
  await expectAccessible(page);

  await page.getByRole('textbox', { name: '原文' }).fill('今天天气很好，我们去公园散步吧。');
  await expect(page.getByTestId('tr-detected')).toHaveText('检测到：中文（简体）');
  await page.getByLabel('目标语言').selectOption('ja');
  await page.getByRole('button', { name: '翻译', exact: true }).click();
  await expect(page.getByRole('button', { name: '停止' })).toBeVisible();
  await expect(page.getByTestId('tr-result')).toContainText('离线演示');
  await expect(page.getByRole('button', { name: '翻译', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('tr-result')).toContainText('中文（简体） → 日本語');
  await shot(page, info, 'translate-done');
  await expectAccessible(page);

  await page.getByRole('button', { name: '复制译文' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('离线演示');

  // History: the translation is listed with its languages.
  if (isMobile(info)) await page.getByRole('button', { name: '翻译记录' }).click();
  await expect(page.getByRole('button', { name: /今天天气很好.*中文（简体） → 日本語/ })).toBeVisible();
  if (isMobile(info)) await page.keyboard.press('Escape');

  // Swap: the detected language becomes the target.
  await page.getByRole('button', { name: '互换语言' }).click();
  await expect(page.getByLabel('目标语言')).toHaveValue('zh-CN');
  await expect(page.getByLabel('源语言')).toHaveValue('ja');
});

test('the chat input opens the translation with what was typed; a bad target is refused', async ({ page }, info) => {
  await loginViaApi(page);
  await page.goto('/talk');
  const box = page.getByRole('textbox').first();
  await box.fill('Good morning, how are you?');
  await page.getByRole('button', { name: '翻译输入的内容' }).click();
  await expect(page).toHaveURL(/\/translate$/);
  await expect(page.getByRole('textbox', { name: '原文' })).toHaveValue('Good morning, how are you?');
  await expect(page.getByTestId('tr-detected')).toHaveText('检测到：English');
  await page.getByLabel('目标语言').selectOption('en');
  await page.getByRole('button', { name: '翻译', exact: true }).click();
  await expect(page.getByText('源语言与目标语言相同')).toBeVisible();
  await shot(page, info, 'translate-from-chat');
  // The API refuses an unknown language code with a Chinese message.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('SECRET_TOKEN')!).data as string);
  const r = await page.request.post('/api/translate/create', { data: { text: 'hi', to: 'xx' }, headers: { authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(400);
  expect((await r.json()).message).toBe('暂不支持该目标语言');
});
