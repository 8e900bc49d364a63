import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Browser, type Page, type TestInfo } from '@playwright/test';

export const SHOTS_DIR = join(import.meta.dirname, 'screenshots');

/** Saves a full-page screenshot as e2e/screenshots/<project>/<name>.png (ignored by git). */
export async function shot(page: Page, info: TestInfo, name: string) {
  const dir = join(SHOTS_DIR, info.project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}

export const isMobile = (info: TestInfo) => info.project.name === 'mobile';

/** A random valid phone number (runs may share a database, so never a fixed one). */
export function freshPhone() {
  const second = '35789'[Math.floor(Math.random() * 5)];
  return `1${second}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export const freshName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The code the console SMS adapter "sent" (exposed only to browser tests). */
export async function lastSmsCode(page: Page, mobile: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await page.request.get(`/api/dev/sms/last-code?mobile=${mobile}`);
    const code = (await res.json()).data?.code;
    if (code) return code;
    await page.waitForTimeout(200);
  }
  throw new Error(`no SMS code for ${mobile}`);
}

/** Logs in through the API and stores the token the way the app does. */
export async function loginViaApi(page: Page, userName = freshName('u'), password = 'secret123') {
  const reg = await page.request.post('/api/login/register', { data: { userName, password } });
  const token = (await reg.json()).data.token as string;
  await page.addInitScript((t) => {
    if (!localStorage.getItem('SECRET_TOKEN')) localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: t, expire: Date.now() + 604800_000 }));
  }, token);
  return { token, userName, password };
}

/** The administrator the e2e server creates (ADMIN_USERNAME / ADMIN_PASSWORD in playwright.config.ts). */
const ADMIN = { userName: 'e2e_admin', password: 'e2e-admin-pass' };

/** Signs in as that administrator and stores the token the way the app does; returns it. */
export async function asAdmin(page: Page) {
  const res = await page.request.post('/api/login/account-login', { data: ADMIN });
  const token = (await res.json()).data.token as string;
  await page.addInitScript((t) => localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: t, expire: Date.now() + 604800_000 })), token);
  return token;
}

/** Keeps the welcome notice shut on a page (it opens on each page load, as a modal that hides the page from roles). */
export const hideNotice = (page: Page) =>
  page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-notice')) localStorage.setItem('noticeHidden', JSON.stringify({ data: 1, expire: null }));
  });

/** A page of a browser context of its own (another user), with the welcome notice shut as on the fixture's page. */
export async function quietPage(browser: Browser) {
  const page = await browser.newPage();
  await hideNotice(page);
  return page;
}

/** Hides the welcome notice for every test unless it asks for it; fails a test whose page broke a Content-Security-Policy rule. */
export const test = base.extend<{ quietNotice: void; noCspViolations: void }>({
  noCspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (m) => {
        // The artifact preview frame (policy `default-src 'none'; connect-src 'none'`) blocks what a reply's code
        // tries: its job, so its reports are expected. The app's own policy never says 'none' for these, and a
        // blocked fetch of the app's also logs the directive it broke, which is still caught.
        if (/"(connect|default)-src 'none'"/.test(m.text()) || m.text().startsWith('Fetch API cannot load')) return;
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      await use();
      expect(violations, 'CSP violations').toEqual([]);
    },
    { auto: true },
  ],
  quietNotice: [
    async ({ page }, use) => {
      await hideNotice(page);
      await use();
    },
    { auto: true },
  ],
});

export { expect };
