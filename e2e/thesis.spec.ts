import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

/** No serious or critical accessibility violation in the thesis screen (and an open dialog). */
async function axe(page: Page, dialog = false) {
  await expectAccessible(page, '[data-testid="thesis-page"]');
  if (dialog) await expectAccessible(page, '[role="dialog"]');
}

const noOverflow = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test.describe('thesis writing', () => {
  test('a guest sees the packages and can start paying for one', async ({ page }, info) => {
    await page.goto('/article');
    await expect(page.getByRole('heading', { name: '论文写作', level: 1 }).first()).toBeVisible();
    await expect(page.getByText('论文写作 · 1 万字')).toBeVisible();
    await noOverflow(page);
    await axe(page);
    await shot(page, info, 'thesis-guest');
    await page.getByRole('button', { name: '购买' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('请使用微信扫码支付')).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('pay-countdown')).toHaveText(/^0[45]:\d\d$/);
    await axe(page, true);
    await shot(page, info, 'thesis-pay');
  });

  test('a reference document picked in the brief (uploaded in /talk-file first) is named on the thesis', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/talk-file');
    await page.getByTestId('document-empty').getByRole('button').first().click();
    const upload = page.getByRole('dialog', { name: '上传文档' });
    const report = '# 社区更新访谈纪要\n\n居民普遍希望增加公共活动空间。\n\n老旧小区加装电梯的意愿最强。';
    await upload.getByTestId('document-file-input').setInputFiles({ name: '访谈纪要.md', mimeType: 'text/markdown', buffer: Buffer.from(report) });
    await expect(upload).toBeHidden({ timeout: 45_000 });
    const picker = page.getByLabel('参考文档');
    await expect(async () => {
      await page.goto('/article');
      await expect(picker).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await page.getByLabel('题目').fill('老旧小区更新中的居民参与');
    await page.getByLabel('学科').fill('社会学');
    await page.getByLabel(/^字数/).fill('3000');
    await picker.selectOption({ index: 1 });
    const title = ((await picker.locator('option').nth(1).textContent()) ?? '').replace(/（MD · .*）$/, '');
    await noOverflow(page);
    await axe(page);
    await shot(page, info, 'thesis-brief-document');
    await page.getByRole('button', { name: '生成大纲' }).click();
    await expect(page.getByRole('heading', { name: '大纲', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('thesis-reference')).toHaveText(`参考文档：《${title}》`);
    await noOverflow(page);
    await axe(page);
    await shot(page, info, 'thesis-outline-document');
  });

  test('brief → streamed outline → edit → sections written by a job (reload mid-way) → export', async ({ page }, info) => {
    test.setTimeout(120_000);
    await loginViaApi(page);
    await page.goto('/article');
    await page.getByLabel('题目').fill('城市更新中的社区参与研究');
    await page.getByLabel('学科').fill('社会学');
    await page.getByLabel(/^字数/).fill('3000');
    await page.getByLabel('类型').selectOption('课程论文');
    await noOverflow(page);
    await axe(page);
    await shot(page, info, 'thesis-brief');
    await page.getByRole('button', { name: '生成大纲' }).click();
    await expect(page.getByText('正在生成大纲…')).toBeVisible();
    await expect(page.getByRole('heading', { name: '大纲', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('离线演示').first()).toBeVisible();
    // Edit: rename the first section and change its length, then save.
    const firstTitle = page.getByLabel('小节标题').first();
    await firstTitle.fill('研究缘起');
    await page.getByLabel('字数', { exact: true }).first().fill('600');
    await page.getByRole('button', { name: '保存大纲' }).click();
    await expect(page.getByText('大纲已保存')).toBeVisible();
    await expect(page.getByLabel('小节标题').first()).toHaveValue('研究缘起');
    await noOverflow(page);
    await axe(page);
    await shot(page, info, 'thesis-outline');

    await page.getByRole('button', { name: '开始写作' }).click();
    await expect(page.getByRole('button', { name: '停止写作' })).toBeVisible();
    await expect(page.locator('[data-status="writing"]').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(800);
    await shot(page, info, 'thesis-writing');
    // Closing the page does not stop it: it reopens where it is and streams the section in progress.
    await page.reload();
    await expect(page.locator('[data-status="done"], [data-status="writing"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('已完成').first()).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('button', { name: '停止写作' })).toBeHidden({ timeout: 90_000 });
    await expect(page.getByRole('heading', { name: '摘要' })).toBeVisible();
    await expect(page.getByRole('button', { name: '重写本节' }).first()).toBeVisible();
    await noOverflow(page);
    await axe(page);
    await shot(page, info, 'thesis-done');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Word' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.docx$/);
    if (isMobile(info)) await expect(page.getByRole('button', { name: '返回列表' })).toBeVisible();
  });

  test('a 毕业论文 shows its English abstract and the references note, and downloads as PDF beside Word', async ({ page }, info) => {
    test.setTimeout(150_000);
    await loginViaApi(page);
    await page.goto('/article');
    await page.getByLabel('题目').fill('老旧小区改造中的居民参与机制研究');
    await page.getByLabel('学科').fill('公共管理');
    await page.getByLabel(/^字数/).fill('3000');
    await page.getByLabel('类型').selectOption('毕业论文');
    await page.getByRole('button', { name: '生成大纲' }).click();
    await expect(page.getByRole('heading', { name: '大纲', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('thesis-references-note')).toHaveText(/参考文献需由您查阅、核实后按学校格式补充/);
    await page.getByRole('button', { name: '开始写作' }).click();
    await expect(page.getByRole('button', { name: '停止写作' })).toBeVisible();
    await expect(page.getByRole('button', { name: '停止写作' })).toBeHidden({ timeout: 120_000 });
    await expect(page.getByText('已完成').filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '摘要' })).toBeVisible();
    const english = page.getByTestId('thesis-abstract-en');
    await expect(english.getByRole('heading', { name: 'Abstract' })).toBeVisible();
    await expect(english).toContainText('Key words:');
    await noOverflow(page);
    await axe(page);
    await english.scrollIntoViewIfNeeded();
    await shot(page, info, 'thesis-abstract-en');
    await page.getByTestId('thesis-references-note').scrollIntoViewIfNeeded();
    await shot(page, info, 'thesis-export-bar');
    const pdfButton = page.getByRole('button', { name: '导出 PDF' });
    if (await pdfButton.isVisible()) {
      const download = page.waitForEvent('download', { timeout: 90_000 });
      await pdfButton.click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
      await expect(page.getByRole('button', { name: '导出 PDF' })).toBeEnabled();
    }
  });
});
