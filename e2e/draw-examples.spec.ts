import { expectAccessible } from './axe.ts';
import { expect, loginViaApi, shot, test } from './fixtures.ts';

/** SPEC §1 drawing examples: a strip of pictures the offline painter drew at start; a tap fills the prompt. */
test('drawing examples: a strip of their pictures, a tap fills the prompt', async ({ page }, info) => {
  await loginViaApi(page);
  // The pictures are painted in the background once the server listens: wait until they are there.
  await expect
    .poll(async () => ((await (await page.request.get('/api/draw-image/examples')).json()).data.list as { image_url: string | null }[]).every((e) => !!e.image_url), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.goto('/draw');
  const strip = page.getByRole('group', { name: '试试这些' });
  await expect(strip).toBeVisible();
  const first = strip.getByRole('button', { name: '江南水乡' });
  await expect(first.locator('img')).toHaveJSProperty('complete', true);
  expect(await first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  // Every picture of the strip loaded (none broken).
  const images = strip.locator('img');
  expect(await images.count()).toBeGreaterThanOrEqual(3);
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveJSProperty('complete', true);
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  }
  await first.scrollIntoViewIfNeeded();
  await expectAccessible(page, '[data-testid$="-page"]');
  await shot(page, info, 'draw-examples');
  await strip.getByRole('button', { name: '赛博城市' }).click();
  await expect(page.getByLabel('画面描述')).toHaveValue('雨夜的赛博朋克城市，霓虹灯倒映在湿漉漉的街道上');
  await expect(page.getByRole('radio', { name: '3D 渲染' })).toHaveAttribute('aria-checked', 'true');
  await shot(page, info, 'draw-examples-picked');
});
