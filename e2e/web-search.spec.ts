import type { Page } from '@playwright/test';
import { startFakeSearch, type FakeSearch } from '../apps/server/src/providers/search/fakes/search.ts';
import { expectAccessible } from './axe.ts';
import { expect, loginViaApi, shot, test } from './fixtures.ts';
import { chatInput, sendChat, waitReplyDone } from './chat-helpers.ts';

/** The port playwright.config.ts gave the server as SEARCH_URL (E2E_SEARCH_PORT, else E2E_PORT + 1000). */
const SEARCH_PORT = Number(process.env.E2E_SEARCH_PORT ?? Number(process.env.E2E_PORT ?? 3190) + 1000);

const main = (page: Page) => page.getByRole('main');
const toggle = (page: Page) => page.getByTestId('web-search-toggle');

async function pickModel(page: Page, label: RegExp) {
  await page.getByRole('button', { name: '选择模型' }).first().click();
  await page.getByRole('option', { name: label }).or(page.getByRole('menuitemradio', { name: label })).first().click();
}

test.describe('web search (联网搜索)', () => {
  let fake: FakeSearch;
  test.beforeAll(async () => {
    fake = await startFakeSearch({ port: SEARCH_PORT });
  });
  test.afterAll(async () => {
    await fake?.close();
  });

  test('the toggle shows only for allowed models; a searched reply lists numbered sources and [n] links to them; a failed search says so', async ({ page }, info) => {
    test.setTimeout(120_000);
    await loginViaApi(page);
    await page.goto('/talk');
    await expect(chatInput(page)).toBeVisible();
    // The default model may not search (SEARCH_MODELS=deepseek_v3): no toggle.
    await expect(toggle(page)).toHaveCount(0);

    await pickModel(page, /DeepSeek V3/);
    await expect(toggle(page)).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle(page)).toHaveAttribute('title', '联网搜索：回答会引用网页来源，每次另加 1 积分');
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page, 'form, [data-testid="web-search-toggle"]');
    await shot(page, info, 'web-search-toggle');

    const before = fake.requests.length;
    await sendChat(page, info, '什么是光合作用');
    await waitReplyDone(page);
    expect(fake.requests.slice(before).map((r) => r.query)).toEqual(['什么是光合作用']);

    const reply = main(page).locator('[data-role="assistant"]').last();
    const sources = reply.getByTestId('reply-sources');
    await expect(sources).toBeVisible();
    await expect(sources).toContainText('参考来源');
    await expect(sources).toContainText('联网搜索 +1 积分');
    const links = sources.getByRole('link');
    await expect(links).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      const link = links.nth(i);
      await expect(link).toContainText(`[${i + 1}]`);
      await expect(link).toContainText(`来源${i + 1}：什么是光合作用`);
      await expect(link).toContainText('127.0.0.1');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // [2] in the text is a link to the second source.
    const second = await links.nth(1).getAttribute('href');
    const cite = reply.locator('.md-block a', { hasText: '[2]' }).first();
    await expect(cite).toHaveAttribute('href', second!);
    await expect(cite).toHaveAttribute('rel', 'noopener noreferrer');
    await sources.scrollIntoViewIfNeeded();
    await expectAccessible(page, '[data-testid="reply-sources"]');
    await shot(page, info, 'web-search-reply');

    // History keeps the sources; the toggle is remembered.
    await page.reload();
    await expect(main(page).getByTestId('reply-sources').last().getByRole('link')).toHaveCount(3);
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');

    // The search service fails: the answer still comes, and says it used no web pages.
    await sendChat(page, info, '[[500]] 今天的天气');
    await waitReplyDone(page);
    const failed = main(page).locator('[data-role="assistant"]').last();
    await expect(failed.getByTestId('search-note')).toHaveText('联网搜索失败，本次回答未参考网页');
    await expect(failed.getByTestId('reply-sources')).toHaveCount(0);
    await failed.getByTestId('search-note').scrollIntoViewIfNeeded();
    await shot(page, info, 'web-search-failed');

    // Another model that may not search hides the toggle again.
    await pickModel(page, /极速对话/);
    await expect(toggle(page)).toHaveCount(0);
  });
});
