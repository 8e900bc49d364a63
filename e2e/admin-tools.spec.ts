import { expectAccessible } from './axe.ts';
import { asAdmin, expect, isMobile, shot, test } from './fixtures.ts';

// The e2e server connects the real server-everything over stdio (MCP_SERVERS in playwright.config.ts).
test.describe('admin console: MCP tools', () => {
  test.describe.configure({ timeout: 90_000 });

  test('lists the server’s tools, turns one on with a price, picks the models that may use tools', async ({ page }, info) => {
    await asAdmin(page);
    await page.goto('/admin/tools');
    await expect(page.getByRole('heading', { name: '工具（MCP）', level: 1 })).toBeVisible();
    const echo = page.getByTestId('tool-everything-echo');
    await expect(echo).toContainText('Echoes back the input string');
    await expect(echo).toContainText('只读');
    await expect(page.getByRole('link', { name: '工具（MCP）' })).toHaveAttribute('aria-current', 'page');

    const price = echo.getByLabel('echo 每次调用价格');
    const on = echo.getByRole('switch', { name: '启用 echo' });
    // Each project (desktop, mobile) sets its own price on the one shared server.
    const want = isMobile(info) ? '3' : '2';
    await price.fill(want);
    await price.press('Enter');
    await expect(page.getByText('已保存').first()).toBeVisible();
    if ((await on.getAttribute('aria-checked')) !== 'true') await on.click();
    await expect(on).toHaveAttribute('aria-checked', 'true');

    await page.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: '保存模型' }).click();

    await page.reload();
    await expect(page.getByTestId('tool-everything-echo').getByLabel('echo 每次调用价格')).toHaveValue(want);
    await expect(page.getByTestId('tool-everything-echo').getByRole('switch', { name: '启用 echo' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('checkbox').first()).toBeChecked();
    await expectAccessible(page, 'main');
    await shot(page, info, 'admin-tools');
    await page.getByText('可使用工具的模型').scrollIntoViewIfNeeded();
    await shot(page, info, 'admin-tools-models');
  });

  test('adds an HTTP server (a private address is refused at connect and shown), then removes it', async ({ page }, info) => {
    await asAdmin(page);
    await page.goto('/admin/tools');
    const name = `e2e_${info.project.name}`;
    await page.getByLabel('名称', { exact: true }).fill(name);
    await page.getByLabel('服务地址').fill('http://127.0.0.1:3999/mcp');
    await page.getByLabel('请求头名称（可选）').fill('Authorization');
    await page.getByLabel('请求头值').fill('Bearer e2e-secret');
    await page.getByRole('button', { name: '添加', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: `MCP server ${name} did not start` });
    await expect(refused).toContainText('暂不可用');
    await expect(page.getByText('后台添加')).toBeVisible();
    await expect(page.getByText('e2e-secret')).toHaveCount(0);
    await refused.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'main');
    await shot(page, info, 'admin-tools-added');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `移除 ${name}` }).click();
    await expect(page.getByRole('button', { name: `移除 ${name}` })).toHaveCount(0);
  });
});
