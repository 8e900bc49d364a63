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
 * One tool call of a turn with tools (MCP, issue 31), as the page shows it: `running` while the
 * call is in flight, then `ok`, `error` (the call failed; costs nothing) or `refused` (never made:
 * not enabled, not picked, bad arguments, or the user said no). `confirm`: a tool whose annotations
 * say `destructiveHint` waits for the user's yes or no (POST /api/chat/tools/confirm) until
 * `confirmBy` (ISO time); no answer by then is a no. `result` is the text the model read (cut to the
 * server's limit; `fullLength` is the length before the cut); `price`: credits the call costs.
 */
export const toolStep = z.object({
  id: z.string(),
  round: z.number(),
  /** The function name the model called (`server__tool`). */
  name: z.string(),
  server: z.string().nullable(),
  tool: z.string().nullable(),
  /** The model's arguments, as JSON text. */
  arguments: z.string(),
  status: z.enum(['running', 'confirm', 'ok', 'error', 'refused']),
  confirmBy: z.string().optional(),
  result: z.string().optional(),
  fullLength: z.number().optional(),
  truncated: z.boolean().optional(),
  price: z.number().optional(),
  ms: z.number().optional(),
});
export type ToolStep = z.infer<typeof toolStep>;

/** POST /api/chat/tools/confirm: the user's answer to a step waiting in `confirm` (the turn's secret names the turn). */
export const toolConfirmBody = z.object({
  secret: turnSecret,
  id: z.string({ error: 'id 不能为空' }).min(1, 'id 无效').max(128, 'id 无效'),
  allow: z.boolean({ error: 'allow 无效' }),
});
export type ToolConfirmBody = z.infer<typeof toolConfirmBody>;

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
  /** A turn with tools: its calls so far, finished ones and the one in flight (`running`). */
  tools: z.array(toolStep).optional(),
});
export type TurnResumeEvent = z.infer<typeof turnResumeEvent>;
