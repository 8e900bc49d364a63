import type { Page, TestInfo } from '@playwright/test';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';
import { chatInput, sendChat, waitReplyDone } from './chat-helpers.ts';

/** Waits for a reply that was just asked for: it starts streaming, then ends. */

/**
 * The history list lives in the sidebar on desktop and in a drawer on mobile: runs `fn` with it
 * open, then closes the drawer if it is still open.
 */
async function withHistory(page: Page, info: TestInfo, fn: () => Promise<void>) {
  if (isMobile(info)) {
    await page.getByRole('button', { name: '历史对话' }).first().click();
    await expect(page.getByRole('navigation', { name: '历史对话' })).toBeVisible();
  }
  await fn();
  if (isMobile(info) && (await page.getByRole('navigation', { name: '历史对话' }).isVisible())) await page.keyboard.press('Escape');
}

/** Spends a user's credits through the API, the way the web app does. */
async function spendTurns(page: Page, token: string, feature: string, n: number) {
  const headers = { Authorization: `Bearer ${token}` };
  for (let i = 0; i < n; i++) {
    const created = await (await page.request.post('/api/chat/create', { headers, data: { input: `第${i + 1}问`, uuid: 0, feature } })).json();
    expect(created.code).toBe(200);
    const stream = await page.request.get(`/api/chat/stream?secret=${created.data.secret}`, { headers, timeout: 60_000 });
    expect(await stream.text()).toContain('"type":"done"');
  }
}

test.describe('chat', () => {
  test('send, watch it stream, stop, continue, retry, delete', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/talk');
    await expect(page.getByText('你好，我是知行助手')).toBeVisible();
    await shot(page, info, 'chat-empty');

    await sendChat(page, info, '用 Python 写一个快速排序');
    await expect(page.getByRole('button', { name: '停止生成' })).toBeVisible();
    await expect(chatInput(page)).toBeDisabled();
    await shot(page, info, 'chat-streaming');
    await waitReplyDone(page);
    await expect(page.getByText('离线演示').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '复制代码' }).first()).toBeVisible();
    await expect(page.locator('.katex').first()).toBeVisible();
    await shot(page, info, 'chat-reply');

    // Stop mid-stream, then continue.
    await sendChat(page, info, '再详细解释一下时间复杂度，越详细越好');
    await page.getByRole('button', { name: '停止生成' }).click();
    await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden();
    await expect(chatInput(page)).toBeEnabled();
    await page.getByRole('button', { name: '继续' }).last().click();
    await expect(page.getByText('继续', { exact: true }).last()).toBeVisible();
    await waitReplyDone(page);

    // Retry the last reply (the default model's code contains ai_35).
    const replies = page.getByRole('button', { name: '重新生成' });
    await expect(replies).toHaveCount(1);
    await replies.click();
    await waitReplyDone(page);

    // The retry is a second branch of the reply; deleting it shows the first again, and the switcher goes.
    const switcher = page.getByRole('group', { name: '切换分支' });
    await expect(switcher).toHaveCount(1);
    const before = await page.getByRole('button', { name: '删除' }).count();
    await page.getByRole('button', { name: '删除' }).last().click();
    await expect(switcher).toHaveCount(0);
    await expect(page.getByRole('button', { name: '删除' })).toHaveCount(before);
    await shot(page, info, 'chat-after-actions');
  });

  test('history: search, new conversation, model switch, delete with confirmation', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/talk');
    const history = page.getByRole('navigation', { name: '历史对话' });
    await sendChat(page, info, '写一首关于春天的诗');
    await waitReplyDone(page);
    await withHistory(page, info, () => page.getByRole('button', { name: '新建对话' }).first().click());
    await sendChat(page, info, '解释一下量子计算');
    await waitReplyDone(page);

    await withHistory(page, info, async () => {
      await expect(history.getByText(/其他/)).toBeVisible();
      const search = page.getByRole('textbox', { name: '搜索历史记录' }).or(page.getByRole('searchbox', { name: '搜索历史记录' })).first();
      await search.fill('春天');
      await expect(history.getByText('写一首关于春天的诗')).toBeVisible();
      await expect(history.getByText('解释一下量子计算')).toHaveCount(0);
      await shot(page, info, 'chat-history-search');
      await search.fill('');
      await expect(history.getByText('解释一下量子计算')).toBeVisible();
    });

    await withHistory(page, info, () => page.getByRole('button', { name: '新建对话' }).first().click());
    await withHistory(page, info, () => page.getByRole('button', { name: '新建对话' }).first().click());
    await expect(page.getByText('新会话已存在！')).toBeVisible();

    // Switching model starts a new group.
    await page.getByRole('button', { name: '选择模型' }).first().click();
    await page.getByRole('option', { name: /DeepSeek V3/ }).or(page.getByRole('menuitemradio', { name: /DeepSeek V3/ })).first().click();
    await expect(page.getByText('你好，我是知行助手')).toBeVisible();

    // Open a saved group, then delete it with confirmation.
    await withHistory(page, info, () => history.getByText('写一首关于春天的诗').click());
    await expect(page.getByRole('main').getByText('写一首关于春天的诗').first()).toBeVisible();
    await withHistory(page, info, async () => {
      await history.getByRole('button', { name: '删除对话' }).first().click();
      const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog').filter({ hasText: '确定删除' })).last();
      await expect(confirm.getByText(/确定删除/)).toBeVisible();
      await shot(page, info, 'chat-delete-confirm');
      await confirm.getByRole('button', { name: '删除', exact: true }).click();
      await expect(page.getByText('删除成功')).toBeVisible();
      await expect(history.getByText('写一首关于春天的诗')).toHaveCount(0);
    });
  });

  test('export as image downloads chat-shot.png', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/talk');
    await sendChat(page, info, '你好');
    await waitReplyDone(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出为图片' }).click()]);
    expect(download.suggestedFilename()).toBe('chat-shot.png');
  });

  test('an empty balance opens the purchase dialog (408xxx)', async ({ page }, info) => {
    const { token } = await loginViaApi(page);
    await spendTurns(page, token, 'ai_4o', 5);
    await page.goto('/talk');
    await page.getByRole('button', { name: '选择模型' }).first().click();
    await page.getByRole('option', { name: /高级对话 4o/ }).or(page.getByRole('menuitemradio', { name: /高级对话 4o/ })).first().click();
    await sendChat(page, info, '还能回答吗');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/会员|套餐|开通/).first()).toBeVisible();
    await shot(page, info, 'chat-balance-dialog');
  });

  test('a reload during a reply resumes it: the text so far comes back, keeps growing, and stop works', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/talk');
    await sendChat(page, info, '再详细解释一下时间复杂度，越详细越好');
    const stop = page.getByRole('button', { name: '停止生成' });
    await expect(stop).toBeVisible();
    const reply = page.locator('[data-role="assistant"]').last();
    await expect.poll(async () => (await reply.innerText()).length).toBeGreaterThan(20);
    expect(await page.evaluate(() => sessionStorage.getItem('streamRun:chat'))).toContain('"kind":"chat"');
    const before = (await reply.innerText()).length;

    await page.reload();
    // The question and the text so far are back at once, and the reply keeps streaming.
    await expect(page.locator('[data-role="user"]').last()).toContainText('再详细解释一下时间复杂度');
    await expect(stop).toBeVisible();
    await expect.poll(async () => (await page.locator('[data-role="assistant"]').last().innerText()).length).toBeGreaterThanOrEqual(before);
    const resumed = (await page.locator('[data-role="assistant"]').last().innerText()).length;
    await expect.poll(async () => (await page.locator('[data-role="assistant"]').last().innerText()).length).toBeGreaterThan(resumed);
    await shot(page, info, 'chat-resumed');

    await stop.click();
    await expect(stop).toBeHidden();
    await expect(page.getByText('已停止生成').last()).toBeVisible();
    await expect(chatInput(page)).toBeEnabled();
    expect(await page.evaluate(() => sessionStorage.getItem('streamRun:chat'))).toBeNull();

    // The stopped reply was saved: it is there after another reload, and nothing resumes.
    await page.reload();
    await expect(page.locator('[data-role="assistant"]').last()).toBeVisible();
    await expect(stop).toBeHidden();
  });

  test('a reasoning model: 思考过程 apart from the answer, folded to 已深度思考 N 秒, back after a reload', async ({ page }, info) => {
    // An offline model marked as reasoning (the console's 深度思考 flag): it thinks briefly before its demo answer.
    const admin = (await (await page.request.post('/api/login/account-login', { data: { userName: 'e2e_admin', password: 'e2e-admin-pass' } })).json()).data.token as string;
    const label = `深度思考${info.project.name === 'mobile' ? 'M' : 'D'}${Date.now() % 100000}`;
    const created = await page.request.post('/api/admin/models', {
      headers: { Authorization: `Bearer ${admin}` },
      data: {
        code: `e2e_reasoner_${Date.now()}`,
        label,
        description: '',
        upstreamModel: 'deepseek-reasoner',
        provider: 'openai',
        baseUrl: null,
        inputExt: 2000,
        vision: false,
        pool: 'model3',
        cost: 1,
        maxRounds: 8,
        maxTokens: 2000,
        maxContextTokens: 16000,
        systemPrompt: '',
        sort: 0,
        enabled: true,
        reasoning: true,
      },
    });
    expect((await created.json()).code).toBe(200);

    await loginViaApi(page);
    await page.goto('/talk');
    await page.getByRole('button', { name: '选择模型' }).first().click();
    await page.getByRole('option', { name: label }).or(page.getByRole('menuitemradio', { name: label })).first().click();
    await sendChat(page, info, '天为什么是蓝的');
    await expect(page.getByRole('button', { name: /深度思考中… \d+ 秒/ })).toBeVisible();
    await waitReplyDone(page);
    const folded = page.getByRole('button', { name: /已深度思考 \d+ 秒/ });
    await expect(folded).toHaveAttribute('aria-expanded', 'false');
    const reply = page.locator('[data-role="assistant"]').last();
    await expect(reply).toContainText('离线演示');
    await expect(page.getByRole('region', { name: '思考过程', includeHidden: true })).toBeHidden();
    await folded.click();
    await expect(page.getByRole('region', { name: '思考过程' })).toContainText('离线演示的思考过程');
    await folded.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, info, 'chat-thinking');

    await page.reload();
    await expect(page.getByRole('button', { name: /已深度思考 \d+ 秒/ })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[data-role="assistant"]').last()).toContainText('离线演示');
  });

  test('a guest pressing send is asked to log in', async ({ page }, info) => {
    await page.goto('/talk');
    await sendChat(page, info, '你好');
    await expect(page.getByRole('dialog').getByTestId('wechat-qr')).toBeVisible();
  });
});
