import { spawn, type ChildProcess } from 'node:child_process';
import { expectAccessible } from './axe.ts';
import { asAdmin, expect, isMobile, shot, test } from './fixtures.ts';

test.describe('admin console: integrations', () => {
  test.describe.configure({ timeout: 120_000 });

  test('save an SMS setting, send a test and read the answer; bad settings are refused; demo mode read-only', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    await asAdmin(page);
    await page.goto('/admin/integrations');
    await expect(page.getByRole('heading', { name: '集成配置', level: 1 })).toBeVisible();
    await expect(page.getByText('演示模式只能通过环境变量 DEMO_MODE 设置')).toBeVisible();

    const sms = page.getByTestId('integration-sms');
    await expect(page.getByRole('link', { name: '集成配置' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, 'main');

    // Half an Aliyun setup is refused with the reason, and nothing changes.
    await sms.getByLabel('SMS_PROVIDER').selectOption('aliyun');
    await sms.getByLabel('ALIYUN_SMS_ACCESS_KEY_ID').fill('LTAI-e2e-only');
    await sms.getByRole('button', { name: '保存并生效' }).click();
    await expect(sms.getByRole('alert')).toHaveText(/设置无效，未保存：缺少必填项 ALIYUN_SMS_ACCESS_KEY_SECRET、ALIYUN_SMS_SIGN_NAME、ALIYUN_SMS_TEMPLATE_CODE/);
    await sms.getByRole('alert').scrollIntoViewIfNeeded();
    await expect(page.getByText('后台已覆盖')).toHaveCount(0);
    await shot(page, info, 'admin-integrations-refused');

    // The console SMS chosen here (over the environment), then a test code to a phone.
    await sms.getByLabel('ALIYUN_SMS_ACCESS_KEY_ID').fill('');
    await sms.getByLabel('SMS_PROVIDER').selectOption('console');
    await expect(sms.getByLabel('ALIYUN_SMS_ACCESS_KEY_ID')).toHaveCount(0);
    await sms.getByRole('button', { name: '保存并生效' }).click();
    await expect(page.getByText('已保存，所有实例已生效').first()).toBeVisible();
    await expect(sms.getByText('后台设置').first()).toBeVisible();
    await expect(page.getByText('后台已覆盖')).toBeVisible();

    await sms.getByLabel('接收测试短信的手机号').fill('13800138000');
    await sms.getByRole('button', { name: '发送测试' }).click();
    const result = sms.getByTestId('integration-test-result');
    await expect(result).toContainText('成功');
    await expect(result).toContainText('测试验证码已写入服务器日志');
    await expect(result).toContainText('138****8000');
    await result.scrollIntoViewIfNeeded();
    await shot(page, info, 'admin-integrations-sms-test');

    // The storage test writes, reads back and deletes an object.
    const storage = page.getByTestId('integration-storage');
    await storage.getByRole('button', { name: '发送测试' }).click();
    await expect(storage.getByTestId('integration-test-result')).toContainText('已写入、读回并删除');

    // Back to the environment.
    page.once('dialog', (d) => void d.accept());
    await sms.getByRole('button', { name: '全部恢复为环境变量' }).click();
    await expect(page.getByText('后台已覆盖')).toHaveCount(0);
    await page.goto('/admin/integrations');
    await expect(page.getByText('当前使用：控制台（写入日志）')).toBeVisible();
    await shot(page, info, 'admin-integrations');
  });
});

test.describe('the one-time setup link', () => {
  const port = Number(process.env.E2E_PORT ?? 3190) + 8;
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  let link = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A server of its own with no administrator (and none in its environment): it prints the link.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: `.tmp/e2e-setup-${Date.now().toString(36)}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    };
    delete env.ADMIN_PASSWORD;
    delete env.ADMIN_PHONE;
    server = spawn(process.execPath, ['apps/server/dist/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    server.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    for (let i = 0; i < 240 && !link; i++) {
      link = /(http:\/\/127\.0\.0\.1:\d+\/admin\/setup\?token=[A-Za-z0-9_-]{43})/.exec(out)?.[1] ?? '';
      if (!link) await new Promise((r) => setTimeout(r, 500));
    }
    if (!link) throw new Error('the setup server printed no link');
    for (let i = 0; i < 120; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('its first visitor creates the administrator; then the link is dead', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    await page.goto(`${base}/admin/setup?token=${'x'.repeat(43)}`);
    await expect(page.getByRole('alert')).toContainText('设置链接无效');
    await shot(page, info, 'admin-setup-invalid');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: '创建首个管理员' })).toBeVisible();
    await page.getByLabel('管理员账号').fill('owner');
    await page.getByLabel('密码', { exact: true }).fill('owner-pass-123');
    await page.getByLabel('确认密码').fill('owner-pass-12');
    await page.getByRole('button', { name: '创建管理员' }).click();
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
    await expectAccessible(page, 'main');
    await shot(page, info, 'admin-setup');

    await page.getByLabel('确认密码').fill('owner-pass-123');
    await page.getByRole('button', { name: '创建管理员' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText('管理员', { exact: false }).first()).toBeVisible();
    await shot(page, info, 'admin-setup-done');

    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('已被使用');
    await shot(page, info, 'admin-setup-used');
  });
});
