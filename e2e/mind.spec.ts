import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

const nodes = (page: Page) => page.getByTestId('mind-svg').locator('g.markmap-node');
const pngSize = (buf: Buffer) => ({ width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) });

async function openHistory(page: Page, mobile: boolean) {
  if (mobile) await page.getByRole('button', { name: '我的导图' }).click();
}

test('a topic becomes a mind map drawn while it streams; controls, edit, exports, history', async ({ page }, info) => {
  const mobile = isMobile(info);
  await loginViaApi(page);
  await page.goto('/mind');
  await expect(page.getByRole('heading', { name: '把想法画成导图' })).toBeVisible();
  await shot(page, info, 'mind-empty');
  await expectAccessible(page);

  await page.getByLabel('输入主题或粘贴文字').fill('时间管理');
  await page.getByRole('button', { name: '生成导图' }).click();
  // Drawn while streaming: nodes appear before the outline is finished.
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeVisible();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(3);
  const midway = await nodes(page).count();
  await shot(page, info, 'mind-streaming');
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeHidden({ timeout: 30_000 });
  const total = await nodes(page).count();
  expect(total).toBeGreaterThan(midway);
  expect(total).toBeGreaterThanOrEqual(30);
  await expect(page.getByTestId('mind-svg').getByText('离线演示', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '时间管理' })).toBeVisible();
  await page.waitForTimeout(400);
  await shot(page, info, 'mind-done');
  await expectAccessible(page);

  // Controls: collapse all leaves the root and its branches; expand all brings every node back.
  await page.getByRole('button', { name: '全部折叠' }).click();
  await expect.poll(() => nodes(page).count()).toBeLessThan(12);
  await page.getByRole('button', { name: '全部展开' }).click();
  await expect.poll(() => nodes(page).count()).toBe(total);
  const before = await page.getByTestId('mind-svg').locator('g').first().getAttribute('transform');
  await page.getByRole('button', { name: '放大' }).click();
  await expect.poll(() => page.getByTestId('mind-svg').locator('g').first().getAttribute('transform')).not.toBe(before);
  await page.getByRole('button', { name: '适应画布' }).click();

  // The markdown view holds the outline.
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  const md = await page.getByRole('textbox', { name: 'Markdown' }).inputValue();
  expect(md.startsWith('# 时间管理')).toBe(true);
  const texts = md
    .split('\n')
    .map((l) => /^\s*(?:#{1,6}|-)\s+(.*)$/.exec(l)?.[1] ?? '')
    .filter(Boolean);
  await page.getByRole('button', { name: '导图', exact: true }).click();
  // Let the last transitions (expand, fit) end before measuring the exports.
  await page.waitForTimeout(800);

  // SVG export: parses, has the map's size, contains every node.
  const svgDl = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 SVG' }).click();
  const svgFile = await svgDl;
  expect(svgFile.suggestedFilename()).toBe('时间管理.svg');
  const svg = readFileSync((await svgFile.path()), 'utf8');
  const parsed = await page.evaluate((s) => {
    const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
    const root = doc.documentElement;
    return { error: doc.querySelector('parsererror') !== null, tag: root.tagName, width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')), text: root.textContent ?? '' };
  }, svg);
  expect(parsed.error).toBe(false);
  expect(parsed.tag).toBe('svg');
  for (const t of texts) expect(parsed.text).toContain(t);

  // PNG export: the map's size (at 2x).
  const pngDl = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 PNG' }).click();
  const png = readFileSync((await (await pngDl).path()));
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(pngSize(png)).toEqual({ width: parsed.width * 2, height: parsed.height * 2 });

  const mdDl = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Markdown' }).click();
  expect(readFileSync((await (await mdDl).path()), 'utf8')).toBe(md);

  // Edit the markdown and redraw: the new branch is drawn and saved.
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await page.getByRole('textbox', { name: 'Markdown' }).fill(`${md}\n## 我的补充\n### 每周复盘\n- 周日晚上`);
  await page.getByRole('button', { name: '保存并重绘' }).click();
  await expect(page.getByTestId('mind-svg').getByText('我的补充', { exact: true })).toBeVisible();

  // Reopened from the history exactly as saved.
  await page.reload();
  await openHistory(page, mobile);
  await page.getByRole('listitem').getByRole('button', { name: /^时间管理/ }).click();
  await expect(page.getByTestId('mind-svg').getByText('每周复盘', { exact: true })).toBeVisible();
  await expect.poll(() => nodes(page).count()).toBe(total + 3);
  await page.waitForTimeout(400);
  await shot(page, info, 'mind-reopened');
});

test('stop keeps what was drawn', async ({ page }, info) => {
  const mobile = isMobile(info);
  await loginViaApi(page);
  await page.goto('/mind');
  await page.getByRole('button', { name: 'Python 学习路线' }).click();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(4);
  await page.getByRole('button', { name: '停止生成' }).click();
  await expect(page.getByText('已停止，保留已绘制的部分')).toBeVisible();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(4);
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  const drawn = await page.getByRole('textbox', { name: 'Markdown' }).inputValue();
  await page.reload();
  await openHistory(page, mobile);
  await expect(page.getByRole('button', { name: /Python 学习路线.*已停止/ })).toBeVisible();
  await page.getByRole('button', { name: /Python 学习路线.*已停止/ }).click();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(4);
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue(drawn);
  await page.getByRole('button', { name: '导图', exact: true }).click();
  await page.waitForTimeout(600);
  await shot(page, info, 'mind-stopped');
});

test('a reload while the map draws re-attaches to it and finishes it', async ({ page }, info) => {
  await loginViaApi(page);
  await page.goto('/mind');
  await page.getByRole('button', { name: '新产品发布计划' }).click();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(3);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeHidden({ timeout: 30_000 });
  await expect.poll(() => nodes(page).count()).toBeGreaterThanOrEqual(30);
  await expect(page.getByRole('heading', { level: 1, name: '新产品发布计划' })).toBeVisible();
  await shot(page, info, 'mind-resumed');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(300);
  await shot(page, info, 'mind-dark');
  await expectAccessible(page);
});

const REPORT = [
  '# 城市绿道建设调研报告',
  '## 建设现状',
  '本市已建成绿道一百二十公里。',
  '绿道串联起十四个公园。',
  '## 存在问题',
  '部分路段夜间照明不足。',
  '驿站数量偏少。',
  '## 改进建议',
  '每三公里设置一处驿站。',
].join('\n\n');

test('a map drawn from a document picked in the form (uploaded in /talk-file first)', async ({ page }, info) => {
  await loginViaApi(page);
  await page.goto('/mind');
  // No document yet: the picker is a link to upload one.
  const empty = page.getByTestId('document-picker-empty');
  await expect(empty).toBeVisible();
  await expect(empty.getByRole('link', { name: '上传文档' })).toHaveAttribute('href', '/talk-file');
  await shot(page, info, 'mind-document-none');

  await empty.getByRole('link', { name: '上传文档' }).click();
  await expect(page).toHaveURL(/\/talk-file/);
  await page.getByTestId('document-empty').getByRole('button').first().click();
  const upload = page.getByRole('dialog', { name: '上传文档' });
  await upload.getByTestId('document-file-input').setInputFiles({ name: '绿道调研.md', mimeType: 'text/markdown', buffer: Buffer.from(REPORT) });
  await expect(upload).toBeHidden({ timeout: 45_000 });

  // Back on /mind the parsed document is listed (the parse may take a moment).
  const picker = page.getByLabel('从文档生成');
  await expect(async () => {
    await page.goto('/mind');
    await expect(picker).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  const option = picker.locator('option').nth(1);
  await expect(option).toHaveText(/^.+（MD · 1 KB）$/);
  const title = ((await option.textContent()) ?? '').replace(/（MD · 1 KB）$/, '');
  await picker.selectOption({ index: 1 });
  const placeholder = isMobile(info) ? '补充侧重点（可选）' : '将为所选文档绘制导图，可补充侧重点（可选）';
  await expect(page.getByRole('textbox', { name: '输入主题或粘贴文字' })).toHaveAttribute('placeholder', placeholder);
  await shot(page, info, 'mind-document-picked');
  await expectAccessible(page, 'form');

  // Nothing typed: the map is of the document.
  await page.getByRole('button', { name: '生成导图' }).click();
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('mind-svg').getByText(title, { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  const md = await page.getByRole('textbox', { name: 'Markdown' }).inputValue();
  expect(md.startsWith(`# ${title}`)).toBe(true);
  expect(md).toContain('绿道串联起十四个公园');
  expect(md).toContain('驿站数量偏少');
  // The document's own headings are not taken for its sentences.
  expect(md).not.toMatch(/^\s*- .*建设现状$/m);
  await page.getByRole('button', { name: '导图', exact: true }).click();
  // The picker is cleared for the next map.
  await expect(picker).toHaveValue('');
  await page.waitForTimeout(500);
  await shot(page, info, 'mind-document-done');
  await expectAccessible(page);
});
