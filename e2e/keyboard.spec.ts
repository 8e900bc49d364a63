import type { Page } from '@playwright/test';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

/** What has keyboard focus: its role-ish tag, accessible label and whether a focus ring is drawn. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return {
      tag: el.tagName.toLowerCase(),
      label: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '',
      ring,
      visible: el.getBoundingClientRect().width > 0,
    };
  });
}

/** Presses `key` until `done` says the focused element is the one sought (at most `max` presses). */
async function tabTo(page: Page, key: 'Tab' | 'Shift+Tab', done: (f: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, max = 40) {
  const unringed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (!f) continue;
    // Every button and link reached by Tab shows where the focus is.
    if ((f.tag === 'button' || f.tag === 'a') && !f.ring) unringed.push(f.label);
    if (done(f)) return unringed;
  }
  throw new Error(`not reached with ${key} in ${max} presses`);
}

test.describe('keyboard only', () => {
  test('the chat: tab to the input, send, hear the reply once, reach its copy button, settings open and close with Esc', async ({ page, context }, info) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginViaApi(page);
    await page.goto('/talk');
    await expect(page.getByText('你好，我是知行助手')).toBeVisible();

    // Records every text the live region is given, to check the reply is announced once.
    await page.evaluate(() => {
      const w = window as unknown as { announced: string[] };
      w.announced = [];
      const region = document.querySelector('[data-testid="reply-announcer"]')!;
      new MutationObserver(() => {
        const text = region.textContent?.trim() ?? '';
        if (text) w.announced.push(text);
      }).observe(region, { childList: true, characterData: true, subtree: true });
    });

    // From the top of the page to the message box with Tab alone.
    const input = page.getByRole('textbox', { name: '输入消息' });
    const unringed = await tabTo(page, 'Tab', (f) => f.tag === 'textarea' && f.label === '输入消息', 60);
    expect(unringed, 'buttons and links without a visible focus ring').toEqual([]);
    await expect(input).toBeFocused();

    await page.keyboard.type('用 Python 写一个快速排序');
    await shot(page, info, 'keyboard-typed');
    await page.keyboard.press(isMobile(info) ? 'Control+Enter' : 'Enter');
    await expect(page.getByRole('button', { name: '停止生成' })).toBeVisible();
    await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText('离线演示').first()).toBeVisible();

    // Announced once, when it ended (not chunk by chunk).
    const announcer = page.getByTestId('reply-announcer');
    await expect(announcer).toHaveText('AI 回复已完成');
    await expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(await page.evaluate(() => (window as unknown as { announced: string[] }).announced.length)).toBe(1);

    // Back from the input to the reply's copy button, and copy with Enter.
    await input.focus();
    const back = await tabTo(page, 'Shift+Tab', (f) => f.label === '复制', 30);
    expect(back, 'buttons and links without a visible focus ring').toEqual([]);
    await shot(page, info, 'keyboard-copy-focused');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('离线演示');

    // A dialog opened from the keyboard closes with Esc and gives the focus back.
    const settings = page.getByRole('button', { name: '对话设置' }).first();
    await tabTo(page, 'Shift+Tab', (f) => f.label === '对话设置', 40);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(settings).toBeFocused();
  });
});
