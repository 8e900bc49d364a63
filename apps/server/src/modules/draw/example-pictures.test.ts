import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawExamples } from '../../db/schema/index.ts';
import { waitFor } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken } from '../admin/test-kit.ts';

type Example = { title: string; prompt: string; image_url: string | null };
const examples = async (t: TestApp) => (await t.call('GET', '/api/draw-image/examples')).body.data.list as Example[];

describe('drawing example pictures (SPEC §1): painted by the offline painter when the server starts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a fresh database has examples without pictures; once the server listens each gets one, stored like any drawing', async () => {
    const before = await examples(t);
    expect(before.length).toBeGreaterThanOrEqual(8);
    expect(before.every((e) => e.image_url === null)).toBe(true);
    // An example an admin gave a picture keeps it.
    const [kept] = await t.ctx.db.select().from(drawExamples).limit(1);
    await t.ctx.db.update(drawExamples).set({ imageUrl: 'https://cdn.example.com/mine.png' }).where(eq(drawExamples.id, kept!.id));

    await t.listen();
    await waitFor(async () => (await t.ctx.db.select().from(drawExamples).where(eq(drawExamples.imageUrl, ''))).length === 0, 60_000);
    await t.draw.content.invalidate();
    const after = await examples(t);
    expect(after.find((e) => e.title === kept!.title)?.image_url).toBe('https://cdn.example.com/mine.png');
    const painted = after.filter((e) => e.title !== kept!.title);
    expect(new Set(painted.map((e) => e.image_url)).size).toBe(painted.length);
    for (const e of painted) {
      expect(e.image_url).toMatch(/^\/uploads\/draw\/examples\/\d+-[0-9a-f]{12}\.webp$/);
      const file = await t.app.inject({ method: 'GET', url: e.image_url! });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('image/webp');
      expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      expect(file.rawPayload.length).toBeGreaterThan(2_000);
    }
  });

  it('runs once: a second start paints nothing; a new example without a picture gets one', async () => {
    expect(await t.draw.paintExamples()).toBe(0);
    await t.ctx.db.insert(drawExamples).values({ title: '灯塔', prompt: '黄昏海边的灯塔', type: 'oil', kind: 'basic', sort: 99 });
    expect(await t.draw.paintExamples()).toBe(1);
    expect((await examples(t)).find((e) => e.title === '灯塔')?.image_url).toMatch(/^\/uploads\/draw\/examples\//);
  });

  it('an example an admin adds without a picture gets one at once, not at the next start', async () => {
    const admin = await adminToken(t);
    const made = await t.call('POST', '/api/admin/draw/examples', { token: admin.token, body: { title: '雪山', prompt: '清晨的雪山与湖泊', type: 'general', kind: 'basic', imageUrl: '', sort: 100, enabled: true } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await waitFor(async () => !!(await examples(t)).find((e) => e.title === '雪山')?.image_url, 60_000);
    expect((await examples(t)).find((e) => e.title === '雪山')?.image_url).toMatch(/^\/uploads\/draw\/examples\/\d+-[0-9a-f]{12}\.webp$/);
  });
});
