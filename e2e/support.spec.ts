import { expectAccessible } from './axe.ts';
import { expect, loginViaApi, shot, test } from './fixtures.ts';

/** A 2x2 PNG, as a user's screenshot would be. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

const adminToken = async (request: import('@playwright/test').APIRequestContext) => {
  const r = await request.post('/api/login/account-login', { data: { userName: 'e2e_admin', password: 'e2e-admin-pass' } });
  return (await r.json()).data.token as string;
};

test.describe('feedback and card keys', () => {
  test('feedback with a picture; the operator’s reply shows as unread in the user centre until opened', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/user-center');
    await page.getByRole('button', { name: /意见反馈/ }).click();
    const dialog = page.getByRole('dialog', { name: '意见反馈' });
    await dialog.getByRole('textbox', { name: '意见反馈' }).fill('手机上导出的 PPT 字体不对，希望能修复。');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('img', { name: '反馈图片 1' })).toBeVisible();
    await expect(dialog.getByText('22/1000')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, info, 'feedback-new');
    await dialog.getByRole('button', { name: '提交反馈' }).click();
    await expect(page.getByText('提交成功，感谢您的反馈')).toBeVisible();
    await expect(dialog.getByText('手机上导出的 PPT 字体不对，希望能修复。')).toBeVisible();
    await dialog.getByRole('button', { name: '返回' }).click();
    await expect(dialog.getByText('待回复')).toBeVisible();

    const admin = await adminToken(page.request);
    const list = await page.request.get('/api/admin/feedback/list?awaiting=1', { headers: { authorization: `Bearer ${admin}` } });
    const id = (await list.json()).data.rows.find((r: { content: string }) => r.content.startsWith('手机上导出的 PPT')).id;
    const reply = await page.request.post('/api/admin/feedback/reply', { headers: { authorization: `Bearer ${admin}` }, data: { id, content: '已修复，请更新后重新导出。' } });
    expect((await reply.json()).code).toBe(200);

    await page.keyboard.press('Escape');
    await page.reload();
    const row = page.getByRole('button', { name: /意见反馈.*1 条新回复/ });
    await expect(row).toBeVisible();
    await shot(page, info, 'feedback-unread');
    await row.click();
    await expect(dialog.getByText('1 条新回复')).toBeVisible();
    await dialog.getByRole('button', { name: /手机上导出的 PPT/ }).click();
    await expect(dialog.getByText('已修复，请更新后重新导出。')).toBeVisible();
    await dialog.getByRole('textbox', { name: '继续回复' }).fill('好的，谢谢！');
    await dialog.getByRole('button', { name: '发送' }).click();
    await expect(dialog.getByText('好的，谢谢！')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, info, 'feedback-thread');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /意见反馈/ })).not.toContainText('新回复');
  });

  test('redeeming a card key: the credits arrive once, a second try says it was used', async ({ page }, info) => {
    const admin = await adminToken(page.request);
    const made = await page.request.post('/api/admin/card-keys/batches', { headers: { authorization: `Bearer ${admin}` }, data: { name: '新人礼包', quantity: 1, model3: 20, draw: 3 } });
    const code = (await made.json()).data.codes[0] as string;
    await loginViaApi(page);
    await page.goto('/user-center');
    await page.getByRole('button', { name: /兑换卡密/ }).click();
    const dialog = page.getByRole('dialog', { name: '兑换卡密' });
    await expect(dialog.getByText('暂无兑换记录')).toBeVisible();
    const input = dialog.getByRole('textbox', { name: '卡密' });
    await input.pressSequentially(code.replaceAll('-', '').toLowerCase(), { delay: 5 });
    await expect(input).toHaveValue(code);
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: '立即兑换' }).click();
    await expect(dialog.getByRole('status')).toHaveText('已到账：基础模型 20 次 · 绘画 3 次');
    await expect(dialog.getByText('新人礼包')).toBeVisible();
    await shot(page, info, 'redeem-done');
    await input.fill(code);
    await dialog.getByRole('button', { name: '立即兑换' }).click();
    await expect(page.getByText('该卡密已被使用')).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
  });
});
