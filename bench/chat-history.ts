/**
 * A long conversation (DESIGN.md: 300 messages on a phone viewport, load ≤ 0.5 s, ≤ 10k DOM nodes,
 * ≤ 80 MB JS heap). A 300-message conversation is written straight into a fresh embedded database,
 * once as one line and once as a tree (the same 300 messages on the branch on screen, plus 20
 * edited questions and 20 regenerated replies whose branches are kept: 360 rows). Prints the
 * server time of GET /api/chat/history (one query for the whole tree) and, in Chromium at
 * 390x844, the time from navigation to the last message on screen, the DOM nodes and the JS heap.
 * Needs the built web app (npm run build) and /usr/bin/chromium (CHROMIUM_PATH to change).
 * Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchChromium } from '../e2e/chromium.ts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const MESSAGES = 300;
const BRANCH_POINTS = 20;
const RUNS = 40;

const webDist = join(import.meta.dirname, '../apps/web/dist');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-chat-history-'));
const { app, ctx } = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error' }, { webDist }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

const regBody: unknown = await (await fetch(`${base}/api/login/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'bench_history', password: 'secret123' }) })).json();
const reg = regBody as { data: { token: string } };
const token = reg.data.token;
const userId = rows<{ id: number }>(await ctx.db.execute(sql`select id from users where username = 'bench_history'`))[0]!.id;
const branched = rows(await ctx.db.execute(sql`select 1 from information_schema.columns where table_name = 'chat_messages' and column_name = 'parent_id'`)).length > 0;

/** A reply of realistic shape: paragraphs, a list, a code block (what the markdown renderer sees). */
const reply = (i: number) =>
  `第 ${i} 个回答。这是一段用于基准测试的中文回复，包含若干句子，用来模拟真实对话中模型给出的解释与说明。\n\n` +
  `1. 要点一：说明问题的背景\n2. 要点二：给出分析的过程\n3. 要点三：总结结论\n\n` +
  '```python\ndef f(x):\n    return x * 2\n```\n\n最后补充一句说明，结束这一轮回答。';

async function insert(groupId: number, role: string, text: string, parent: number | null): Promise<number> {
  const parentCol = branched ? sql`, parent_id` : sql``;
  const parentVal = branched ? sql`, ${parent}` : sql``;
  const [r] = rows<{ id: number }>(
    await ctx.db.execute(sql`insert into chat_messages (group_id, user_id, role, text, model, status${parentCol}) values (${groupId}, ${userId}, ${role}, ${text}, 'ai_35', 'complete'${parentVal}) returning id`),
  );
  return r!.id;
}

/** A conversation of MESSAGES messages on screen; with `branches`, side branches hang off it. Returns its uuid. */
async function conversation(title: string, branches: boolean): Promise<number> {
  const groupId = rows<{ id: number }>(await ctx.db.execute(sql`insert into chat_groups (user_id, model, title) values (${userId}, 'ai_35', ${title}) returning id`))[0]!.id;
  let parent: number | null = null;
  const every = Math.floor(MESSAGES / 2 / BRANCH_POINTS);
  for (let i = 0; i < MESSAGES / 2; i++) {
    const before: number | null = parent;
    if (branches && i % every === 0) {
      // An edited question (with its reply) kept beside the one on screen.
      const q = await insert(groupId, 'user', `第 ${i} 个问题（改写前）`, before);
      await insert(groupId, 'assistant', reply(i), q);
    }
    const q = await insert(groupId, 'user', `第 ${i} 个问题：请解释一下这个概念`, before);
    if (branches && i % every === 1) await insert(groupId, 'assistant', `${reply(i)}（重新生成前）`, q);
    parent = await insert(groupId, 'assistant', reply(i), q);
  }
  if (branches) await ctx.db.execute(sql`update chat_groups set active_leaf_id = ${parent} where id = ${groupId}`);
  return groupId;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function serverTime(uuid: number) {
  const times: number[] = [];
  let bytes = 0;
  let count = 0;
  for (let i = 0; i < RUNS + 5; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/chat/history?uuid=${uuid}`, headers: { authorization: `Bearer ${token}` } });
    const took = performance.now() - t0;
    if (i >= 5) times.push(took);
    bytes = res.body.length;
    count = (JSON.parse(res.body) as { data: { list: unknown[] } }).data.list.length;
  }
  return { p50: pct(times, 50), p95: pct(times, 95), bytes, count };
}

async function browserLoad(uuid: number, lastText: string) {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  // A string, not a function: tsx would wrap an inner function in a helper the page does not have.
  const stored = (data: unknown) => JSON.stringify(JSON.stringify({ data, expire: Date.now() + 604800_000 }));
  const chatState = { active: uuid, usingContext: true, usingNetwork: false, groupList: [], chatList: [], groupKeyWord: '', chatMeta: null };
  await page.addInitScript(
    `localStorage.setItem('SECRET_TOKEN', ${stored(token)}); localStorage.setItem('chatStorage', ${stored(chatState)}); localStorage.setItem('noticeHidden', '{"data":1,"expire":null}');`,
  );
  // A first visit warms the server and the HTTP cache the way a returning user's browser is.
  await page.goto(`${base}/talk`);
  await page.getByText(lastText).first().waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
    await page.screenshot({ path: join(tmpdir(), 'bench-chat-history.png') });
    throw e;
  });
  const loads: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${base}/talk`);
    await page.getByText(lastText).first().waitFor({ timeout: 30_000 });
    loads.push(await page.evaluate(() => performance.now()));
  }
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  const nodes = await page.evaluate<number>('document.getElementsByTagName("*").length');
  await browser.close();
  return { load: pct(loads, 50), nodes, heap };
}

const linear = await conversation('三百条消息（一条线）', false);
const tree = branched ? await conversation('三百条消息（带分支）', true) : null;
const last = `第 ${MESSAGES / 2 - 1} 个问题：请解释一下这个概念`;

console.log(`# 300-message conversation (${branched ? 'messages stored as a tree' : 'messages stored as a list'})`);
for (const [label, uuid] of [['one line', linear], ['with branches', tree]] as const) {
  if (uuid === null) continue;
  const s = await serverTime(uuid);
  console.log(`GET /api/chat/history, ${label} (${s.count} rows, ${(s.bytes / 1024).toFixed(1)} KiB): p50 ${s.p50.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms (in process, ${RUNS} runs)`);
  if (!existsSync(join(webDist, 'index.html'))) {
    console.log('browser: apps/web/dist missing (run npm run build first)');
    continue;
  }
  const b = await browserLoad(uuid, last);
  console.log(`390x844 Chromium, ${label}: navigation to last message on screen ${b.load.toFixed(0)} ms (median of 5 reloads), ${b.nodes} DOM elements, JS heap ${(b.heap / 1024 / 1024).toFixed(1)} MB`);
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
