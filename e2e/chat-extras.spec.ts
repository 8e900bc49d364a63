import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

const input = (page: Page) => page.getByRole('textbox', { name: '输入消息' });

test.describe('chat settings and prompt store', () => {
  test('settings are saved under settingsStorage and sent with chat/create', async ({ page }, info) => {
    test.setTimeout(120_000);
    await loginViaApi(page);
    await page.goto('/talk');
    await page.getByRole('button', { name: '对话设置' }).click();
    const dialog = page.getByRole('dialog', { name: '对话设置' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('回答风格（温度 0.8）')).toBeVisible();
    await dialog.getByLabel('系统提示词').fill('你是一名耐心的数学老师');
    await dialog.getByRole('slider').fill('1.2');
    await expect(dialog.getByText('回答风格（温度 1.2）')).toBeVisible();
    await shot(page, info, 'chat-settings');
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('settingsStorage') ?? 'null'));
    expect(saved).toEqual({ data: { systemMessage: '你是一名耐心的数学老师', temperature: 1.2 }, expire: null });

    // After a reload the settings are still there, and they go with the next turn.
    await page.reload();
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/chat/create') && r.method() === 'POST');
    await input(page).fill('一加一等于几？');
    if (isMobile(info)) await page.getByRole('button', { name: '发送' }).click();
    else await input(page).press('Enter');
    expect((await sent).postDataJSON()).toMatchObject({ input: '一加一等于几？', temperature: 1.2, systemMessage: '你是一名耐心的数学老师' });
    await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });
    await shot(page, info, 'chat-header-tools');
  });

  test('prompt store: add, import with the SPEC messages, download, and pick one with / in the composer', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/talk');
    await input(page).pressSequentially('/');
    const dialog = page.getByRole('dialog', { name: '提示词商店' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('还没有提示词')).toBeVisible();

    await dialog.getByRole('button', { name: '添加' }).click();
    await dialog.getByLabel('标题').fill('周报助手');
    await dialog.getByLabel('内容').fill('根据我给的要点写一份周报');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByTestId('prompt-item')).toHaveCount(1);

    // The same title again is refused.
    await dialog.getByRole('button', { name: '添加' }).click();
    await dialog.getByLabel('标题').fill('周报助手');
    await dialog.getByLabel('内容').fill('别的内容');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('标题重复，请重新输入')).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();

    // Import: one new, one repeated title, one repeated content.
    await dialog.getByRole('button', { name: '导入' }).click();
    await dialog.getByPlaceholder('请粘贴 JSON 数据到此处').fill(
      JSON.stringify([
        { key: '翻译官', value: '把我说的话翻译成英文' },
        { key: '周报助手', value: '另一个周报' },
        { key: '周报二号', value: '根据我给的要点写一份周报' },
      ]),
    );
    await dialog.getByRole('button', { name: '导入', exact: true }).last().click();
    await expect(page.getByText('标题重复跳过：周报助手')).toBeVisible();
    await expect(page.getByText('内容重复跳过：周报二号')).toBeVisible();
    await expect(page.getByText('导入成功，新增 1 条')).toBeVisible();
    await expect(dialog.getByTestId('prompt-item')).toHaveCount(2);

    // A list whose keys do not match, and a file that is not JSON.
    await dialog.getByRole('button', { name: '导入' }).click();
    await dialog.getByPlaceholder('请粘贴 JSON 数据到此处').fill('[{"title":"a","content":"b"}]');
    await dialog.getByRole('button', { name: '导入', exact: true }).last().click();
    await expect(page.getByText('键值不匹配')).toBeVisible();
    await dialog.getByTestId('prompt-file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('not json') });
    await expect(page.getByText('请检查网络状态与 JSON 文件有效性')).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载' }).click();
    expect((await download).suggestedFilename()).toBe('ChatGPTPromptTemplate.json');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('promptStore') ?? 'null'));
    expect(stored.data.promptList.map((p: { key: string }) => p.key)).toEqual(['翻译官', '周报助手']);
    await shot(page, info, 'prompt-store');
    await expectAccessible(page, '[role="dialog"]');

    await dialog.getByRole('button', { name: '使用：翻译官' }).click();
    await expect(dialog).toBeHidden();
    await expect(input(page)).toHaveValue('把我说的话翻译成英文');
    // Nothing was sent while the store was in use.
    await expect(page.getByRole('button', { name: '停止生成' })).toHaveCount(0);
    await expect(page.locator('[data-role="user"]')).toHaveCount(0);
  });
});

const ARTIFACT_REPLY = [
  '这是一个页面：',
  '',
  '```html',
  '<h1 style="color:#4f46e5">你好，预览</h1>',
  '<p class="x">一段说明文字</p>',
  '<p id="ran">脚本未运行</p>',
  '<script>document.getElementById("ran").textContent = "脚本已运行"; fetch("/api/website/info").then(() => { document.title = "leaked"; }, () => { document.getElementById("ran").textContent += "，联网被拦截"; });</script>',
  '```',
  '',
  '一个图标：',
  '',
  '```svg',
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" rx="8" fill="#22c55e"/><text x="60" y="36" text-anchor="middle" fill="#fff">SVG</text></svg>',
  '```',
  '',
  '一张流程图：',
  '',
  '```mermaid',
  'graph TD',
  '  A[提问] --> B{理解}',
  '  B --> C[回答]',
  '```',
].join('\n');

test.describe('artifacts', () => {
  test('HTML, SVG and Mermaid blocks get a sandboxed 预览 tab, a download, and Mermaid loads only on use', async ({ page }, info) => {
    test.setTimeout(120_000);
    await loginViaApi(page);
    // The real turn runs and is saved; the browser is shown a reply with the three kinds of block.
    await page.route('**/api/chat/stream?*', async (route) => {
      const real = await route.fetch();
      const events = (await real.text()).split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5)) as { type: string });
      const rest = events.filter((e) => e.type !== 'delta');
      const body = [{ type: 'delta', text: ARTIFACT_REPLY }, ...rest].map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
      await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body });
    });
    const mermaidFetched: string[] = [];
    page.on('request', (r) => {
      if (/mermaid/i.test(r.url())) mermaidFetched.push(r.url());
    });
    await page.goto('/talk');
    await input(page).fill('做一个页面、一个图标和一张流程图');
    if (isMobile(info)) await page.getByRole('button', { name: '发送' }).click();
    else await input(page).press('Enter');
    await expect(page.getByText('一张流程图：')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('tab', { name: '预览' })).toHaveCount(3);
    expect(mermaidFetched).toEqual([]);

    const blocks = page.locator('.md-code');
    // HTML: rendered in an iframe that may run scripts but has no same origin, under its own policy.
    await blocks.nth(0).getByRole('tab', { name: '预览' }).click();
    const frame = blocks.nth(0).getByTestId('artifact-frame');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    await expect(frame).toHaveAttribute('src', '/artifact-frame');
    const preview = page.frameLocator('[data-testid="artifact-frame"]').first();
    await expect(preview.getByRole('heading', { name: '你好，预览' })).toBeVisible();
    // The preview's own script runs (the frame has its own policy, not the app's), and cannot reach the network.
    await expect(preview.getByText('脚本已运行，联网被拦截')).toBeVisible();
    const framed = page.frames().find((f) => f.url().endsWith('/artifact-frame'))!;
    expect(await framed.evaluate(() => window.origin)).toBe('null');
    expect(await framed.evaluate(() => document.title)).not.toBe('leaked');
    const policy = (await page.request.get('/artifact-frame')).headers()['content-security-policy'];
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");

    const download = page.waitForEvent('download');
    await blocks.nth(0).getByRole('button', { name: '下载为文件' }).click();
    expect((await download).suggestedFilename()).toBe('artifact.html');

    await blocks.nth(1).getByRole('tab', { name: '预览' }).click();
    await expect(page.frameLocator('[data-testid="artifact-frame"]').nth(1).locator('svg rect')).toBeVisible();

    await blocks.nth(2).getByRole('tab', { name: '预览' }).click();
    await expect(page.frameLocator('[data-testid="artifact-frame"]').nth(2).locator('svg').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.frameLocator('[data-testid="artifact-frame"]').nth(2).getByText('理解')).toBeVisible();
    expect(mermaidFetched.length).toBeGreaterThan(0);
    await blocks.nth(0).scrollIntoViewIfNeeded();
    await shot(page, info, 'artifact-preview');
    await expectAccessible(page, '.md-code');
  });
});
