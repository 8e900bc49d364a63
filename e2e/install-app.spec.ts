import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect, isMobile, shot, test } from './fixtures.ts';

/** What Chrome and Edge fire when the web app can be installed; its prompt() is recorded. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { prompted: number };
    w.prompted = 0;
    const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void (w.prompted += 1),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });

/** SPEC §1 desktop app: the installable web app; 安装应用 in the account menu while the browser offers it. */
test('安装应用 shows in the account menu only while the browser offers installing, and opens its dialog', async ({ page }, info) => {
  await page.goto('/talk');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const openMenu = async () => {
    if (!isMobile(info)) return;
    await page.getByRole('button', { name: '打开菜单' }).first().click();
    // The drawer's chunk loads on first open: wait for it, or an Escape pressed before it lands closes nothing.
    await expect(page.getByRole('dialog')).toBeVisible();
  };
  await openMenu();
  await expect(page.getByRole('button', { name: '安装应用' })).toHaveCount(0);
  if (isMobile(info)) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  expect(await offerInstall(page)).toBe(true);
  await openMenu();
  const install = page.getByRole('button', { name: '安装应用' }).locator('visible=true');
  await expect(install).toBeVisible();
  await expectAccessible(page);
  await shot(page, info, 'install-app');
  await install.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
  await openMenu().catch(() => undefined);
  await expect(page.getByRole('button', { name: '安装应用' })).toHaveCount(0);
});
