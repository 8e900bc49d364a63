import type { Locator, Page, TestInfo } from '@playwright/test';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, freshName, isMobile, loginViaApi, shot, test } from './fixtures.ts';

const PDF_MIME = 'application/pdf';
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A three-page report with text on every page (the standard fonts carry Latin text only). */
async function makePdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = [
    [title, 'Summary', 'Revenue grew 12 percent year over year, driven by the new subscription plans.', 'Operating costs stayed flat while the customer base doubled.'],
    ['Chapter 2 Markets', 'The east region contributed 45 percent of the new customers.', 'Churn fell from 8 percent to 5 percent after the support team grew.'],
    ['Chapter 3 Outlook', 'Next year the company plans to open two new offices and hire 40 engineers.', 'The main risk is the rising cost of cloud computing.'],
  ];
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 56, y: 770 - i * 28, size: i === 0 ? 20 : 12, font }));
  }
  return Buffer.from(await pdf.save());
}

/** A Word document with headings (its sections are what answers cite). */
async function makeDocx(title: string): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
          new Paragraph({ text: '第一章 安装', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('下载安装包后双击运行，按照向导完成安装，整个过程大约需要三分钟。'),
          new Paragraph('安装完成后首次启动需要登录账号，并同意用户协议。'),
          new Paragraph({ text: '第二章 常见问题', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('如果无法启动，请检查系统版本是否为 Windows 10 或更高版本，并重新安装显卡驱动。'),
          new Paragraph('忘记密码时可以在登录页点击“忘记密码”，通过手机验证码重置。'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** Drops a file on `target` the way a browser does: dragenter, dragover, drop with a DataTransfer built in the page. */
async function dropFile(page: Page, target: Locator, name: string, mime: string, bytes: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name, mime }) => {
      const bin = atob(b64);
      const arr = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) arr[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([arr], name, { type: mime }));
      return dt;
    },
    { b64: bytes.toString('base64'), name, mime },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Slows the slices and the parse-status answers a little, so the dialog's texts can be watched. */
async function slowUpload(page: Page) {
  await page.route('**/api/cos/upload/**', async (route) => {
    await delay(1200);
    await route.continue();
  });
  await page.route('**/api/document/query**', async (route) => {
    await delay(900);
    await route.continue();
  });
}

const input = (page: Page) => page.getByRole('textbox', { name: '输入问题' });
const dialog = (page: Page) => page.getByRole('dialog', { name: '上传文档' });

async function openUploadDialog(page: Page, info: TestInfo) {
  const empty = page.getByTestId('document-empty');
  if (await empty.isVisible()) await empty.getByRole('button').first().click();
  else if (isMobile(info)) {
    await page.getByRole('button', { name: '我的文档' }).click();
    await page.getByRole('dialog', { name: '我的文档' }).getByRole('button', { name: '上传文档' }).click();
  } else await page.getByRole('complementary').getByRole('button', { name: '上传文档' }).click();
  await expect(dialog(page)).toBeVisible();
}

/** Uploads through the file input and waits until the document is open. */
async function uploadWithPicker(page: Page, info: TestInfo, name: string, mime: string, bytes: Buffer) {
  await openUploadDialog(page, info);
  await dialog(page).getByTestId('document-file-input').setInputFiles({ name, mimeType: mime, buffer: bytes });
  await expect(dialog(page)).toBeHidden({ timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText('文档分析');
}

async function send(page: Page, info: TestInfo) {
  if (isMobile(info)) await page.getByRole('button', { name: '发送' }).click();
  else await input(page).press('Enter');
}

/** Waits for a reply that was just asked for: it starts streaming, then ends. */
async function waitReplyDone(page: Page) {
  await expect(page.getByRole('button', { name: '停止生成' })).toBeVisible();
  await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 45_000 });
}

test.describe('document chat', () => {
  test('empty state, then a PDF dropped and a DOCX picked: uploading, parsing, opened', async ({ page }, info) => {
    test.setTimeout(120_000);
    await loginViaApi(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/talk-file');
    const empty = page.getByTestId('document-empty');
    await expect(empty.getByText('上传文档，开始智能分析')).toBeVisible();
    await expect(empty.getByText('单个文件不超过 50MB')).toBeVisible();
    await expect(empty.getByText('pdf', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, info, 'document-empty');

    // Sending with no document says what to do first.
    await send(page, info);
    await expect(page.getByText('请先上传或选择文档')).toBeVisible();

    // A format outside accept_types is refused.
    await openUploadDialog(page, info);
    await shot(page, info, 'document-upload-dialog');
    await dialog(page).getByTestId('document-file-input').setInputFiles({ name: 'table.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await expect(dialog(page).getByText('当前格式不支持！')).toBeVisible();

    // A PDF by drag and drop: 文档上传中... then 文档解析中..., then it opens.
    await slowUpload(page);
    const pdfTitle = freshName('Quarterly');
    await dropFile(page, dialog(page).getByTestId('document-dropzone'), `${pdfTitle}.pdf`, PDF_MIME, await makePdf(pdfTitle));
    await expect(dialog(page).getByText('文档上传中...')).toBeVisible();
    await expect(dialog(page).getByRole('progressbar')).toBeVisible();
    await shot(page, info, 'document-uploading');
    await expect(dialog(page).getByText('文档解析中...')).toBeVisible({ timeout: 20_000 });
    await shot(page, info, 'document-parsing');
    await expect(dialog(page)).toBeHidden({ timeout: 45_000 });
    await expect(page.getByTestId('document-intro')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(pdfTitle.slice(0, 9));
    await expect(page.getByText(/3 页/).first()).toBeVisible();
    await shot(page, info, 'document-intro');
    await page.unrouteAll({ behavior: 'wait' });

    // A DOCX through the file picker; the list now holds both, the new one open.
    const docxTitle = freshName('产品手册');
    await uploadWithPicker(page, info, `${docxTitle}.docx`, DOCX_MIME, await makeDocx(docxTitle));
    await expect(page.getByTestId('document-intro')).toBeVisible();
    if (isMobile(info)) await page.getByRole('button', { name: '我的文档' }).click();
    const list = page.getByRole('navigation', { name: '我的文档' });
    await expect(list.getByTestId('document-item')).toHaveCount(2);
    await expect(list.getByText('(2)')).toBeVisible();
    if (isMobile(info)) {
      await page.waitForTimeout(400); // the drawer's slide-in
      await shot(page, info, 'document-drawer');
      await page.keyboard.press('Escape');
    }
    expect(errors).toEqual([]);
  });

  test('ask with two actions and two languages, citations under the answer, stop a reply', async ({ page }, info) => {
    test.setTimeout(150_000);
    await loginViaApi(page);
    await page.goto('/talk-file');
    await expect(page.getByTestId('document-empty')).toBeVisible();
    const title = freshName('Report');
    await uploadWithPicker(page, info, `${title}.pdf`, PDF_MIME, await makePdf(title));

    // 总结全文 in the default language (中文): the action itself is the request.
    const tabs = page.getByRole('tablist', { name: '操作' });
    await expect(tabs.getByRole('tab')).toHaveCount(5);
    await tabs.getByRole('tab', { name: '总结全文' }).click();
    await expect(page.getByLabel('输出语言')).toHaveValue('中文');
    await send(page, info);
    await expect(page.getByTestId('message-action').last()).toHaveText('总结全文');
    await waitReplyDone(page);
    await expect(page.getByText('离线演示').first()).toBeVisible();
    await expect(page.getByText(/输出语言：中文/).first()).toBeVisible();
    await expect(page.getByTestId('citations').last().getByText(/第 \d 页/).first()).toBeVisible();

    // 问答 needs a question; in English this time (remembered as outLang).
    await tabs.getByRole('tab', { name: '问答' }).click();
    await expect(page.getByRole('button', { name: '发送' })).toBeDisabled();
    if (!isMobile(info)) {
      await input(page).press('Enter');
      await expect(page.getByText('请输入你的问题')).toBeVisible();
    }
    await page.getByLabel('输出语言').selectOption('English');
    await input(page).fill('How much did revenue grow?');
    await send(page, info);
    await expect(page.getByText('How much did revenue grow?', { exact: true })).toBeVisible();
    await waitReplyDone(page);
    await expect(page.getByText(/输出语言：English/).first()).toBeVisible();
    const cites = page.getByTestId('citations').last();
    await expect(cites.getByText('第 1 页')).toBeVisible();
    await page.getByTestId('citations').last().scrollIntoViewIfNeeded();
    await shot(page, info, 'document-answer');
    expect(await page.evaluate(() => localStorage.getItem('outLang'))).toContain('English');

    // The tabs scroll sideways on a phone instead of squeezing.
    if (isMobile(info)) {
      const overflow = await tabs.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }

    // Stop a reply: the partial text stays.
    await tabs.getByRole('tab', { name: '生成大纲' }).click();
    await send(page, info);
    await expect(page.getByRole('button', { name: '停止生成' })).toBeVisible();
    await expect(page.getByText(/生成大纲/).last()).toBeVisible();
    await page.waitForTimeout(600);
    await page.getByRole('button', { name: '停止生成' }).click();
    await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden();
    await expect(page.getByText('已停止生成')).toBeVisible();
    await expect(page.locator('[data-role="assistant"]').last()).toContainText('离线演示');
    await shot(page, info, 'document-stopped');

    // After a reload the conversation is still there, the language still English.
    await page.reload();
    await expect(page.getByText('How much did revenue grow?', { exact: true })).toBeVisible();
    await expect(page.getByLabel('输出语言')).toHaveValue('English');

    // The dark theme looks finished too.
    await page.evaluate(() => localStorage.setItem('appSetting', JSON.stringify({ data: { theme: 'dark', siderCollapsed: false, language: 'zh-CN' }, expire: null })));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByTestId('citations').last()).toBeVisible();
    await shot(page, info, 'document-answer-dark');
  });

  test('delete a document after confirmation', async ({ page }, info) => {
    test.setTimeout(120_000);
    await loginViaApi(page);
    await page.goto('/talk-file');
    await expect(page.getByTestId('document-empty')).toBeVisible();
    const first = freshName('First');
    await uploadWithPicker(page, info, `${first}.pdf`, PDF_MIME, await makePdf(first));
    const second = freshName('说明书');
    await uploadWithPicker(page, info, `${second}.docx`, DOCX_MIME, await makeDocx(second));

    if (isMobile(info)) await page.getByRole('button', { name: '我的文档' }).click();
    const list = page.getByRole('navigation', { name: '我的文档' });
    await expect(list.getByTestId('document-item')).toHaveCount(2);
    await list.getByRole('button', { name: '删除文档' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除' });
    await expect(confirm).toBeVisible();
    await shot(page, info, 'document-delete-confirm');
    await confirm.getByRole('button', { name: '删除', exact: true }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    if (isMobile(info) && !(await list.isVisible())) await page.getByRole('button', { name: '我的文档' }).click();
    await expect(list.getByTestId('document-item')).toHaveCount(1);
    await expect(list.getByText(first.slice(0, 5)).first()).toBeVisible();
    if (isMobile(info)) await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(first.slice(0, 5));
  });
});
