import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { chatInput } from './chat-helpers.ts';
import { expect, isMobile, shot, test } from './fixtures.ts';

/** The language select lives in the sidebar's account panel: a drawer on phones. */
async function chooseLanguage(page: Page, info: TestInfo, current: RegExp, language: string) {
  if (isMobile(info)) await page.getByRole('button', { name: current }).first().click();
  await page.getByRole('combobox', { name: /语言|Language|語言/ }).selectOption({ label: language });
}

test('English and 繁體中文 are downloaded when chosen, also for a screen opened afterwards', async ({ page }, info) => {
  const localeFiles: string[] = [];
  page.on('request', (req) => {
    const name = new URL(req.url()).pathname.match(/locale-(en-US|zh-TW)-/)?.[1];
    if (name) localeFiles.push(name);
  });
  await page.goto('/talk');
  await expect(chatInput(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // SPEC §4.9: every visit starts in zh-CN, and only zh-CN's strings come with the first load.
  expect(localeFiles).toEqual([]);

  await chooseLanguage(page, info, /打开菜单/, 'English');
  if (isMobile(info)) await page.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  expect(localeFiles).toEqual(['en-US']);
  await shot(page, info, 'language-english');

  // A screen whose code (and strings) load on demand, opened after the switch, reads English too.
  if (isMobile(info)) await page.getByRole('button', { name: 'Open menu' }).first().click();
  await page.locator('a[href="/draw"]:visible').first().click();
  await expect(page.getByRole('heading', { name: 'Basic drawing' })).toBeVisible();

  await chooseLanguage(page, info, /Open menu/, '繁體中文');
  if (isMobile(info)) await page.getByRole('button', { name: '關閉' }).first().click();
  await expect(page.getByRole('heading', { name: '基礎繪畫' })).toBeVisible();
  expect(localeFiles).toEqual(['en-US', 'zh-TW']);
  await shot(page, info, 'language-traditional');
});

test('a chosen language survives a reload and a later visit; without a choice the site opens in zh-CN', async ({ page }, info) => {
  await page.goto('/talk');
  await expect(chatInput(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await chooseLanguage(page, info, /打开菜单/, 'English');
  if (isMobile(info)) await page.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // SPEC §3 keeps appSetting.language; §4.9's zh-CN applies only when none was chosen.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expectAccessible(page);
  await shot(page, info, 'language-after-reload');

  await page.goto('/draw');
  await expect(page.getByRole('heading', { name: 'Basic drawing' })).toBeVisible();

  // No choice stored: zh-CN.
  await page.evaluate(() => localStorage.removeItem('appSetting'));
  await page.goto('/talk');
  await expect(chatInput(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});
