import { expectAccessible } from './axe.ts';
import { expect, freshName, loginViaApi, shot, test } from './fixtures.ts';

/** SPEC §4.6: a refused bind (this WeChat already belongs to another account) shows the reason and closes the dialog. */
test('binding a WeChat that another account holds: the reason is shown and the dialog closes', async ({ page, request }, info) => {
  const openid = freshName('wx');
  // Another account binds this WeChat first (the same calls the dialog makes).
  const other = (await (await request.post('/api/login/register', { data: { userName: freshName('o'), password: 'secret123' } })).json()).data.token as string;
  const auth = { Authorization: `Bearer ${other}` };
  const qr = (await (await request.get('/official/getQRSceneStrByBind', { headers: auth })).json()).data as { sceneStr: string; wxUrl: string };
  const otherScene = new URL(qr.wxUrl, 'http://x').searchParams.get('scene');
  expect((await (await request.post('/api/dev/wechat/scan', { data: { scene: otherScene, openid } })).json()).code).toBe(200);
  expect((await (await request.post('/official/bindWxBySceneStr', { headers: auth, data: { sceneStr: qr.sceneStr } })).json()).code).toBe(200);

  await loginViaApi(page);
  await page.goto('/user-center');
  await page.getByRole('button', { name: '去绑定' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定微信' });
  await expect(dialog.getByText(/二维码 \d+ 秒后自动刷新/)).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  const simulator = await dialog.getByRole('link', { name: '在模拟器中打开' }).getAttribute('href');
  const scene = new URL(simulator!, 'http://x').searchParams.get('scene');
  expect((await (await page.request.post('/api/dev/wechat/scan', { data: { scene, openid } })).json()).code).toBe(200);
  await expect(page.getByText('该微信已绑定其他账号')).toBeVisible();
  await expect(dialog).toBeHidden();
  await shot(page, info, 'bind-wechat-refused');
  // Still unbound: the account card offers binding again.
  await expect(page.getByRole('button', { name: '去绑定' })).toBeVisible();
});
