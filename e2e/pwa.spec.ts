import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, shot, test } from './fixtures.ts';

/** The installable app: installability, the service worker's caching, offline, updates, WeChat. */
test.use({ serviceWorkers: 'allow' });

const INDEX = join(import.meta.dirname, '../apps/web/dist/index.html');

const controlled = (page: import('@playwright/test').Page) =>
  page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 20_000 });

test('installable (no installability errors), the second load comes from the service worker, API calls never do', async ({ baseURL }, info) => {
  // A profile on disk: Chromium calls every app of an incognito context (Playwright's default) not installable.
  const use = info.project.use;
  const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: use.launchOptions?.executablePath,
    args: use.launchOptions?.args,
    baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: 'zh-CN',
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
  await page.goto('/talk');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.waitForLoadState('networkidle');
  const cdp = await page.context().newCDPSession(page);
  // Asked once the page has settled (asked while the manifest is still being fetched, Chromium answers manifest-location-changed).
  await expect
    .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId), { timeout: 15_000 })
    .toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);

  await page.reload();
  await controlled(page);
  const again = await page.reload();
  expect(again?.fromServiceWorker()).toBe(true);
  await expect(page.locator('main')).toBeVisible();

  const api = page.waitForResponse((r) => r.url().includes('/api/health'));
  await page.evaluate(() => fetch('/api/health'));
  expect((await api).fromServiceWorker()).toBe(false);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) for (const req of await (await caches.open(key)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain('/');
  expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/uploads/'))).toEqual([]);
  await shot(page, info, 'pwa-installed');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline: pages open from the cache; the offline page is accessible', async ({ page, context }, info) => {
  await page.goto('/talk');
  await controlled(page).catch(async () => {
    await page.reload();
    await controlled(page);
  });
  await context.setOffline(true);
  const res = await page.goto('/user-center');
  expect(res?.fromServiceWorker()).toBe(true);
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.setOffline(false);
  await page.goto('/offline.html');
  await expect(page.getByRole('heading', { name: '网络未连接' })).toBeVisible();
  await expectAccessible(page, 'main');
  await shot(page, info, 'pwa-offline');
});

test('a new deployment is offered as 刷新, and the page reloads into it', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'one viewport is enough for the deploy flow');
  const original = readFileSync(INDEX, 'utf8');
  try {
    await page.goto('/talk');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await controlled(page);
    const before = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
    // A new build: index.html changes, so /sw.js names a new version.
    writeFileSync(INDEX, original.replace('</head>', `<!-- e2e deploy ${Date.now()} --></head>`));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.getByRole('status').filter({ hasText: '新版本已发布' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, '[role=status]');
    await shot(page, info, 'pwa-update-prompt');
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: '刷新' }).click();
    await reloaded;
    await controlled(page);
    const version = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const ch = new MessageChannel();
          ch.port1.onmessage = (e) => resolve(String(e.data));
          navigator.serviceWorker.controller!.postMessage({ type: 'version' }, [ch.port2]);
        }),
    );
    const current = await (await page.request.get('/sw.js')).text();
    expect(current).toContain(`const VERSION = "${version}"`);
    expect(before).toMatch(/\/sw\.js$/);
    await expect(prompt).toBeHidden();
  } finally {
    writeFileSync(INDEX, original);
  }
});

test.describe("WeChat's in-app browser", () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN' });
  test('logs in silently through OAuth, registers no service worker, and the page works', async ({ page }) => {
    await page.goto('/talk');
    // No token inside WeChat: the app goes to the authorisation page (here the demo simulator) and comes back with a code.
    await page.waitForURL(/\/api\/dev\/wechat\/oauth\?/, { timeout: 30_000 });
    await page.getByRole('link', { name: '同意' }).click();
    await page.waitForURL(/\/talk$/, { timeout: 30_000 });
    await expect(page.locator('main')).toBeVisible();
    await expect.poll(() => page.evaluate(() => !!localStorage.getItem('SECRET_TOKEN'))).toBe(true);
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  });
});
