import type { Page } from '@playwright/test';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

async function appId(page: Page, kind: 'template' | 'expert', title: string) {
  const res = await page.request.get(`/api/app/store?kind=${kind}&keyword=${encodeURIComponent(title)}`);
  const card = (await res.json()).data.list.find((c: { title: string }) => c.title === title);
  return card.id as number;
}

test.describe('template and expert chat', () => {
  test('template: the form rules, generate, then continue the conversation', async ({ page }, info) => {
    await loginViaApi(page);
    const id = await appId(page, 'template', '公众号标题');
    await page.goto(`/talk-temp?id=${id}`);
    const generate = page.getByRole('button', { name: '生成内容' });
    await expect(generate).toBeVisible();
    await generate.click();
    await expect(page.getByText('请正确输入必填项').first()).toBeVisible();

    await page.getByLabel('文章内容').fill('本文介绍如何用 AI 助手在十分钟内写完一份周报，包括整理素材、生成初稿和润色。');
    await page.getByLabel('标题风格').selectOption({ index: 1 });
    const count = page.getByLabel('标题数量');
    await count.fill('2');
    await count.blur();
    await expect(page.getByText('输入值必须大于5').first()).toBeVisible();
    await expect(count).toHaveValue('5');
    await shot(page, info, 'template-form');
    await generate.click();
    await expect(page.getByText('离线演示').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });

    // After the first exchange the input box appears and continues the conversation.
    const input = page.getByRole('textbox', { name: '输入消息' });
    await expect(input).toBeVisible();
    await input.fill('再给我两个更活泼的');
    if (isMobile(info)) await page.getByRole('button', { name: '发送' }).click();
    else await input.press('Enter');
    await expect(page.getByText('再给我两个更活泼的').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });
    await shot(page, info, 'template-chat');
  });

  test('expert: description, notice, and an example question sends', async ({ page }, info) => {
    await loginViaApi(page);
    const id = await appId(page, 'expert', '营养师');
    await page.goto(`/talk-expert?id=${id}`);
    await expect(page.getByText('以上回答由 AI 生成，不保证 100% 准确，仅供参考').first()).toBeVisible();
    const detail = await (await page.request.get(`/api/app/detail/${id}`)).json();
    const question = detail.data.identity_questions[0] as string;
    await shot(page, info, 'expert-chat');
    await page.getByRole('button', { name: question }).click();
    await expect(page.getByText('离线演示').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('textbox', { name: '输入消息' })).toBeVisible();
  });
});
