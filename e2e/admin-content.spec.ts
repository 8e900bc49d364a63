import { expectAccessible } from './axe.ts';
import { chatInput, sendChat } from './chat-helpers.ts';
import type { Browser } from '@playwright/test';
import { asAdmin, expect, freshName, isMobile, loginViaApi, shot, test } from './fixtures.ts';

/** A second, signed-in user's page beside the admin's, without the welcome notice (as the fixture does for `page`). */
async function userPage(browser: Browser) {
  const user = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await user.addInitScript(() => localStorage.setItem('noticeHidden', JSON.stringify({ data: 1, expire: null })));
  await loginViaApi(user);
  return user;
}

test.describe('admin console: content', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the operator edits a template app and a user sees it in the app store at once', async ({ page, browser }, info) => {
    test.skip(isMobile(info), 'desktop only');
    const token = await asAdmin(page);
    const auth = { authorization: `Bearer ${token}` };
    const name = freshName('模板');
    const cats = (await (await page.request.get('/api/admin/content/categories', { headers: auth })).json()).data.rows as { id: number; kind: string; name: string }[];
    const made = await page.request.post('/api/admin/content/apps', {
      headers: auth,
      data: { kind: 'template', categoryId: cats.find((c) => c.kind === 'template')!.id, title: name, description: '初始简介', icon: 'briefcase', prompt: '请写：{{topic}}', variables: { topic: { name: '主题', form_type: 'input_text', placeholder: '', tip: '', require: true } } },
    });
    expect((await made.json()).code).toBe(200);

    await page.goto('/admin/apps');
    await expect(page.getByRole('heading', { name: '应用与专家', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: '搜索名称、简介或提示词' }).fill(name);
    await page.getByRole('searchbox', { name: '搜索名称、简介或提示词' }).press('Enter');
    await page.getByRole('button', { name: `编辑「${name}」` }).click();
    const dialog = page.getByRole('dialog');
    // A long form gets the dialog's full height (85% of the viewport), not half of it.
    await expect(dialog.getByRole('textbox', { name: '名称', exact: true })).toBeVisible();
    expect((await dialog.boundingBox())!.height).toBeGreaterThan(600);
    const edited = `${name}改`;
    await dialog.getByRole('textbox', { name: '名称', exact: true }).fill(edited);
    await dialog.getByRole('textbox', { name: '简介', exact: true }).fill('控制台改过的简介');
    await dialog.getByRole('combobox', { name: '图标' }).selectOption('pen-line');
    await dialog.getByRole('textbox', { name: '显示名称' }).fill('写作主题');
    await expect(dialog.getByRole('textbox', { name: '提示词' })).toHaveValue('请写：{{topic}}');
    await shot(page, info, 'admin-content-app-edit');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox', { name: '搜索名称、简介或提示词' }).fill(edited);
    await page.getByRole('searchbox', { name: '搜索名称、简介或提示词' }).press('Enter');
    await expect(page.getByRole('row', { name: new RegExp(edited) })).toContainText('控制台改过的简介');
    await expectAccessible(page);
    await shot(page, info, 'admin-content-apps');
    await page.getByRole('button', { name: '新增专家' }).click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: '专家介绍' })).toBeVisible();
    await expect(page.getByRole('dialog').getByText('表单变量')).toBeHidden();
    await shot(page, info, 'admin-content-expert-new');
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

    const user = await userPage(browser);
    await user.goto('/app-store');
    await user.getByRole('searchbox', { name: '搜索应用' }).or(user.getByRole('textbox', { name: '搜索应用' })).first().fill(edited);
    await expect(user.getByRole('link', { name: `打开${edited}` })).toBeVisible();
    await expect(user.getByText('控制台改过的简介')).toBeVisible();
    await expect(user.getByRole('link', { name: '打开周报生成' })).toBeHidden();
    await shot(user, info, 'admin-content-store-user');

    // Switched off in the console, it leaves the store.
    await page.getByRole('switch', { name: `上架「${edited}」` }).click();
    await expect(page.getByRole('switch', { name: `上架「${edited}」` })).toHaveAttribute('aria-checked', 'false');
    const store = await user.request.get(`/api/app/store?keyword=${encodeURIComponent(edited)}`);
    expect((await store.json()).data.meta.total).toBe(0);
    await user.reload();
    await expect(user.getByRole('heading', { name: `没有找到与「${edited}」相关的应用` })).toBeVisible();
    await expect(user.getByRole('link', { name: `打开${edited}` })).toBeHidden();
    await user.close();
  });

  test('a word added in the console refuses a user’s chat with the message, and removed lets it through', async ({ page, browser }, info) => {
    test.skip(isMobile(info), 'desktop only');
    await asAdmin(page);
    const word = freshName('禁词');
    await page.goto('/admin/words');
    await expect(page.getByRole('heading', { name: '违规词', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: '添加违规词' }).fill(`${word}\n${word.toUpperCase()}\n`);
    await page.getByRole('button', { name: '添加', exact: true }).click();
    await expect(page.getByText('新增 1 个，已存在 0 个')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(word.toLowerCase()) })).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'admin-content-words');

    const user = await userPage(browser);
    await user.goto('/talk');
    await sendChat(user, info, `请解释一下 ${word.toUpperCase()} 是什么`);
    await expect(user.getByText('您的内容包含违规词，请修改后重试')).toBeVisible();
    await expect(chatInput(user)).toHaveValue(`请解释一下 ${word.toUpperCase()} 是什么`);
    await user.waitForTimeout(300); // the toast's entrance
    await shot(user, info, 'admin-content-chat-refused');

    await page.getByRole('button', { name: `删除「${word.toLowerCase()}」` }).click();
    await expect(page.getByText('已删除 1 个')).toBeVisible();
    await user.close();
  });

  test('document actions are listed from the table and can be switched off', async ({ page }, info) => {
    test.skip(isMobile(info), 'desktop only');
    await asAdmin(page);
    await page.goto('/admin/document-actions');
    await expect(page.getByRole('heading', { name: '文档操作', level: 1 })).toBeVisible();
    for (const label of ['总结全文', '提取要点', '问答', '翻译全文', '生成大纲']) await expect(page.getByRole('switch', { name: `启用「${label}」` })).toBeVisible();
    await expectAccessible(page);
    await shot(page, info, 'admin-content-doc-actions');
  });
});
