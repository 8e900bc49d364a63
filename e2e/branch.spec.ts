import type { Locator, Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';
import { sendChat, waitReplyDone } from './chat-helpers.ts';

const main = (page: Page) => page.getByRole('main');

/** The row of a question on screen, by its text. */
const question = (page: Page, text: string) => main(page).locator('[data-role="user"]').filter({ hasText: text });
/** The ‹ i/n › of a row. */
const switcher = (row: Locator) => row.getByRole('group', { name: '切换分支' });

/**
 * axe on what this feature draws: the questions (with the editor), every ‹ i/n ›, the reply action
 * bars and the history list. The replies' markdown is left out: its code bar's grey label
 * (#737373 on #f6f7f9, 4.42:1) belongs to the markdown component, reported to its owner.
 */
const axeBranches = (page: Page) => expectAccessible(page, 'main [data-role="user"]', 'main [role="group"][aria-label="切换分支"]', 'main [data-message-actions]');

/** Opens a question's actions (hover on desktop, a tap on touch) and presses 编辑. */
async function startEdit(page: Page, info: TestInfo, row: Locator) {
  const bubble = row.locator('.whitespace-pre-wrap').first();
  if (isMobile(info)) await bubble.click();
  else await bubble.hover();
  await row.getByRole('button', { name: '编辑' }).click();
  // Found by its name alone: once its text changes, the row no longer matches the old text.
  return main(page).getByRole('textbox', { name: '编辑消息' });
}

test.describe('edit and branch', () => {
  test('edit a question, see 2/2, switch to 1/2 and back, retry makes a branch, reload keeps the branch', async ({ page }, info) => {
    // Five replies and three reloads.
    test.setTimeout(180_000);
    await loginViaApi(page);
    await page.goto('/talk');
    await sendChat(page, info, '第一个问题：什么是分支');
    await waitReplyDone(page);
    await sendChat(page, info, '原来的第二个问题');
    await waitReplyDone(page);

    // Edit the second question: the conversation forks there.
    const editor = await startEdit(page, info, question(page, '原来的第二个问题'));
    await expect(editor).toHaveValue('原来的第二个问题');
    await editor.fill('改写后的第二个问题');
    await editor.scrollIntoViewIfNeeded();
    await shot(page, info, 'branch-editing');
    await axeBranches(page);
    await main(page).getByRole('button', { name: '发送', exact: true }).first().click();
    await waitReplyDone(page);

    const edited = question(page, '改写后的第二个问题');
    await expect(edited).toBeVisible();
    await expect(question(page, '原来的第二个问题')).toHaveCount(0);
    await expect(switcher(edited)).toContainText('2/2');
    await expect(question(page, '第一个问题：什么是分支')).toBeVisible();
    await switcher(edited).scrollIntoViewIfNeeded();
    await shot(page, info, 'branch-edited-2of2');

    // ‹ shows the original branch, › comes back.
    await switcher(edited).getByRole('button', { name: '上一个分支' }).click();
    const original = question(page, '原来的第二个问题');
    await expect(original).toBeVisible();
    await expect(switcher(original)).toContainText('1/2');
    await expect(question(page, '改写后的第二个问题')).toHaveCount(0);
    await switcher(original).scrollIntoViewIfNeeded();
    await shot(page, info, 'branch-switched-1of2');
    await switcher(original).getByRole('button', { name: '下一个分支' }).click();
    await expect(switcher(question(page, '改写后的第二个问题'))).toContainText('2/2');

    // Retry of the last reply is a branch too: its reply shows 2/2, ‹ brings the first reply back.
    await page.getByRole('button', { name: '重新生成' }).click();
    await waitReplyDone(page);
    const lastReply = main(page).locator('[data-role="assistant"]').last();
    await expect(switcher(lastReply)).toContainText('2/2');
    await shot(page, info, 'branch-retry-2of2');
    await axeBranches(page);
    await switcher(lastReply).getByRole('button', { name: '上一个分支' }).click();
    await expect(switcher(main(page).locator('[data-role="assistant"]').last())).toContainText('1/2');

    // The branch on screen is remembered: a reload opens it again.
    await page.reload();
    await expect(switcher(main(page).locator('[data-role="assistant"]').last())).toContainText('1/2');
    await expect(switcher(question(page, '改写后的第二个问题'))).toContainText('2/2');

    // Switch the question back to the original branch and reload: still the original.
    await switcher(question(page, '改写后的第二个问题')).getByRole('button', { name: '上一个分支' }).click();
    await expect(question(page, '原来的第二个问题')).toBeVisible();
    await page.reload();
    await expect(switcher(question(page, '原来的第二个问题'))).toContainText('1/2');
    await expect(question(page, '改写后的第二个问题')).toHaveCount(0);
    await switcher(question(page, '原来的第二个问题')).scrollIntoViewIfNeeded();
    await shot(page, info, 'branch-after-reload');

    // A new question follows the branch on screen.
    await sendChat(page, info, '在原来的分支上继续');
    await waitReplyDone(page);
    await expect(question(page, '原来的第二个问题')).toBeVisible();
    await expect(question(page, '在原来的分支上继续')).toBeVisible();
    await page.reload();
    await expect(question(page, '在原来的分支上继续')).toBeVisible();
    await expect(question(page, '原来的第二个问题')).toBeVisible();
  });

  test('deleting a question with replies after it asks first, then takes the branch below it', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/talk');
    await sendChat(page, info, '保留的问题');
    await waitReplyDone(page);
    await sendChat(page, info, '要删除的问题');
    await waitReplyDone(page);

    const row = question(page, '要删除的问题');
    const bubble = row.locator('.whitespace-pre-wrap').first();
    if (isMobile(info)) await bubble.click();
    else await bubble.hover();
    await row.getByRole('button', { name: '删除' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).last();
    await expect(dialog.getByText(/之后的 1 条消息/)).toBeVisible();
    await shot(page, info, 'branch-delete-confirm');
    await expectAccessible(page, '[role="alertdialog"], [role="dialog"]');
    await dialog.getByRole('button', { name: '删除', exact: true }).click();
    await expect(question(page, '要删除的问题')).toHaveCount(0);
    await expect(main(page).locator('[data-role="assistant"]')).toHaveCount(1);
    await page.reload();
    await expect(question(page, '保留的问题')).toBeVisible();
    await expect(question(page, '要删除的问题')).toHaveCount(0);
  });
});
