import { z } from 'zod';
import { CHAT_INPUT_HARD_MAX, TEMPERATURE_MAX } from '../constants.ts';
import { chatUsage } from './chat.ts';
import { dbId, optionalText, safeText } from './common.ts';
import { documentToken } from './document.ts';
import { turnResumeEvent, turnSecret as secret } from './turns.ts';

/** Mind maps (SPEC §1 mind-map chat): a markdown outline drawn as a map while it streams. */
export const MIND_MARKDOWN_MAX = 100_000;
export const MIND_TITLE_MAX = 50;

const promptText = safeText().max(CHAT_INPUT_HARD_MAX, '输入内容过长');
const prompt = promptText.refine((s) => s.trim().length > 0, '请输入主题或内容');
/** A parsed document of the user's (its token, as the document list names it): the map is drawn from its text. */
const sourceDocument = documentToken.optional();
const systemMessage = z.string().max(4000, '系统提示词过长').optional();

/** The `options` of SPEC §7.2 chat-mind: the model, the temperature, the map to regenerate. */
export const mindOptions = z.object({
  model: optionalText(64),
  temperature: z.coerce.number().min(0, 'temperature 无效').max(TEMPERATURE_MAX, 'temperature 无效').optional(),
  /** Regenerate this map (its markdown is replaced when the new one arrives). */
  id: dbId('id').optional(),
});

/** POST /api/mind/create (the prepare): checks and holds nothing yet; returns the map's id and the turn's secret. */
export const mindCreateBody = z
  .object({ prompt: promptText.default(''), options: mindOptions.default({}), systemMessage, document: sourceDocument })
  .refine((b) => b.prompt.trim().length > 0 || b.document !== undefined, { message: '请输入主题或内容', path: ['prompt'] });
export type MindCreateBody = z.infer<typeof mindCreateBody>;
export const mindCreateReply = z.object({ id: z.number(), secret: z.string() });
export type MindCreateReply = z.infer<typeof mindCreateReply>;

/** POST /chatgpt/chat-mind (SPEC §7.2: prompt, options, systemMessage): the prepared turn, named by `options.secret`. */
export const chatMindBody = z.object({
  prompt: prompt.optional(),
  options: mindOptions.extend({ secret }),
  systemMessage,
});
export type ChatMindBody = z.infer<typeof chatMindBody>;

export const mindStopBody = z.object({ secret });

export const mindStatus = z.enum(['running', 'complete', 'stopped', 'error']);
export const mindSummary = z.object({
  id: z.number(),
  title: z.string(),
  status: mindStatus,
  model: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MindSummary = z.infer<typeof mindSummary>;
export const mindHistoriesReply = z.object({ list: z.array(mindSummary) });
export type MindHistoriesReply = z.infer<typeof mindHistoriesReply>;

export const mindDetail = mindSummary.extend({
  prompt: z.string(),
  markdown: z.string(),
  error: z.string().nullable(),
  edited: z.boolean(),
  /** The document the map was drawn from (null: a topic or pasted text). */
  document: z.object({ token: z.string(), title: z.string() }).nullable(),
});
export type MindDetail = z.infer<typeof mindDetail>;

export const mindIdParams = z.object({ id: dbId('id') });
export const mindIdBody = z.object({ id: dbId('id') });
/** POST /api/mind/update: the user edited the markdown (saved as is, drawn again). */
export const mindUpdateBody = z.object({
  id: dbId('id'),
  markdown: safeText().max(MIND_MARKDOWN_MAX, `内容不能超过${MIND_MARKDOWN_MAX}字`).refine((s) => s.trim().length > 0, '内容不能为空'),
});
export type MindUpdateBody = z.infer<typeof mindUpdateBody>;
/** POST /api/mind/import: a map the user brought (an .xmind or .md the web turned into markdown), saved as a new map of theirs. */
export const mindImportBody = mindUpdateBody.pick({ markdown: true });
export type MindImportBody = z.infer<typeof mindImportBody>;

/** One `data:` line of POST /chatgpt/chat-mind. */
export const mindStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  turnResumeEvent,
  z.object({ type: z.literal('done'), id: z.number(), status: z.enum(['complete', 'stopped']), usage: chatUsage.nullable(), charged: z.number() }),
  z.object({ type: z.literal('error'), code: z.number(), message: z.string(), id: z.number().nullable() }),
]);
export type MindStreamEvent = z.infer<typeof mindStreamEvent>;
