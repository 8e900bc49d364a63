import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectAccessible } from './axe.ts';
import { chatInput, enableTool, sendChat, toolUser } from './chat-helpers.ts';
import { expect, isMobile, shot, test } from './fixtures.ts';

/** The folder playwright.config.ts gives server-filesystem (made once per run). */
const FILES_DIR = process.env.E2E_FILES_DIR;

// Issue 31: a tool whose annotations say destructiveHint (server-filesystem's write_file, the real stdio server of
// MCP_SERVERS) waits for the user's 允许 / 拒绝. The offline model calls the first picked tool with the question as
// each required text field, so a question that is a path inside FILES_DIR writes that path into that file.
test.describe('chat: a tool that changes things waits for the user', () => {
  test.describe.configure({ timeout: 120_000 });

  test('拒绝 writes nothing; 允许 in the next turn writes the file; the saved steps show after a reload', async ({ page }, info) => {
    expect(FILES_DIR, 'E2E_FILES_DIR from playwright.config.ts').toBeTruthy();
    const file = join(FILES_DIR!, `confirm-${info.project.name}-${Date.now().toString(36)}.txt`);
    const model = await enableTool(page, 'files', 'write_file');
    await toolUser(page, model);
    await page.goto('/talk');
    await expect(chatInput(page)).toBeVisible();

    // Only write_file.
    await page.getByRole('button', { name: '工具', exact: true }).click();
    const menu = page.getByRole('dialog', { name: '工具' });
    await menu.getByTestId('tool-option-files__write_file').getByRole('checkbox').check();
    if (isMobile(info)) await menu.getByRole('button', { name: '完成' }).click();
    else await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: '工具（已选 1 个）' })).toBeVisible();

    // (1) The call waits, open, with its arguments, 允许 / 拒绝 and the seconds left; 拒绝.
    await sendChat(page, info, file);
    const step = page.getByTestId('tool-step');
    await expect(step).toHaveCount(1);
    await expect(step).toHaveAttribute('data-status', 'confirm');
    await expect(step).toContainText('等待确认');
    await expect(step).toContainText('来自 files');
    await expect(step.getByText('此工具可能修改数据，确定要调用吗？')).toBeVisible();
    await expect(step.getByText(/\d+ 秒后自动拒绝/)).toBeVisible();
    await expect(step.getByRole('region')).toContainText(`"path": "${file}"`);
    const allow = step.getByRole('button', { name: '允许' });
    const deny = step.getByRole('button', { name: '拒绝' });
    await expect(allow).toBeEnabled();
    await expect(deny).toBeEnabled();
    await step.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'main');
    await shot(page, info, 'chat-tools-confirm');
    await deny.click();
    await expect(step).toHaveAttribute('data-status', 'refused');
    await expect(step).toContainText('未执行');
    await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });
    await step.getByRole('button').first().click();
    await expect(step.getByRole('region')).toContainText('用户拒绝了此次调用。');
    expect(existsSync(file)).toBe(false);
    await shot(page, info, 'chat-tools-refused');

    // (2) The same question again: 允许, and server-filesystem writes the file.
    await sendChat(page, info, file);
    const steps = page.getByTestId('tool-step');
    await expect(steps).toHaveCount(2);
    const second = steps.nth(1);
    await expect(second).toHaveAttribute('data-status', 'confirm');
    await second.getByRole('button', { name: '允许' }).click();
    await expect(second).toHaveAttribute('data-status', 'ok');
    await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });
    await expect(second).toContainText('已完成');
    await expect(second).toContainText('1 积分');
    await second.getByRole('button').first().click();
    await expect(second.getByRole('region')).toContainText(`Successfully wrote to ${file}`);
    expect(readFileSync(file, 'utf8')).toBe(file);
    await second.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'main');
    await shot(page, info, 'chat-tools-allowed');

    // The saved conversation keeps both steps.
    await page.reload();
    const saved = page.getByTestId('tool-step');
    await expect(saved).toHaveCount(2);
    await expect(saved.nth(0)).toHaveAttribute('data-status', 'refused');
    await expect(saved.nth(1)).toHaveAttribute('data-status', 'ok');
    await saved.nth(0).getByRole('button').first().click();
    await expect(saved.nth(0).getByRole('region')).toContainText('用户拒绝了此次调用。');
    await expect(saved.nth(0).getByRole('button', { name: '允许' })).toHaveCount(0);
  });
});

