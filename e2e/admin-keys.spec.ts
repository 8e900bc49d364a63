import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible } from './axe.ts';
import { asAdmin, expect, freshName, isMobile, shot, test } from './fixtures.ts';

/** The port playwright.config.ts allows in SAFE_FETCH_ALLOW_HOSTS (E2E_MODEL_PORT, else E2E_PORT + 1001): a console URL pointing inside is refused otherwise. */
const MODEL_PORT = Number(process.env.E2E_MODEL_PORT ?? Number(process.env.E2E_PORT ?? 3190) + 1001);

/** A local OpenAI-compatible upstream: a key starting `k401-` is refused as invalid, any other gets `pong`. */
async function fakeUpstream(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      if (key.startsWith('k401-')) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant', content: 'pong' }, finish_reason: null }] })}\n\n`);
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }], usage: { prompt_tokens: 8, completion_tokens: 1 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(MODEL_PORT, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

test.describe('admin console: a model key pool', () => {
  test.describe.configure({ timeout: 180_000 });

  test('add keys, test them against the upstream, switch one off, delete one; never shown in clear', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const up = await fakeUpstream();
    try {
      const token = await asAdmin(page);
      // A model of its own, switched off, so that no other spec's chat reaches the fake upstream.
      const label = `密钥测试 ${freshName('m').slice(-5)}`;
      const created = await page.request.post('/api/admin/models', {
        headers: { authorization: `Bearer ${token}` },
        data: { code: freshName('keys'), label, description: '', upstreamModel: 'fake-model', provider: 'openai', baseUrl: up.url, inputExt: 2000, vision: false, pool: 'model3', cost: 1, maxRounds: 8, maxTokens: 1024, maxContextTokens: 16000, systemPrompt: '', sort: 900, enabled: false },
      });
      expect((await created.json()).success).toBe(true);

      await page.goto('/admin/models');
      await page.getByRole('link', { name: `管理 ${label} 的密钥` }).click();
      await expect(page.getByRole('heading', { name: `${label} · 密钥池` })).toBeVisible();
      await expect(page.getByText('暂无数据')).toBeVisible();

      const GOOD = 'sk-e2e-good-key-123456';
      const BAD = 'k401-e2e-bad-key-7890';
      for (const [key, priority] of [
        [GOOD, '10'],
        [BAD, '0'],
      ] as const) {
        await page.getByRole('button', { name: '添加密钥' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('密钥').fill(key);
        await dialog.getByLabel('优先级（大的先用）').fill(priority);
        if (key === GOOD) {
          await dialog.getByLabel('权重（同优先级内按比例分配）').fill('3');
          await expectAccessible(page, '[role="dialog"]');
          await shot(page, info, 'admin-keys-add');
        }
        await dialog.getByRole('button', { name: '保存' }).click();
        await expect(dialog).toBeHidden();
      }
      const goodRow = page.getByRole('row').filter({ hasText: 'sk-…3456' });
      const badRow = page.getByRole('row').filter({ hasText: 'k40…7890' });
      await expect(goodRow).toContainText('启用中');
      await expect(badRow).toContainText('启用中');
      await expect(page.locator('main')).not.toContainText(GOOD);
      await expect(page.locator('main')).not.toContainText(BAD);

      // The invalid key: the upstream's answer is shown, and the key is taken out.
      await badRow.getByRole('button', { name: '测试密钥 k40…7890' }).click();
      const result = page.getByTestId('key-test-result');
      await expect(result).toContainText('测试失败：k40…7890');
      await expect(result).toContainText('HTTP 401');
      await expect(result.getByText('HTTP 401: Incorrect API key provided.', { exact: true })).toBeVisible();
      await expect(result).toContainText('该密钥现为停用状态');
      await expect(badRow).toContainText('已停用');
      await expect(badRow).toContainText('密钥无效');

      // The good one answers.
      await goodRow.getByRole('button', { name: '测试密钥 sk-…3456' }).click();
      await expect(result).toContainText('测试成功：sk-…3456');
      await expect(result.getByText('HTTP 200: pong', { exact: true })).toBeVisible();
      await expect(result).toContainText('该密钥现为启用状态');
      await expect(goodRow).toContainText('调用 1 次 · 失败 0 次');
      await expectAccessible(page);
      await shot(page, info, 'admin-keys');

      // Switch the good key off by hand, then back on.
      await goodRow.getByRole('switch', { name: '启用密钥 sk-…3456' }).click();
      await expect(goodRow).toContainText('管理员停用');
      await goodRow.getByRole('switch', { name: '启用密钥 sk-…3456' }).click();
      await expect(goodRow).toContainText('启用中');

      // Delete the bad key.
      page.once('dialog', (d) => void d.accept());
      await badRow.getByRole('button', { name: '删除密钥 k40…7890' }).click();
      await expect(badRow).toHaveCount(0);
      await expect(goodRow).toHaveCount(1);

      // Every change is in the audit log, masked.
      await page.goto('/admin/audit');
      await expect(page.getByRole('row').filter({ hasText: '删除密钥' }).first()).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: '测试密钥' }).first()).toBeVisible();
      await expect(page.locator('main')).not.toContainText(GOOD);
      await expect(page.locator('main')).not.toContainText(BAD);
    } finally {
      await new Promise<void>((r) => up.server.close(() => r()));
    }
  });
});
