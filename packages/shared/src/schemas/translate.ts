import { z } from 'zod';
import { CHAT_INPUT_HARD_MAX } from '../constants.ts';
import { TRANSLATE_AUTO, TRANSLATE_CODES } from '../translate-languages.ts';
import { chatUsage } from './chat.ts';
import { dbId, optionalText, safeText } from './common.ts';
import { turnResumeEvent, turnSecret } from './turns.ts';

const target = z.string({ error: '请选择目标语言' }).refine((c) => TRANSLATE_CODES.includes(c), '暂不支持该目标语言');

/** POST /api/translate/create (the prepare): checks the text, the languages, the model and the balance. */
export const translateCreateBody = z
  .object({
    text: safeText().max(CHAT_INPUT_HARD_MAX, '输入内容过长').refine((s) => s.trim().length > 0, '请输入要翻译的内容'),
    from: z
      .string()
      .default(TRANSLATE_AUTO)
      .refine((c) => c === TRANSLATE_AUTO || TRANSLATE_CODES.includes(c), '暂不支持该源语言'),
    to: target,
    model: optionalText(64),
  })
  .refine((b) => b.from !== b.to, { message: '源语言与目标语言相同', path: ['to'] });
export type TranslateCreateBody = z.infer<typeof translateCreateBody>;
export type TranslateCreateInput = z.input<typeof translateCreateBody>;
export const translateCreateReply = z.object({ id: z.number(), secret: z.string(), from: z.string(), to: z.string() });
export type TranslateCreateReply = z.infer<typeof translateCreateReply>;

/** POST /api/chat/translate (streaming): the prepared translation, named by its secret. */
export const translateRunBody = z.object({ secret: turnSecret });
export const translateStopBody = z.object({ secret: turnSecret });
export const translateIdBody = z.object({ id: dbId('id') });

export const translateItem = z.object({
  id: z.number(),
  from: z.string(),
  to: z.string(),
  source: z.string(),
  result: z.string(),
  status: z.enum(['running', 'complete', 'stopped', 'error']),
  error: z.string().nullable(),
  model: z.string(),
  created_at: z.string(),
});
export type TranslateItem = z.infer<typeof translateItem>;
export const translateHistoriesReply = z.object({ list: z.array(translateItem) });
export type TranslateHistoriesReply = z.infer<typeof translateHistoriesReply>;

export const translateStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  turnResumeEvent,
  z.object({ type: z.literal('done'), id: z.number(), status: z.enum(['complete', 'stopped']), usage: chatUsage.nullable(), charged: z.number() }),
  z.object({ type: z.literal('error'), code: z.number(), message: z.string(), id: z.number().nullable() }),
]);
export type TranslateStreamEvent = z.infer<typeof translateStreamEvent>;
