import { eq } from 'drizzle-orm';
import { balances, drawImages } from '../../db/schema/index.ts';
import { userIdOf } from '../../testing/chat.ts';
import type { TestApp } from '../../testing/harness.ts';

/** Helpers of the drawing tests. */

export const dataUrl = (b: Buffer, mime = 'image/png') => `data:${mime};base64,${b.toString('base64')}`;

/** Gives the token's user `n` draw credits (base pool), nothing else; returns the user's id. */
export async function setDraw(t: TestApp, token: string, n: number) {
  const id = await userIdOf(t, token);
  await t.ctx.db.update(balances).set({ baseDraw: n, memberDraw: 0 }).where(eq(balances.userId, id));
  return id;
}

/** Draw credits left, and held by work in flight. */
export async function drawBalance(t: TestApp, userId: number) {
  const [b] = await t.ctx.db.select().from(balances).where(eq(balances.userId, userId));
  return { left: b!.baseDraw + b!.memberDraw, held: b!.heldDraw };
}

export async function drawLeft(t: TestApp, userId: number) {
  return (await drawBalance(t, userId)).left;
}

export async function imageCount(t: TestApp, userId: number) {
  return (await t.ctx.db.select().from(drawImages).where(eq(drawImages.userId, userId))).length;
}
