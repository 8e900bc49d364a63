import { expect, test } from '@playwright/test';
import { BROWSER_UI_FEATURES } from './chromium.ts';

/** e2e/chromium.ts: the browser the tests and benches drive runs the page, not its own address-bar UI. */
test('the launch flags keep every feature Playwright disables and add the browser UI ones', async ({ browser, page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the browser is the same in both projects');
  await page.goto('chrome://version');
  const commandLine = (await page.locator('#command_line').textContent()) ?? '';
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((m) => m[1]!.split(','));
  // Playwright's own list first, ours last: Chromium reads only the last one.
  expect(lists.length).toBeGreaterThanOrEqual(2);
  const [playwrights, effective] = [lists[0]!, lists[lists.length - 1]!];
  expect(playwrights.filter((f) => !effective.includes(f))).toEqual([]);
  for (const f of BROWSER_UI_FEATURES) expect(effective).toContain(f);

  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.map((t) => t.url).filter((url) => url.startsWith('chrome://omnibox'))).toEqual([]);
  await cdp.detach();
});
