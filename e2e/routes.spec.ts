import { LAYOUT_ROUTES } from '../apps/web/src/app/routes.ts';
import { expect, isMobile, shot, test } from './fixtures.ts';

const TITLES: Record<string, string> = {
  Chat: '对话聊天', ChatFile: '文档分析', ChatTemp: '应用对话', ChatExpert: '专家对话', AppStore: '应用广场', AppH5: '应用广场',
  AppExpert: '专家对话', Market: '绘画广场', Draw: '基础绘画', Ai3: '智能绘画', Midjourney: '专业绘画', Mind: '思维导图',
  aippt: 'AI PPT', Paper: '论文写作', View: '文档查看', Role: '角色', Pay: '会员中心', Share: '推广计划', UserCenter: '个人中心',
};

test.describe('every route', () => {
  test('/ lands on /talk inside the layout, with the site title', async ({ page }, info) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/talk$/);
    await expect(page).toHaveTitle('知行 AI');
    if (isMobile(info)) await expect(page.getByRole('navigation').last()).toBeVisible();
    else await expect(page.getByText('知行 AI').first()).toBeVisible();
    await shot(page, info, 'talk');
  });

  for (const route of LAYOUT_ROUTES) {
    test(`${route.path} shows its screen`, async ({ page }, info) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(route.path);
      await expect(page).toHaveURL(new RegExp(`${route.path}$`));
      if (route.name === 'Chat') await expect(page.getByRole('textbox', { name: '输入消息' })).toBeVisible();
      else if (route.name === 'ChatTemp') await expect(page.getByRole('button', { name: '生成内容' })).toBeVisible();
      else if (route.name === 'ChatExpert') await expect(page.getByText('以上回答由 AI 生成，不保证 100% 准确，仅供参考').first()).toBeVisible();
      else await expect(page.getByRole('heading', { name: TITLES[route.name]!, level: 1 }).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await shot(page, info, `route-${route.name}`);
    });
  }

  for (const path of ['/welcome', '/404', '/500']) {
    test(`${path} stands outside the layout`, async ({ page }, info) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('link', { name: /开始使用|返回|首页/ }).or(page.getByRole('button', { name: /开始使用|返回|首页/ })).first()).toBeVisible();
      await shot(page, info, `outside-${path.slice(1)}`);
    });
  }

  test('an unknown path goes to /talk', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/talk$/);
  });

  test('the notice opens on first visit and 不再提示 keeps it closed', async ({ page }, info) => {
    await page.addInitScript(() => {
      sessionStorage.setItem('e2e-notice', '1');
      if (!sessionStorage.getItem('e2e-notice-cleared')) {
        localStorage.removeItem('noticeHidden');
        sessionStorage.setItem('e2e-notice-cleared', '1');
      }
    });
    await page.goto('/talk');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('欢迎使用知行 AI')).toBeVisible();
    await shot(page, info, 'notice');
    await dialog.getByRole('button', { name: '不再提示' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the theme switch turns the page dark and stays dark after a reload', async ({ page }, info) => {
    await page.goto('/user-center');
    if (!isMobile(info)) {
      await page.getByRole('radio', { name: '深色' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
    }
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.evaluate(() => localStorage.setItem('appSetting', JSON.stringify({ data: { theme: 'dark', siderCollapsed: false, language: 'zh-CN' }, expire: null })));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await shot(page, info, 'dark-user-center');
  });
});
