import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAccessible } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, isMobile, loginViaApi, shot, test } from './fixtures.ts';

const nodes = (page: Page) => page.getByTestId('mind-svg').locator('g.markmap-node');
/** Exported images land here too, outside the repo, for the engineers' notes. */
const NOTES_DIR = '/work/notes';
const pngSize = (buf: Buffer) => ({ width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) });

async function openHistory(page: Page, mobile: boolean) {
  if (mobile) await page.getByRole('button', { name: '我的导图' }).click();
}

test('a topic becomes a mind map drawn while it streams; controls, edit, exports, history', async ({ page }, info) => {
  const mobile = isMobile(info);
  await loginViaApi(page);
  await page.goto('/mind');
  await expect(page.getByRole('heading', { name: '把想法画成导图' })).toBeVisible();
  await shot(page, info, 'mind-empty');
  await expectAccessible(page);

  await page.getByLabel('输入主题或粘贴文字').fill('时间管理');
  await page.getByRole('button', { name: '生成导图' }).click();
  // Drawn while streaming: nodes appear before the outline is finished.
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeVisible();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(3);
  const midway = await nodes(page).count();
  await shot(page, info, 'mind-streaming');
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeHidden({ timeout: 30_000 });
  const total = await nodes(page).count();
  expect(total).toBeGreaterThan(midway);
  expect(total).toBeGreaterThanOrEqual(30);
  await expect(page.getByTestId('mind-svg').getByText('离线演示', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '时间管理' })).toBeVisible();
  await page.waitForTimeout(400);
  await shot(page, info, 'mind-done');
  await expectAccessible(page);

  // Controls: collapse all leaves the root and its branches; expand all brings every node back.
  await page.getByRole('button', { name: '全部折叠' }).click();
  await expect.poll(() => nodes(page).count()).toBeLessThan(12);
  await page.getByRole('button', { name: '全部展开' }).click();
  await expect.poll(() => nodes(page).count()).toBe(total);
  const before = await page.getByTestId('mind-svg').locator('g').first().getAttribute('transform');
  await page.getByRole('button', { name: '放大' }).click();
  await expect.poll(() => page.getByTestId('mind-svg').locator('g').first().getAttribute('transform')).not.toBe(before);
  await page.getByRole('button', { name: '适应画布' }).click();

  // The markdown view holds the outline.
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  const md = await page.getByRole('textbox', { name: 'Markdown' }).inputValue();
  expect(md.startsWith('# 时间管理')).toBe(true);
  const texts = md
    .split('\n')
    .map((l) => /^\s*(?:#{1,6}|-)\s+(.*)$/.exec(l)?.[1] ?? '')
    .filter(Boolean);
  await page.getByRole('button', { name: '导图', exact: true }).click();
  // Let the last transitions (expand, fit) end before measuring the exports.
  await page.waitForTimeout(800);

  // SVG export: parses, has the map's size, contains every node.
  const svgDl = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 SVG' }).click();
  const svgFile = await svgDl;
  expect(svgFile.suggestedFilename()).toBe('时间管理.svg');
  const svg = readFileSync((await svgFile.path()), 'utf8');
  const parsed = await page.evaluate((s) => {
    const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
    const root = doc.documentElement;
    return { error: doc.querySelector('parsererror') !== null, tag: root.tagName, width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')), text: root.textContent ?? '' };
  }, svg);
  expect(parsed.error).toBe(false);
  expect(parsed.tag).toBe('svg');
  for (const t of texts) expect(parsed.text).toContain(t);
  expect(svg).not.toContain('foreignObject');

  // PNG export: the map's size (at 2x).
  const pngDl = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 PNG' }).click();
  const png = readFileSync((await (await pngDl).path()));
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(pngSize(png)).toEqual({ width: parsed.width * 2, height: parsed.height * 2 });
  if (existsSync(NOTES_DIR)) writeFileSync(join(NOTES_DIR, `mind-offline-png-${info.project.name}.png`), png);

  const mdDl = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Markdown' }).click();
  expect(readFileSync((await (await mdDl).path()), 'utf8')).toBe(md);

  // Edit the markdown and redraw: the new branch is drawn and saved.
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await page.getByRole('textbox', { name: 'Markdown' }).fill(`${md}\n## 我的补充\n### 每周复盘\n- 周日晚上`);
  await page.getByRole('button', { name: '保存并重绘' }).click();
  await expect(page.getByTestId('mind-svg').getByText('我的补充', { exact: true })).toBeVisible();

  // Reopened from the history exactly as saved.
  await page.reload();
  await openHistory(page, mobile);
  await page.getByRole('listitem').getByRole('button', { name: /^时间管理/ }).click();
  await expect(page.getByTestId('mind-svg').getByText('每周复盘', { exact: true })).toBeVisible();
  await expect.poll(() => nodes(page).count()).toBe(total + 3);
  await page.waitForTimeout(400);
  await shot(page, info, 'mind-reopened');
});

test('stop keeps what was drawn', async ({ page }, info) => {
  const mobile = isMobile(info);
  await loginViaApi(page);
  await page.goto('/mind');
  await page.getByRole('button', { name: 'Python 学习路线' }).click();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(4);
  await page.getByRole('button', { name: '停止生成' }).click();
  await expect(page.getByText('已停止，保留已绘制的部分')).toBeVisible();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(4);
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  const drawn = await page.getByRole('textbox', { name: 'Markdown' }).inputValue();
  await page.reload();
  await openHistory(page, mobile);
  await expect(page.getByRole('button', { name: /Python 学习路线.*已停止/ })).toBeVisible();
  await page.getByRole('button', { name: /Python 学习路线.*已停止/ }).click();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(4);
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue(drawn);
  await page.getByRole('button', { name: '导图', exact: true }).click();
  await page.waitForTimeout(600);
  await shot(page, info, 'mind-stopped');
});

test('a reload while the map draws re-attaches to it and finishes it', async ({ page }, info) => {
  await loginViaApi(page);
  await page.goto('/mind');
  await page.getByRole('button', { name: '新产品发布计划' }).click();
  await expect.poll(() => nodes(page).count()).toBeGreaterThan(3);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeHidden({ timeout: 30_000 });
  await expect.poll(() => nodes(page).count()).toBeGreaterThanOrEqual(30);
  await expect(page.getByRole('heading', { level: 1, name: '新产品发布计划' })).toBeVisible();
  await shot(page, info, 'mind-resumed');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(300);
  await shot(page, info, 'mind-dark');
  await expectAccessible(page);
});

const REPORT = [
  '# 城市绿道建设调研报告',
  '## 建设现状',
  '本市已建成绿道一百二十公里。',
  '绿道串联起十四个公园。',
  '## 存在问题',
  '部分路段夜间照明不足。',
  '驿站数量偏少。',
  '## 改进建议',
  '每三公里设置一处驿站。',
].join('\n\n');

test('a map drawn from a document picked in the form (uploaded in /talk-file first)', async ({ page }, info) => {
  await loginViaApi(page);
  await page.goto('/mind');
  // No document yet: the picker is a link to upload one.
  const empty = page.getByTestId('document-picker-empty');
  await expect(empty).toBeVisible();
  await expect(empty.getByRole('link', { name: '上传文档' })).toHaveAttribute('href', '/talk-file');
  await shot(page, info, 'mind-document-none');

  await empty.getByRole('link', { name: '上传文档' }).click();
  await expect(page).toHaveURL(/\/talk-file/);
  await page.getByTestId('document-empty').getByRole('button').first().click();
  const upload = page.getByRole('dialog', { name: '上传文档' });
  await upload.getByTestId('document-file-input').setInputFiles({ name: '绿道调研.md', mimeType: 'text/markdown', buffer: Buffer.from(REPORT) });
  await expect(upload).toBeHidden({ timeout: 45_000 });

  // Back on /mind the parsed document is listed (the parse may take a moment).
  const picker = page.getByLabel('从文档生成');
  await expect(async () => {
    await page.goto('/mind');
    await expect(picker).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  const option = picker.locator('option').nth(1);
  await expect(option).toHaveText(/^.+（MD · 1 KB）$/);
  const title = ((await option.textContent()) ?? '').replace(/（MD · 1 KB）$/, '');
  await picker.selectOption({ index: 1 });
  const placeholder = isMobile(info) ? '补充侧重点（可选）' : '将为所选文档绘制导图，可补充侧重点（可选）';
  await expect(page.getByRole('textbox', { name: '输入主题或粘贴文字' })).toHaveAttribute('placeholder', placeholder);
  await shot(page, info, 'mind-document-picked');
  await expectAccessible(page, 'form');

  // Nothing typed: the map is of the document.
  await page.getByRole('button', { name: '生成导图' }).click();
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '正在绘制' })).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('mind-svg').getByText(title, { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  const md = await page.getByRole('textbox', { name: 'Markdown' }).inputValue();
  expect(md.startsWith(`# ${title}`)).toBe(true);
  expect(md).toContain('绿道串联起十四个公园');
  expect(md).toContain('驿站数量偏少');
  // The document's own headings are not taken for its sentences.
  expect(md).not.toMatch(/^\s*- .*建设现状$/m);
  await page.getByRole('button', { name: '导图', exact: true }).click();
  // The picker is cleared for the next map.
  await expect(picker).toHaveValue('');
  await page.waitForTimeout(500);
  await shot(page, info, 'mind-document-done');
  await expectAccessible(page);
});

/** Sentence-long nodes, as real models write them (in the form an .xmind import writes back). */
const LONG_MAP = [
  '# 大模型应用落地路线',
  '## 检索增强生成：先从企业知识库中找出与问题相关的段落，再交给模型作答',
  '### 通过检索增强生成获得真实内容，并在回答中标注出处，让用户可以核对每一条结论',
  '- 按标题和段落切分文档，保留上下文，避免一句话被切成两半',
  '- Hybrid search combines BM25 keyword matching with dense vector retrieval for better recall',
  '## 评测与上线',
  '### 灰度发布',
  '- 先对百分之五的用户开放，观察一周的满意度、投诉量和每次回答的平均成本之后再决定是否全量',
].join('\n');
const LONG_TEXTS = LONG_MAP.split('\n').map((l) => l.replace(/^\s*(?:#+|-)\s+/, ''));
const squash = (s: string) => s.replace(/\s+/g, '');

/** LibreOffice's rendering of an SVG as a PDF (its text as pdftotext reads it, and a page image), or null where it is not installed. */
function libreOfficeRender(svgPath: string, project: string): { text: string; png: string } | null {
  const has = (cmd: string) => {
    try {
      execFileSync('which', [cmd]);
      return true;
    } catch {
      return false;
    }
  };
  if (!has('soffice') || !has('pdftotext') || !has('pdftoppm')) return null;
  const out = mkdtempSync(join(tmpdir(), 'mind-lo-'));
  execFileSync('soffice', [`-env:UserInstallation=file://${out}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', out, svgPath], { timeout: 120_000 });
  const pdf = join(out, readdirSync(out).find((f) => f.endsWith('.pdf'))!);
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', pdf, join(out, `lo-${project}`)]);
  return { text, png: join(out, `lo-${project}.png`) };
}

test('sentence-long nodes export whole (SVG text in LibreOffice, PNG); XMind export and import; Markdown import; a bad file is refused', async ({ page }, info) => {
  test.setTimeout(180_000);
  const project = info.project.name;
  await loginViaApi(page);
  await page.goto('/mind');

  // Import a markdown outline from the empty screen: it lands in the editor, then is drawn.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '导入 XMind 或 Markdown 文件，继续编辑' }).click();
  await (await chooser).setFiles({ name: '落地路线.md', mimeType: 'text/markdown', buffer: Buffer.from(LONG_MAP) });
  await expect(page.getByText('已导入并保存到我的导图，可在 Markdown 中继续编辑')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue(LONG_MAP);
  await expect(page.getByRole('heading', { level: 1, name: '大模型应用落地路线' })).toBeVisible();
  await page.getByRole('button', { name: '保存并重绘' }).click();
  await expect.poll(() => nodes(page).count()).toBe(LONG_TEXTS.length);
  await page.waitForTimeout(800);
  await shot(page, info, 'mind-long-nodes');
  await expectAccessible(page);

  // It opens readable at either width: the map is too big to fit with legible words, so it is shown from its root
  // (on screen, at the left) at no less than 12 px text (a one-line label is 20 px at scale 1, so ≥ 16 px here).
  const canvas = (await page.getByTestId('mind-svg').boundingBox())!;
  const rootLabel = page.getByTestId('mind-svg').getByText('大模型应用落地路线', { exact: true });
  const opened = (await rootLabel.boundingBox())!;
  expect(opened.height).toBeGreaterThanOrEqual(15.5);
  expect(opened.x).toBeGreaterThanOrEqual(canvas.x);
  expect(opened.x).toBeLessThan(canvas.x + 60);
  expect(opened.y).toBeGreaterThan(canvas.y);
  expect(opened.y + opened.height).toBeLessThan(canvas.y + canvas.height);
  // The deepest labels are off to the right, to pan to: a drag moves the map with the pointer.
  const deep = page.getByTestId('mind-svg').getByText(/^Hybrid search/);
  expect((await deep.boundingBox())!.x + 40).toBeGreaterThan(canvas.x + canvas.width);
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  await page.mouse.down();
  await page.mouse.move(canvas.x + canvas.width / 2 - 150, canvas.y + canvas.height / 2 - 20, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await rootLabel.boundingBox())!.x).toBeCloseTo(opened.x - 150, -1);
  // 适应画布, asked for, shows the whole map however small its words get.
  await page.getByRole('button', { name: '适应画布' }).click();
  await page.waitForTimeout(600);
  for (const t of [rootLabel, deep]) {
    const box = (await t.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(canvas.x);
    expect(box.x + box.width).toBeLessThanOrEqual(canvas.x + canvas.width);
  }
  expect((await rootLabel.boundingBox())!.height).toBeLessThan(opened.height);
  await shot(page, info, 'mind-long-nodes-fit');

  // SVG: every label in full as <text>/<tspan>, no HTML inside.
  const svgDl = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 SVG' }).click();
  const svgPath = join(mkdtempSync(join(tmpdir(), 'mind-svg-')), '落地路线.svg');
  await (await svgDl).saveAs(svgPath);
  const svg = readFileSync(svgPath, 'utf8');
  expect(svg).not.toContain('foreignObject');
  const svgInfo = await page.evaluate((s) => {
    const root = new DOMParser().parseFromString(s, 'image/svg+xml').documentElement;
    const labels = Array.from(root.getElementsByTagName('text')).map((t) => Array.from(t.getElementsByTagName('tspan')).map((x) => x.textContent ?? ''));
    return { labels, width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')), font: root.getElementsByTagName('text')[0]?.getAttribute('font-family') ?? '' };
  }, svg);
  // (A line break between two English words takes the place of their space.)
  expect(svgInfo.labels.map((l) => squash(l.join('')))).toEqual(LONG_TEXTS.map(squash));
  // The long sentences wrap onto several lines, as on screen.
  expect(svgInfo.labels[2]!.length).toBeGreaterThanOrEqual(2);
  expect(svgInfo.font).toContain('Microsoft YaHei');

  // Opened the way a user pastes it into a document: LibreOffice shows every word.
  const lo = libreOfficeRender(svgPath, project);
  if (lo) {
    for (const t of LONG_TEXTS) expect(squash(lo.text)).toContain(squash(t));
    mkdirSync(NOTES_DIR, { recursive: true });
    copyFileSync(lo.png, join(NOTES_DIR, `mind-libreoffice-svg-${project}.png`));
  }

  // PNG: drawn from that SVG, at twice its size.
  const pngDl = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 PNG' }).click();
  const png = readFileSync((await (await pngDl).path()));
  expect(pngSize(png)).toEqual({ width: svgInfo.width * 2, height: svgInfo.height * 2 });
  if (existsSync(NOTES_DIR)) writeFileSync(join(NOTES_DIR, `mind-export-png-${project}.png`), png);

  // XMind: export, then import it back: the same outline.
  const xmindDl = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 XMind' }).click();
  const xmindFile = await xmindDl;
  expect(xmindFile.suggestedFilename()).toBe('大模型应用落地路线.xmind');
  const xmind = readFileSync((await xmindFile.path()));
  expect(xmind.subarray(0, 2).toString()).toBe('PK');
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await page.getByRole('textbox', { name: 'Markdown' }).fill('# 临时改动');
  await page.getByRole('button', { name: '导图', exact: true }).click();
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '导入', exact: true }).click();
  await (await again).setFiles({ name: 'back.xmind', mimeType: 'application/octet-stream', buffer: xmind });
  await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue(LONG_MAP);

  // A file that is not an .xmind: refused with the reason, the map unchanged.
  await page.getByRole('button', { name: '保存并重绘' }).click();
  await expect.poll(() => nodes(page).count()).toBe(LONG_TEXTS.length);
  const bad = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '导入', exact: true }).click();
  await (await bad).setFiles({ name: 'broken.xmind', mimeType: 'application/octet-stream', buffer: Buffer.from('not a zip at all') });
  await expect(page.getByText('无法读取：这不是有效的 XMind 文件')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '大模型应用落地路线' })).toBeVisible();
  await expect.poll(() => nodes(page).count()).toBe(LONG_TEXTS.length);
  await page.waitForTimeout(600);
  await shot(page, info, 'mind-import-refused');

  // Imported maps are saved: after a reload the first one opens from the history, as imported.
  await page.reload();
  await openHistory(page, isMobile(info));
  await page.getByRole('listitem').getByRole('button', { name: /^大模型应用落地路线/ }).last().click();
  await expect.poll(() => nodes(page).count()).toBe(LONG_TEXTS.length);
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue(LONG_MAP);
});
