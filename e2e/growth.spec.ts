import { expectAccessible } from './axe.ts';
import { expect, freshName, loginViaApi, shot, test } from './fixtures.ts';

test.describe('growth', () => {
  test('daily sign-in from the user centre: calendar, rewards, one sign-in a day', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/user-center');
    await page.getByRole('button', { name: /每日签到/ }).first().click();
    const dialog = page.getByRole('dialog', { name: '每日签到' });
    await expect(dialog.getByText(/每日签到可领取：基础对话 5 次/)).toBeVisible();
    await expect(dialog.getByText('今天还没有签到')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, info, 'sign-in-dialog');
    await dialog.getByRole('button', { name: '立即签到' }).click();
    await expect(page.getByText('签到成功！')).toBeVisible();
    await expect(dialog.getByText('已连续签到 1 天')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '今日已签到' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: /已签到$/ })).toHaveCount(1);
    await shot(page, info, 'sign-in-done');
    await dialog.getByRole('button', { name: '今日已签到' }).click();
    await expect(page.getByText('已连续签到 1 天').first()).toBeVisible();
  });

  test('/share: the invite link and poster; a friend who registers with it shows in the record', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/share');
    const code = (await page.getByTestId('share-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{6,}$/);
    await expect(page.getByText(`/talk?invitedBy=${code}`)).toBeVisible();
    await expect(page.getByText('还没有邀请记录，快去邀请好友吧')).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'share');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '保存海报' }).click();
    expect((await download).suggestedFilename()).toBe(`invite-${code}.png`);

    const friend = await page.request.post('/api/login/register', { data: { userName: freshName('f'), password: 'secret123', invitedBy: code } });
    expect((await friend.json()).code).toBe(200);
    await page.reload();
    await expect(page.getByText('1 人')).toBeVisible();
    await expect(page.getByText('+10 基础 · +2 高级 · +5 绘画')).toBeVisible();
    await shot(page, info, 'share-record');
  });
});
