import { z } from 'zod';

/**
 * The handle of a paid turn in flight (chat reply, document answer, and every later streamed
 * feature): returned by the feature's prepare call, opens its stream, stops it, and re-attaches
 * to it after a reload or on another server instance.
 */
export const turnSecret = z.string({ error: 'secret 不能为空' }).min(16, 'secret 无效').max(128, 'secret 无效');

/** GET /api/turns/resume?secret=: re-attach to a live turn of the caller. */
export const turnResumeQuery = z.object({ secret: turnSecret });
export type TurnResumeQuery = z.infer<typeof turnResumeQuery>;

/**
 * The first event of a resumed stream: the whole text produced so far. It is followed by the
 * feature's own `delta` events and its closing `done` / `error`, exactly as on the first stream.
 * A turn that is no longer live answers JSON code 404 instead (its reply is in the history).
 */
export const turnResumeEvent = z.object({
  type: z.literal('resume'),
  text: z.string(),
  /** A reasoning model's thinking so far (apart from `text`), and how long it has thought (till the answer began). */
  thinking: z.string().optional(),
  thinkingMs: z.number().optional(),
});
export type TurnResumeEvent = z.infer<typeof turnResumeEvent>;
