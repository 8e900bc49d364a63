import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

/** The slides screens (and an open dialog): the layout around them is checked by its own tests. */
const axe = (page: Page, dialog = false) => expectAccessible(page, '[data-testid$="-page"]', ...(dialog ? ['[role="dialog"]'] : []));

test.describe('AI PPT', () => {
  test('topic → outline edited → quota bought in the ppt dialog → slides → view, theme, edit, present, download', async ({ page, context }, info) => {
    test.setTimeout(240_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const { token } = await loginViaApi(page);
    await page.goto('/aippt');
    await expect(page.getByRole('heading', { name: 'AI PPT', level: 1 }).first()).toBeVisible();
    await page.getByLabel('PPT 主题').fill('人工智能在中学教育中的应用');
    await page.getByRole('button', { name: '学生' }).click();
    await page.locator('input[type="range"]').first().fill('8');
    await expect(page.getByText('8 页').first()).toBeVisible();
    await axe(page);
    await shot(page, info, 'slides-form');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: '生成大纲' }).click();
    await expect(page.getByRole('heading', { name: '编辑大纲' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('离线演示').locator('visible=true').first()).toBeVisible();
    const sections = page.getByTestId('outline-section');
    const count = await sections.count();
    expect(count).toBeGreaterThanOrEqual(2);
    // Rename the first section, move it down, add one and remove it again.
    await page.getByLabel('章节标题 1', { exact: true }).fill('课堂里的 AI 助教');
    await page.getByRole('button', { name: '下移 1', exact: true }).click();
    await expect(page.getByLabel('章节标题 2', { exact: true })).toHaveValue('课堂里的 AI 助教');
    await page.getByRole('button', { name: '添加章节' }).click();
    await expect(sections).toHaveCount(count + 1);
    await page.getByRole('button', { name: `删除章节 ${count + 1}`, exact: true }).click();
    await expect(sections).toHaveCount(count);
    await axe(page);
    await shot(page, info, 'slides-outline');

    // No quota yet: 508001 opens the ppt dialog; buy the smallest package through the sandbox.
    await page.getByRole('button', { name: '生成 PPT' }).click();
    const pptDialog = page.getByRole('dialog', { name: 'AI PPT 套餐' });
    await expect(pptDialog).toBeVisible();
    await expect(pptDialog.getByText('剩余 PPT 额度：0 次')).toBeVisible();
    await axe(page, true);
    await shot(page, info, 'slides-ppt-dialog');
    await pptDialog.getByRole('radio', { name: /PPT 体验包/ }).click();
    await pptDialog.getByRole('button', { name: '立即购买' }).click();
    const payDialog = page.getByRole('dialog', { name: '订单支付' });
    await expect(payDialog.getByText('PPT 体验包')).toBeVisible();
    const open = payDialog.getByRole('link', { name: '打开沙箱支付页' }).or(payDialog.getByRole('button', { name: '打开沙箱支付页' })).first();
    await expect(open).toBeVisible({ timeout: 15_000 });
    await shot(page, info, 'slides-pay');
    const [checkout] = await Promise.all([context.waitForEvent('page'), open.click()]);
    await expect(checkout.getByText('沙箱支付 · 演示模式').first()).toBeVisible();
    await checkout.getByRole('button', { name: '支付', exact: true }).click();
    await expect(checkout.getByText('支付成功').first()).toBeVisible();
    await checkout.close();
    await expect(payDialog.getByText('恭喜你支付成功、祝您使用愉快！')).toBeVisible({ timeout: 15_000 });
    await expect(payDialog).toBeHidden({ timeout: 10_000 });
    await expect(page.getByText(/剩余 3 次/)).toBeVisible({ timeout: 10_000 });

    await page.getByRole('button', { name: '生成 PPT' }).click();
    await expect(page.getByRole('button', { name: '查看 PPT' }).or(page.getByRole('link', { name: '查看 PPT' })).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('已完成 8 / 8 页')).toBeVisible();
    await shot(page, info, 'slides-done');
    await page.getByRole('link', { name: '查看 PPT' }).click();

    await expect(page).toHaveURL(/\/view\?id=\d+/);
    await expect(page.getByRole('button', { name: '放映' })).toBeVisible();
    await expect(page.getByText('1 / 8')).toBeVisible();
    await axe(page);
    await shot(page, info, 'view-deck');

    // Themes switch without the model; the choice is kept.
    await page.getByRole('radio', { name: '水墨' }).click();
    await expect(page.getByRole('radio', { name: '水墨' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: /第 3 页/ }).click();
    await expect(page.getByText('3 / 8')).toBeVisible();
    await shot(page, info, 'view-theme-ink');

    // Edit one slide's text.
    await page.getByRole('button', { name: '编辑文字' }).click();
    const editor = page.getByRole('dialog', { name: '编辑第 3 页' });
    await editor.getByLabel('标题', { exact: true }).fill('改过的一页');
    await axe(page, true);
    await editor.getByRole('button', { name: '保存' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('img', { name: '改过的一页' }).first()).toBeVisible();

    // The layouts the outline chose (a chart with its unit and source, a comparison, a timeline, a quote), each looked at.
    const deckId = new URL(page.url()).searchParams.get('id');
    const slides = (await (await page.request.get(`/api/aippt/ppt/viewContent?id=${deckId}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.slides as { kind: string; unit?: string }[];
    expect(slides.some((s) => s.kind === 'chart')).toBe(true);
    for (const kind of ['chart', 'two-column', 'timeline', 'quote']) {
      const at = slides.findIndex((s) => s.kind === kind);
      if (at < 0) continue;
      await page.getByRole('button', { name: new RegExp(`第 ${at + 1} 页`) }).click();
      await expect(page.getByText(`${at + 1} / 8`)).toBeVisible();
      if (kind === 'chart') await expect(page.getByText(/^来源：/).first()).toBeVisible();
      await shot(page, info, `view-${kind}`);
    }
    await axe(page);
    await page.getByRole('button', { name: /第 3 页/ }).click();

    // Download a real .pptx.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 .pptx' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pptx$/);
    const file = readFileSync((await download.path()));
    expect(file.subarray(0, 2).toString()).toBe('PK');
    expect(file.length).toBeGreaterThan(20_000);

    // PDF: offered only where the server converts (LibreOffice installed, as the deck view says).
    const canPdf = (await (await page.request.get(`/api/aippt/ppt/viewContent?id=${new URL(page.url()).searchParams.get('id')}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.pdf as boolean;
    const pdfButton = page.getByRole('button', { name: '下载 PDF' });
    await expect(pdfButton).toHaveCount(canPdf ? 1 : 0);
    if (canPdf && !isMobile(info)) {
      const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), pdfButton.click()]);
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      expect(readFileSync((await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
    }

    // Present: keys (desktop) or swipes (phone), Esc / the close button to leave.
    await page.getByRole('button', { name: '放映' }).click();
    const presenter = page.getByTestId('presenter');
    await expect(presenter).toBeVisible();
    await expect(presenter.getByText('3 / 8')).toBeVisible();
    if (isMobile(info)) {
      await presenter.evaluate((el) => {
        const touch = (type: string, x: number) => {
          const t = new Touch({ identifier: 1, target: el, clientX: x, clientY: 300 });
          el.dispatchEvent(new TouchEvent(type, { touches: type === 'touchend' ? [] : [t], changedTouches: [t], bubbles: true }));
        };
        touch('touchstart', 300);
        touch('touchend', 100);
      });
    } else {
      await page.keyboard.press('ArrowRight');
    }
    await expect(presenter.getByText('4 / 8')).toBeVisible();
    await shot(page, info, 'view-present');
    if (isMobile(info)) await presenter.getByRole('button', { name: '退出放映' }).click();
    else await page.keyboard.press('Escape');
    await expect(presenter).toBeHidden();

    // History: the deck is listed; reopening it lands on the viewer.
    await page.goto('/view');
    await expect(page.getByRole('heading', { name: '文档查看', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /人工智能在中学教育中的应用/ }).first()).toBeVisible();
    await axe(page);
    await shot(page, info, 'view-history');

    // A 12-page deck: each section divider has its picture (the e2e server turns them on), and a
    // slide too long for one page is previewed as the export splits it, so every point is seen.
    const auth = { authorization: `Bearer ${token}` };
    const v = (await (await page.request.post('/api/aippt/outline/validate', { headers: auth, data: { topic: '城市更新与社区营造', pages: 12 } })).json()).data as { secret: string; deckId: number };
    await page.request.get(`/api/aippt/outline/stream?secret=${v.secret}`, { headers: auth });
    expect((await (await page.request.post('/api/aippt/deck/generate', { headers: auth, data: { id: v.deckId } })).json()).code).toBe(200);
    const viewOf = async () => (await (await page.request.get(`/api/aippt/ppt/viewContent?id=${v.deckId}`, { headers: auth })).json()).data as { status: string; slides: { kind: string; title: string; image?: string }[]; exportPages: { index: number; from: number }[] };
    await expect.poll(async () => (await viewOf()).status, { timeout: 60_000 }).toBe('done');
    const before = await viewOf();
    const long = before.slides.findIndex((s) => s.kind === 'bullets');
    const points = Array.from({ length: 8 }, (_, k) => `要点 ${k + 1}：${'老旧小区改造要兼顾居民意愿、公共空间与长期运营，'.repeat(6)}`.slice(0, 118));
    expect((await (await page.request.post('/api/aippt/deck/slide', { headers: auth, data: { id: v.deckId, index: long, slide: { title: '改造要点', bullets: points, notes: '' } } })).json()).code).toBe(200);
    const deck = await viewOf();
    const total = deck.exportPages.length;
    expect(total).toBeGreaterThan(deck.slides.length);
    await page.goto(`/view?id=${v.deckId}`);
    await expect(page.getByText(`1 / ${total}`)).toBeVisible();
    const divider = deck.exportPages.findIndex((p) => deck.slides[p.index]!.kind === 'section');
    expect(deck.slides[deck.exportPages[divider]!.index]!.image).toBeTruthy();
    await page.getByRole('button', { name: new RegExp(`^第 ${divider + 1} 页`) }).click();
    await expect(page.getByText(`${divider + 1} / ${total}`)).toBeVisible();
    const picture = page.getByRole('img', { name: deck.slides[deck.exportPages[divider]!.index]!.title }).getByTestId('slide-illustration');
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(page, info, 'view-illustration');
    const later = deck.exportPages.findIndex((p) => p.index === long && p.from > 0);
    await page.getByRole('button', { name: new RegExp(`^第 ${later + 1} 页：改造要点（续）`) }).click();
    const continued = page.getByRole('img', { name: '改造要点（续）' });
    await expect(continued).toBeVisible();
    await expect(continued.getByText(points.at(-1)!)).toBeVisible();
    await axe(page);
    await shot(page, info, 'view-continued');
    expect(errors).toEqual([]);
  });
  test('a reload while the outline streams resumes it (the text so far, then more), and 停止生成 stops it and keeps what was written', async ({ page }, info) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await loginViaApi(page);
    await page.goto('/aippt');
    await page.getByLabel('PPT 主题').fill('城市更新中的社区参与');
    // The longest outline (30 pages): the offline model types it for several seconds.
    await page.locator('input[type="range"]').first().fill('30');
    await page.getByRole('button', { name: '生成大纲' }).click();
    const stop = page.getByRole('button', { name: '停止生成' });
    await expect(stop).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/aippt\?id=\d+/);
    const streamed = page.locator('section[aria-busy="true"] li');
    await expect.poll(() => streamed.count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => sessionStorage.getItem('streamRun:slides.outline'))).toContain('"kind":"slides.outline"');
    const before = await streamed.count();

    await page.reload();
    // The outline so far is back at once and keeps growing.
    await expect(stop).toBeVisible();
    await expect.poll(() => streamed.count()).toBeGreaterThanOrEqual(before);
    await shot(page, info, 'slides-outline-resumed');

    // Stopped at once (the offline outline ends within seconds).
    await stop.click();
    await expect(page.getByRole('heading', { name: '编辑大纲' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('已停止，可继续编辑已生成的大纲')).toBeVisible();
    expect(await page.getByTestId('outline-section').count()).toBeGreaterThan(0);
    await axe(page);
    expect(await page.evaluate(() => sessionStorage.getItem('streamRun:slides.outline'))).toBeNull();
    await shot(page, info, 'slides-outline-stopped');
    // Saved as stopped: after another reload it is the outline to edit, nothing resumes.
    await page.reload();
    await expect(page.getByRole('heading', { name: '编辑大纲' })).toBeVisible();
    await expect(stop).toBeHidden();
    expect(errors).toEqual([]);
  });
});
