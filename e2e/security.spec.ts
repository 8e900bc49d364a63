import { spawn, type ChildProcess } from 'node:child_process';
import { expect, shot, test } from './fixtures.ts';

/**
 * Production-mode hardening: the CSP and the other headers on a page, the pages working under it,
 * and a second server with DEMO_MODE=0 where the WeChat simulator and the sandbox cashier do not exist.
 */

test('pages carry a strict CSP and the security headers, and the app runs under it', async ({ page, request }, info) => {
  const res = await request.get('/talk', { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const api = await request.get('/api/health');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");

  await page.goto('/talk');
  await expect(page.getByRole('textbox').first()).toBeVisible();
  // The hashed theme snippet ran (the html element got its theme class decided) and the banner shows demo mode.
  await expect(page.getByRole('button', { name: '关闭演示模式提示' })).toBeVisible();
  await shot(page, info, 'security-demo-banner');
  // DESIGN "demo mode": every page says so, not only the main layout's.
  for (const path of ['/welcome', '/s/not-a-share', '/404', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: '关闭演示模式提示' }), path).toBeVisible();
  }
  await shot(page, info, 'security-demo-banner-admin');
});

test('the simulator page escapes what it echoes and runs only its own script', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/api/dev/wechat/scan?scene=${encodeURIComponent('"</script><script>alert(1)</script><img src=x onerror=alert(2)>')}`);
  await expect(page.getByRole('button', { name: '确认登录' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});

test.describe('DEMO_MODE=0', () => {
  const port = Number(process.env.E2E_PORT ?? 3190) + 7;
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: `.tmp/e2e-nodemo-${Date.now().toString(36)}`,
        LOG_LEVEL: 'warn',
        DEMO_MODE: '0',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the DEMO_MODE=0 server did not start');
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('the WeChat simulator and the sandbox cashier answer 404, the page has its CSP and no banner', async ({ page }) => {
    for (const path of ['/api/dev/wechat/scan?scene=login_x', '/api/dev/wechat/oauth?redirect_uri=' + encodeURIComponent(`${base}/talk`), '/api/pay/sandbox/checkout?x=1', '/api/pay/sandbox/o/ZD1']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-security-policy'), path).toBeTruthy();
    }
    const info = await (await fetch(`${base}/api/website/info`)).json();
    expect(info.data.demo.mode).toBe(false);
    expect(info.data.website.config.login_way).toBe('mobile');
    const html = await fetch(`${base}/talk`, { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    await page.goto(`${base}/talk`);
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '关闭演示模式提示' })).toHaveCount(0);
  });
});
