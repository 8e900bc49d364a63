import { expectAccessible, expectNamesContainLabels } from './axe.ts';
import type { Page } from '@playwright/test';
import { createCanvas } from '@napi-rs/canvas';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

/** A real PNG of one colour with a label (a picture to upload). */
function picture(color: string, label: string, width = 240, height = 180) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff';
  ctx.font = '28px sans-serif';
  ctx.fillText(label, 20, height / 2);
  return { name: `${label}.png`, mimeType: 'image/png', buffer: canvas.toBuffer('image/png') };
}

/** This feature's screen (and its open dialog): the layout around it is checked by its own tests. */
const axe = async (page: Page, dialog = false) => {
  const include = ['[data-testid$="-page"]', ...(dialog ? ['[role="dialog"]'] : [])];
  await expectAccessible(page, ...include);
  await expectNamesContainLabels(page, ...include);
};

test.describe('drawing', () => {
  test('basic drawing: example prompt, draw, preview with zoom, publish', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/draw');
    await expect(page.getByRole('heading', { name: '基础绘画', level: 1 }).first()).toBeVisible();
    await expect(page.getByText('离线演示').locator('visible=true').first()).toBeVisible();
    await page.getByRole('button', { name: '江南水乡' }).click();
    await expect(page.getByLabel('画面描述')).toHaveValue(/江南水乡/);
    await expect(page.getByRole('radio', { name: '国风水墨' })).toHaveAttribute('aria-checked', 'true');
    await axe(page);
    await shot(page, info, 'draw-form');
    await page.getByRole('button', { name: '开始绘画' }).click();
    const result = page.getByRole('button', { name: /^查看大图：清晨的江南水乡/ }).first();
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.locator('img')).toHaveJSProperty('complete', true);
    await page.getByText('本次结果').scrollIntoViewIfNeeded();
    await shot(page, info, 'draw-result');
    await result.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img')).toBeVisible();
    await dialog.getByRole('button', { name: '放大查看' }).click();
    await expect(dialog.getByRole('button', { name: '缩小到适合窗口' })).toBeVisible();
    await axe(page);
    await shot(page, info, 'draw-preview');
    await dialog.getByRole('button', { name: '发布到广场' }).click();
    await expect(page.getByText('已发布到绘画广场')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // 本次结果 and 我的作品 show the same state: published, from either of them, and withdrawn again.
    const results = page.locator('#draw-result');
    const works = page.getByRole('region', { name: '我的作品' });
    await expect(results.getByRole('button', { name: '从广场撤回' })).toHaveCount(1);
    await expect(works.getByRole('button', { name: '从广场撤回' })).toHaveCount(1);
    await results.getByRole('button', { name: '从广场撤回' }).click();
    await expect(results.getByRole('button', { name: '发布到广场' })).toHaveCount(1);
    await expect(works.getByRole('button', { name: '发布到广场' })).toHaveCount(1);
    await results.getByRole('button', { name: '发布到广场' }).click();
    await expect(works.getByRole('button', { name: '从广场撤回' })).toHaveCount(1);
    await expect(results.getByText('已公开')).toBeVisible();
    await expect(works.getByText('已公开')).toBeVisible();
    await axe(page);
    await works.scrollIntoViewIfNeeded();
    await shot(page, info, 'draw-published');
  });

  test('smart drawing: plain Chinese becomes an editable English prompt, then a picture', async ({ page }, info) => {
    await loginViaApi(page);
    await page.goto('/ai3');
    await expect(page.getByRole('heading', { name: '智能绘画', level: 1 }).first()).toBeVisible();
    await page.getByLabel('你想画什么').fill('雪山脚下的小木屋，天上有极光');
    await page.getByRole('button', { name: '生成英文提示词' }).click();
    const english = page.getByLabel('英文提示词（可修改）');
    await expect(english).toHaveValue(/雪山脚下的小木屋.*highly detailed/);
    await english.fill(`${await english.inputValue()}, aurora borealis`);
    await page.getByRole('radio', { name: '高清' }).click();
    // The offline painter takes a reference picture (as gpt-image does), so the control is there.
    await page.getByLabel('上传参考图').setInputFiles(picture('#0f766e', 'ref'));
    await expect(page.getByRole('img', { name: '参考图' })).toBeVisible();
    await axe(page);
    await shot(page, info, 'ai3-prompt');
    // The server's answer is checked first, so a failure says whether the drawing was refused or never asked for.
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/draw-image/dalle3') && r.request().method() === 'POST', { timeout: 20_000 });
    await page.getByRole('button', { name: '开始绘画' }).click();
    const answer = await answered;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.getByRole('button', { name: /^查看大图：雪山脚下的小木屋/ }).first()).toBeVisible({ timeout: 20_000 });
    await shot(page, info, 'ai3-result');
  });

  test('professional drawing: progress, a 2×2 grid, then U1 as a new task', async ({ page }, info) => {
    test.setTimeout(90_000);
    await loginViaApi(page);
    await page.goto('/midjourney');
    await expect(page.getByRole('heading', { name: '专业绘画', level: 1 }).first()).toBeVisible();
    await page.getByLabel('画面描述').fill('a lighthouse at dusk, cinematic lighting');
    await page.getByRole('button', { name: '开始绘画' }).click();
    const task = page.getByTestId('mj-task').first();
    await expect(task.getByRole('progressbar')).toBeVisible();
    await shot(page, info, 'mj-progress');
    await expect(task.getByText('已完成')).toBeVisible({ timeout: 30_000 });
    // Named by what they show first (WCAG 2.5.3), then what they do.
    await expect(task.getByRole('button', { name: 'U1，放大第 1 张', exact: true })).toBeVisible();
    await expect(task.getByRole('button', { name: 'V2，变换第 2 张', exact: true })).toBeVisible();
    await axe(page);
    await task.scrollIntoViewIfNeeded();
    await shot(page, info, 'mj-grid');
    await task.getByRole('button', { name: /^U1/ }).click();
    await expect(page.getByTestId('mj-task')).toHaveCount(2);
    await expect(page.getByTestId('mj-task').first().getByText('放大', { exact: true })).toBeVisible();
    await expect(page.getByTestId('mj-task').first().getByText('已完成')).toBeVisible({ timeout: 30_000 });
    await shot(page, info, 'mj-upscaled');
  });

  test('gallery: a published work in a masonry, filtered by type, "use this prompt" opens the screen filled in', async ({ page }, info) => {
    const { token } = await loginViaApi(page);
    const headers = { Authorization: `Bearer ${token}` };
    const prompt = `画廊测试 ${Date.now()}`;
    const drawn = await page.request.post('/api/draw-image/basic', { headers, data: { prompt, type: 'anime', size: 'portrait', n: 2 } });
    for (const img of (await drawn.json()).data.list as { id: number }[]) {
      await page.request.post('/api/draw-image/publish', { headers, data: { id: img.id, public: true } });
    }
    await page.goto('/market');
    await expect(page.getByRole('heading', { name: '绘画广场', level: 1 }).first()).toBeVisible();
    await page.getByRole('radio', { name: '动漫' }).click();
    const card = page.getByRole('listitem').filter({ hasText: prompt }).first();
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('srcset', /384w/);
    await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
    await axe(page);
    await shot(page, info, 'market');
    await card.getByRole('button', { name: '使用此提示词' }).click();
    await expect(page).toHaveURL(/\/draw\?prompt=/);
    await expect(page.getByLabel('画面描述')).toHaveValue(prompt);
    await expect(page.getByRole('radio', { name: '动漫' })).toHaveAttribute('aria-checked', 'true');
    if (isMobile(info)) await shot(page, info, 'market-use');
  });

  test('professional drawing: 混图 from three pictures, then 识图 into four prompts, one used to draw', async ({ page }, info) => {
    test.setTimeout(120_000);
    await loginViaApi(page);
    await page.goto('/midjourney');
    await page.getByRole('radio', { name: '混图' }).click();
    await expect(page.getByRole('button', { name: '开始混图' })).toBeDisabled();
    await page.getByLabel('添加图片').setInputFiles([picture('#1d4ed8', 'one'), picture('#b91c1c', 'two'), picture('#15803d', 'three')]);
    await expect(page.getByRole('img', { name: /^第 \d 张图片$/ })).toHaveCount(3);
    await page.getByRole('button', { name: '移除第 3 张图片' }).click();
    await expect(page.getByRole('img', { name: /^第 \d 张图片$/ })).toHaveCount(2);
    await page.getByRole('radio', { name: '横图 3:2' }).click();
    await expect(page.getByText(/^消耗 2 绘画积分/)).toBeVisible();
    await axe(page);
    await shot(page, info, 'mj-blend-form');
    await page.getByRole('button', { name: '开始混图' }).click();
    const blend = page.getByTestId('mj-task').first();
    await expect(blend.getByText('混图', { exact: true })).toBeVisible();
    await expect(blend.getByText('已完成')).toBeVisible({ timeout: 30_000 });
    await expect(blend.getByRole('button', { name: /^U1/ })).toBeVisible();
    await blend.scrollIntoViewIfNeeded();
    await shot(page, info, 'mj-blend-result');

    await page.getByRole('radio', { name: '识图' }).click();
    await page.getByLabel('上传图片').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<html>not a picture</html>') });
    await expect(page.getByText('参考图只支持 png、jpg、webp')).toBeVisible();
    await page.getByLabel('上传图片').setInputFiles(picture('#7c3aed', 'describe me'));
    await expect(page.getByRole('img', { name: '要识别的图片' })).toBeVisible();
    await expect(page.getByText(/^消耗 1 绘画积分/)).toBeVisible();
    await axe(page);
    await shot(page, info, 'mj-describe-form');
    await page.getByRole('button', { name: '开始识图' }).click();
    const describe = page.getByTestId('mj-task').first();
    await expect(describe.getByText('识图', { exact: true })).toBeVisible();
    await expect(describe.getByText('已完成')).toBeVisible({ timeout: 30_000 });
    const prompts = describe.getByRole('button', { name: /^使用提示词 \d/ });
    await expect(prompts).toHaveCount(4);
    await describe.scrollIntoViewIfNeeded();
    await axe(page);
    await shot(page, info, 'mj-describe-result');
    await prompts.nth(1).click();
    await expect(page.getByRole('radio', { name: '文生图' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('画面描述')).toHaveValue(/离线演示/);
    await shot(page, info, 'mj-describe-used');
  });

  test('DALL·E mode on /draw: quality and style, a picture; the gallery reopens it in that mode; an empty pool opens the purchase dialog', async ({ page }, info) => {
    test.setTimeout(120_000);
    const { token } = await loginViaApi(page);
    const headers = { Authorization: `Bearer ${token}` };
    await page.goto('/draw');
    await page.getByRole('radio', { name: 'DALL·E' }).click();
    await expect(page).toHaveURL(/mode=dalle3/);
    await expect(page.getByRole('radio', { name: '国风水墨' })).toHaveCount(0);
    const prompt = `DALL·E 测试 ${Date.now()}`;
    await page.getByLabel('画面描述').fill(prompt);
    await page.getByRole('radio', { name: '高清' }).click();
    await page.getByRole('radio', { name: '自然' }).click();
    await page.getByRole('radio', { name: '竖图 2:3' }).click();
    await expect(page.getByText(/^消耗 2 绘画积分/)).toBeVisible();
    await axe(page);
    await shot(page, info, 'draw-dalle-form');
    await page.getByRole('button', { name: '开始绘画' }).click();
    const result = page.getByRole('button', { name: new RegExp(`^查看大图：${prompt}`) }).first();
    await expect(result).toBeVisible({ timeout: 20_000 });
    await shot(page, info, 'draw-dalle-result');

    // Published, then "use this prompt" in the gallery opens /draw in the DALL·E mode.
    const mine = await (await page.request.get('/api/draw-image/histories?kind=dalle3', { headers })).json();
    const item = (mine.data.list as { id: number; prompt: string }[]).find((x) => x.prompt === prompt)!;
    await page.request.post('/api/draw-image/publish', { headers, data: { id: item.id, public: true } });
    await page.goto('/market');
    const card = page.getByRole('listitem').filter({ hasText: prompt }).first();
    await card.getByRole('button', { name: '使用此提示词' }).click();
    await expect(page).toHaveURL(/\/draw\?mode=dalle3&prompt=/);
    await expect(page.getByRole('radio', { name: 'DALL·E' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('画面描述')).toHaveValue(prompt);

    // Spend what is left, then a drawing opens the purchase dialog (408003).
    for (let i = 0; i < 40; i++) {
      const r = await (await page.request.post('/api/draw-image/basic', { headers, data: { prompt: `用完 ${i}` } })).json();
      if (r.code !== 200) {
        expect(r.code).toBe(408003);
        break;
      }
    }
    await page.getByRole('button', { name: '开始绘画' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/会员|套餐|开通|购买/).first()).toBeVisible();
    // The purchase dialog belongs to billing and is checked by its own tests (axe: see billing.spec.ts).
    await shot(page, info, 'draw-empty-pool');
  });
});
