import { expectAccessible } from './axe.ts';
import { chatInput, enableTool, sendChat, toolUser, waitReplyDone } from './chat-helpers.ts';
import { expect, isMobile, shot, test } from './fixtures.ts';

// Issue 31: the real server-everything over stdio (MCP_SERVERS in playwright.config.ts) and the offline model,
// which calls the first picked tool when tools are on and answers with its result, labelled 离线演示.
test.describe('chat: tools (MCP)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('picks echo in the 工具 menu, sees the finished call with its real result, and again after a reload', async ({ page }, info) => {
    // server-everything's echo at 1 credit per call, for the first model.
    const model = await enableTool(page, 'everything', 'echo');
    await toolUser(page, model);
    await page.goto('/talk');
    await expect(chatInput(page)).toBeVisible();

    // The menu: the tool with its description and price per call.
    await page.getByRole('button', { name: '工具', exact: true }).click();
    const menu = page.getByRole('dialog', { name: '工具' });
    await expect(menu).toBeVisible();
    const option = menu.getByTestId('tool-option-everything__echo');
    await expect(option).toContainText('Echoes back the input string');
    await expect(option).toContainText('1 积分/次');
    const echo = option.getByRole('checkbox', { name: /echo/i });
    await expect(echo).toHaveAccessibleDescription(/Echoes back the input string/);
    await echo.check();
    await expectAccessible(page, isMobile(info) ? '[role="dialog"]' : 'main');
    await shot(page, info, 'chat-tools-menu');
    if (isMobile(info)) await menu.getByRole('button', { name: '完成' }).click();
    else await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: '工具（已选 1 个）' })).toBeVisible();

    const question = `回声测试 ${info.project.name}`;
    await sendChat(page, info, question);
    await waitReplyDone(page);
    const step = page.getByTestId('tool-step');
    await expect(step).toHaveCount(1);
    await expect(step).toHaveAttribute('data-status', 'ok');
    await expect(step).toContainText('已完成');
    await expect(step).toContainText('来自 everything');
    await expect(step).toContainText('1 积分');
    await expect(page.getByText('离线演示').first()).toBeVisible();
    // Folded when finished; opened, the arguments and server-everything's own answer.
    const head = step.getByRole('button').first();
    await expect(head).toHaveAttribute('aria-expanded', 'false');
    await head.click();
    await expect(step.getByRole('region')).toContainText(`"message": "${question}"`);
    await expect(step.getByRole('region')).toContainText(`Echo: ${question}`);
    await step.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'main');
    await shot(page, info, 'chat-tools-step');

    // The saved conversation shows the call after a reload.
    await page.reload();
    const saved = page.getByTestId('tool-step');
    await expect(saved).toHaveCount(1);
    await expect(saved).toHaveAttribute('data-status', 'ok');
    await saved.getByRole('button').first().click();
    await expect(saved.getByRole('region')).toContainText(`Echo: ${question}`);
    // The conversation keeps its pick.
    await expect(page.getByRole('button', { name: '工具（已选 1 个）' })).toBeVisible();
    await shot(page, info, 'chat-tools-saved');
  });
});
