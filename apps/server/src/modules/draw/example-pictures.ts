import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { drawExamples } from '../../db/schema/index.ts';
import { paint } from '../../providers/image/canvas.ts';
import { checkImage, makeThumbnail } from '../../providers/image/files.ts';
import { DRAW_CONTENT_CHANGED, type DrawContent } from './content.ts';

/** The painted size; the stored picture is its thumbnail (the examples strip shows it small). */
const PAINT_SIZE = 512;

/**
 * SPEC §1 drawing examples: every example without a picture (the seeded ones on a fresh clone, or
 * one an admin added without) gets one drawn by the offline painter from its prompt and type, stored
 * through the storage provider like every drawing. The painter is deterministic and the key is the
 * example's id and prompt, so two instances starting at once write the same file; the row is set
 * once. Returns how many were set.
 */
export async function paintExamplePictures(ctx: AppContext, content: DrawContent): Promise<number> {
  const missing = await ctx.db.select().from(drawExamples).where(eq(drawExamples.imageUrl, ''));
  let painted = 0;
  for (const ex of missing) {
    const bytes = await paint({ prompt: ex.prompt, type: ex.type, width: PAINT_SIZE, height: PAINT_SIZE, seed: 'example' });
    const thumb = await makeThumbnail(bytes, checkImage(bytes));
    const tag = createHash('sha256').update(`${ex.type}|${ex.prompt}`).digest('hex').slice(0, 12);
    const stored = await ctx.storage.put(`draw/examples/${ex.id}-${tag}.webp`, thumb.bytes, 'image/webp');
    const set = await ctx.db
      .update(drawExamples)
      .set({ imageUrl: stored.url })
      .where(and(eq(drawExamples.id, ex.id), eq(drawExamples.imageUrl, '')))
      .returning({ id: drawExamples.id });
    if (set.length) painted++;
  }
  if (painted) await content.invalidate();
  return painted;
}

/**
 * Paints now, then again after every change of the drawing content on any instance (an example an
 * admin adds without a picture gets one at once, not at the next start); one run at a time, a change
 * during a run asks for one more. The run that paints publishes a change itself, so it is followed by
 * one run that finds nothing. Returns the unsubscribe.
 */
export async function watchExamplePictures(ctx: AppContext, content: DrawContent, onError: (err: unknown) => void) {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void (async () => {
      do {
        again = false;
        await paintExamplePictures(ctx, content).catch(onError);
      } while (again);
      running = false;
    })();
  };
  const unsubscribe = await ctx.kv.subscribe(DRAW_CONTENT_CHANGED, run);
  run();
  return unsubscribe;
}
