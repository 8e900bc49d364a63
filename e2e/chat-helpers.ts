import type { Page, TestInfo } from '@playwright/test';
import { expect, isMobile } from './fixtures.ts';

/** The chat composer's input. */
export const chatInput = (page: Page) => page.getByRole('textbox', { name: '输入消息' });

/** Types a message and sends it the way the width does (the button on phones, Enter on desktop). */
export async function sendChat(page: Page, info: TestInfo, text: string) {
  await chatInput(page).fill(text);
  if (isMobile(info)) await page.getByRole('button', { name: '发送' }).click();
  else await chatInput(page).press('Enter');
}

/** Waits for a reply to start and finish (the stop button comes and goes). */
export async function waitReplyDone(page: Page) {
  await expect(page.getByRole('button', { name: '停止生成' })).toBeVisible();
  await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });
}
