import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { chatInput, sendChat, waitReplyDone } from './chat-helpers.ts';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

/** The id of a seeded template or expert app, by its title. */
async function appIdOf(page: Page, kind: 'template' | 'expert', title: string) {
  const res = await page.request.get(`/api/app/store?kind=${kind}&keyword=${encodeURIComponent(title)}`);
  const card = (await res.json()).data.list.find((c: { title: string }) => c.title === title);
  return card.id as number;
}

/** The conversation's bubbles. */
const messages = (page: Page) => page.locator('[data-role="user"], [data-role="assistant"]');

/** The history of this width: the column on desktop, the drawer on phones. */
async function history(page: Page, info: TestInfo) {
  if (!isMobile(info)) return page.getByRole('complementary');
  await page.getByRole('button', { name: '历史对话' }).first().click();
  return page.getByRole('dialog', { name: '历史对话' });
}

test.describe('SPEC items', () => {
  test('§2.1 appId opens the app on every chat screen: in place on its own kind, else on its screen', async ({ page }, info) => {
    await loginViaApi(page);
    const template = await appIdOf(page, 'template', '公众号标题');
    const expert = await appIdOf(page, 'expert', '营养师');

    await page.goto(`/talk-temp?appId=${template}`);
    await expect(page).toHaveURL(new RegExp(`/talk-temp\\?id=${template}$`));
    await expect(page.getByRole('button', { name: '生成内容' })).toBeVisible();
    await expect(page.getByText('公众号标题').first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'appid-temp-own');

    await page.goto(`/talk-temp?appId=${expert}`);
    await expect(page).toHaveURL(new RegExp(`/talk-expert\\?id=${expert}$`));
    await expect(page.getByText('营养师').first()).toBeVisible();

    await page.goto(`/talk-expert?appId=${template}`);
    await expect(page).toHaveURL(new RegExp(`/talk-temp\\?id=${template}$`));
    await expect(page.getByRole('button', { name: '生成内容' })).toBeVisible();

    await page.goto(`/talk-file?appId=${expert}`);
    await expect(page).toHaveURL(new RegExp(`/talk-expert\\?id=${expert}$`));
    await expect(page.getByText('以上回答由 AI 生成，不保证 100% 准确，仅供参考').first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'appid-file-to-expert');

    // An unknown id is said once and dropped; the screen stays.
    await page.goto('/talk-file?appId=2000000000');
    await expect(page.getByText('应用不存在或已下架')).toBeVisible();
    await expect(page).toHaveURL(/\/talk-file$/);
  });

  test('§7.2 清空当前对话 (beside 清空全部 under the history): confirm, the messages go, the conversation stays (also after a reload)', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/talk');
    await sendChat(page, info, '清空前的问题');
    await waitReplyDone(page);
    await expect(messages(page)).toHaveCount(2);
    const list = await history(page, info);
    const clear = list.getByRole('button', { name: '清空当前对话' });
    await expect(clear).toBeVisible();
    await expect(list.getByRole('button', { name: '清空全部' })).toBeVisible();
    await shot(page, info, 'clear-before');

    await clear.click();
    const dialog = page.getByRole('dialog', { name: '清空当前对话' });
    await expect(dialog.getByText('确定清空「清空前的问题」的全部消息吗？对话会保留，消息删除后无法恢复。')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, info, 'clear-confirm');
    await dialog.getByRole('button', { name: '清空', exact: true }).click();
    await expect(page.getByText('已清空当前对话')).toBeVisible();
    await expect(messages(page)).toHaveCount(0);
    // The conversation is still listed, with nothing left to clear.
    await expect(list.getByText('清空前的问题').first()).toBeVisible();
    await expect(clear).toBeHidden();
    await shot(page, info, 'clear-after');

    await page.reload();
    await expect(chatInput(page)).toBeVisible();
    const again = await history(page, info);
    await expect(again.getByText('清空前的问题').first()).toBeVisible();
    await expect(messages(page)).toHaveCount(0);
  });

  test('§2.7 a failed reply offers 重新生成 only for ai_35 models, as the action row does', async ({ page }, info) => {
    await loginViaApi(page);
    // The upstream fails as the reply starts: the stream ends in an error event and the reply bubble fails.
    let uuid = 0;
    page.on('response', async (res) => {
      if (new URL(res.url()).pathname === '/api/chat/create') uuid = (await res.json()).data.uuid;
    });
    await page.route('**/api/chat/stream?**', (route) =>
      route.fulfill({
        headers: { 'content-type': 'text/event-stream; charset=utf-8' },
        body: `data: ${JSON.stringify({ type: 'error', code: 502001, message: '服务繁忙，请稍后再试', uuid, messageId: null })}\n\n`,
      }),
    );
    await page.goto('/talk');
    await sendChat(page, info, '会失败的问题');
    const failed = page.locator('[data-role="assistant"]').getByRole('alert');
    await expect(failed).toContainText('服务繁忙，请稍后再试');
    await expect(failed.getByRole('button', { name: '重新生成' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'failed-retry-ai35');

    // Another model: the failed bubble offers no retry.
    await page.getByRole('button', { name: '选择模型' }).first().click();
    await page.getByRole('option', { name: /DeepSeek V3/ }).or(page.getByRole('menuitemradio', { name: /DeepSeek V3/ })).first().click();
    await sendChat(page, info, '换个模型再失败');
    const other = page.locator('[data-role="assistant"]').getByRole('alert').last();
    await expect(other).toContainText('服务繁忙，请稍后再试');
    await expect(page.locator('[data-role="assistant"]').getByRole('button', { name: '重新生成' })).toHaveCount(0);
    await shot(page, info, 'failed-no-retry-other');
  });

  test('§4.8 a document is uploaded before its pre-check, then added', async ({ page }, info) => {
    test.setTimeout(90_000);
    await loginViaApi(page);
    const seen: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/cos/signature') seen.push('signature');
      else if (req.method() === 'PUT') seen.push('put');
      else if (url.pathname === '/api/document/pre_add' && url.searchParams.has('file_name')) seen.push('pre_add');
      else if (url.pathname === '/api/document/add') seen.push('add');
    });
    await page.goto('/talk-file');
    await page.getByTestId('document-empty').getByRole('button').first().click();
    const upload = page.getByRole('dialog', { name: '上传文档' });
    await expect(upload).toBeVisible();
    await upload.getByTestId('document-file-input').setInputFiles({ name: '上传顺序.txt', mimeType: 'text/plain', buffer: Buffer.from('先上传，再检查，然后解析。\n'.repeat(20)) });
    await expect(upload).toBeHidden({ timeout: 45_000 });
    await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText('文档分析');
    expect(seen).toEqual(['signature', 'put', 'pre_add', 'add']);
    await shot(page, info, 'document-uploaded-in-order');
  });

  test('§8 the global config (with the menu) fails: the server message is shown', async ({ page }, info) => {
    await page.route('**/api/config/global', (route) => route.fulfill({ status: 503, json: { code: 503, message: '站点维护中，请稍后访问', success: false, data: null } }));
    await page.goto('/talk');
    const failed = page.getByRole('alert');
    await expect(failed.getByRole('heading', { name: '加载失败' })).toBeVisible();
    await expect(failed).toContainText('站点维护中，请稍后访问');
    await expectAccessible(page, '[role="alert"]');
    await shot(page, info, 'config-failed-message');

    await page.unroute('**/api/config/global');
    await failed.getByRole('button', { name: '重新加载' }).click();
    await expect(chatInput(page)).toBeVisible();
  });
});
