import type { DeckSlide } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { paint } from '../../providers/image/canvas.ts';

/** The picture's pixel size: the shape of a divider's right half (6.67 × 7.32 in). */
export const PICTURE_PX = { width: 700, height: 768 } as const;

/** Whether the operator turned divider pictures on (SLIDES_ILLUSTRATIONS=1; off by default). */
export const illustrationsOn = (ctx: AppContext) => ctx.config.env.SLIDES_ILLUSTRATIONS === true;

/**
 * A section divider's picture, drawn from the section title and the deck's topic by the canvas
 * process (the offline painter) and stored through the storage provider; its URL, or null when
 * drawing or storing fails — a picture never fails the deck. Included in the deck's price.
 */
export async function drawIllustration(ctx: AppContext, deck: { id: number; userId: number; topic: string }, section: number, title: string): Promise<string | null> {
  try {
    const bytes = await paint({ prompt: `${title} · ${deck.topic}`, type: 'general', ...PICTURE_PX, seed: `slides:${deck.id}:${section}` });
    // One key per deck and section: a step run again after a crash overwrites its own picture.
    const stored = await ctx.storage.put(`slides/${deck.userId}/${deck.id}-${section}.png`, bytes, 'image/png');
    return stored.url;
  } catch (err) {
    ctx.log.warn({ err, deckId: deck.id, section }, 'slides: illustration failed, the divider goes without');
    return null;
  }
}

/** The pictures the slides name, read back from storage as data URLs for the .pptx (one that is gone is left out). */
export async function loadPictures(ctx: AppContext, slides: DeckSlide[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const url of new Set(slides.map((s) => s.image).filter((u): u is string => !!u))) {
    const key = ctx.storage.keyOf(url);
    const file = key ? await ctx.storage.get(key).catch(() => null) : null;
    if (file && /^image\/(png|jpeg)$/.test(file.contentType)) out[url] = `data:${file.contentType};base64,${file.body.toString('base64')}`;
  }
  return out;
}
