/**
 * Drawing figures: the gallery's first page with 10,000 images in the table (p50/p95 ms and
 * bytes sent, also filtered by type and deep in the cursor), then Midjourney tasks tracked at
 * once by one process against a local fake midjourney-proxy (heap per tracked task, time to
 * deliver them all). Prints figures; asserts nothing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { balances, drawTasks } from '../apps/server/src/db/schema/index.ts';
import { waitFor } from '../apps/server/src/testing/chat.ts';
import { startFakeMj } from '../apps/server/src/testing/fake-draw.ts';
import { createTestApp } from '../apps/server/src/testing/harness.ts';
import { ms, percentile } from './lib/stats.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const IMAGES = 10_000;
const RUNS = 200;
const TASKS = 200;
const USERS = TASKS / 4;

const fake = await startFakeMj();
const t = await createTestApp({ env: { MJ_PROXY_URL: fake.url, MJ_CONCURRENCY: '1000', DRAW_TASK_TIMEOUT_MS: '86400000' }, turns: { jobs: { pollMs: 50 } } });
try {
  // ---- gallery ----
  const owner = await t.loginByPhone('13700000001');
  const ownerId = (await t.call('GET', '/api/user/info', { token: owner })).body.data.id as number;
  await t.ctx.db.execute(sql`
    insert into draw_images (user_id, kind, type, prompt, key, url, thumb_key, thumb_url, width, height, public, published_at)
    select ${ownerId}, (array['basic','dalle3','ai3','mj'])[1 + i % 4], (array['general','anime','photo','ink','oil','render3d'])[1 + i % 6],
      '一幅画：清晨的江南水乡，小桥流水，白墙黛瓦，薄雾缭绕 #' || i,
      'draw/' || i || '.png', '/uploads/draw/bench/' || i || '.png', 'draw/' || i || '-t.webp', '/uploads/draw/bench/' || i || '-t.webp',
      1024, 1024, i % 5 <> 0, now()
    from generate_series(1, ${IMAGES}) as i`);
  await t.ctx.db.execute(sql`analyze draw_images`);
  const measure = async (label: string, url: string) => {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url });
      times.push(performance.now() - started);
      bytes = res.rawPayload.length;
    }
    console.log(`${label.padEnd(34)} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  ${bytes} bytes (${(bytes / 1024).toFixed(1)} KB, uncompressed)`);
  };
  console.log(`gallery: ${IMAGES} images in the table, ${(IMAGES * 4) / 5} public; ${RUNS} requests each (${t.ctx.database.kind})`);
  await measure('first page (30)', '/api/draw-image/market');
  await measure('first page, type=ink', '/api/draw-image/market?type=ink');
  await measure('deep page (cursor 500)', '/api/draw-image/market?cursor=500');

  // ---- Midjourney tasks tracked at once ----
  const countTasks = async (where: ReturnType<typeof sql>) => {
    const result: unknown = await t.ctx.db.execute(sql`select count(*)::int as n from draw_tasks where ${where}`);
    return Number((result as { rows: { n: number }[] }).rows[0]!.n);
  };
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) tokens.push(await t.loginByPhone(`1370001${String(i).padStart(4, '0')}`));
  await t.ctx.db.update(balances).set({ baseDraw: 1000 });
  const before = heap();
  const started = performance.now();
  for (let i = 0; i < TASKS; i++) {
    const res = await t.call('POST', '/midjourney/submit', { token: tokens[i % USERS]!, body: { prompt: `bench task ${i}` } });
    if (res.body.code !== 200) throw new Error(`submit ${i}: ${res.body.message}`);
  }
  await waitFor(async () => (await countTasks(sql`status = 'running'`)) === TASKS, 60_000);
  const submitted = performance.now() - started;
  const tracking = heap();
  console.log(`midjourney: ${TASKS} tasks submitted and running in ${ms(submitted)}; heap +${((tracking - before) / 1024 / 1024).toFixed(2)} MB = ${((tracking - before) / TASKS / 1024).toFixed(1)} KB per tracked task (state lives in the jobs table)`);
  for (const task of fake.tasks.values()) fake.progress(task.id, 50);
  const polls = [...fake.fetches.values()].reduce((a, b) => a + b, 0);
  const lists = fake.lists.length;
  t.clock.advance(3100);
  await waitFor(async () => (await countTasks(sql`progress = 50`)) === TASKS, 60_000);
  const batches = fake.lists.slice(lists);
  console.log(
    `one poll round of ${TASKS} tasks: ${batches.length} list-by-condition calls covering ${batches.reduce((a, b) => a + b.length, 0)} tasks, ` +
      `${[...fake.fetches.values()].reduce((a, b) => a + b, 0) - polls} single fetches (never more than one poll per task)`,
  );
  const deliverStart = performance.now();
  for (const task of fake.tasks.values()) fake.succeed(task.id);
  t.clock.advance(3100);
  await waitFor(async () => (await t.ctx.db.select().from(drawTasks).where(eq(drawTasks.status, 'success'))).length === TASKS, 120_000);
  console.log(`delivered ${TASKS} images (download, check, thumbnail, store, charge) in ${ms(performance.now() - deliverStart)}; heap after: +${((heap() - before) / 1024 / 1024).toFixed(2)} MB`);
} finally {
  await t.close();
  await fake.close();
}
