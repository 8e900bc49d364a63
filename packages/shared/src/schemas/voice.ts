import { z } from 'zod';
import { SPEECH_TEXT_MAX } from '../constants.ts';
import { safeText } from './common.ts';

export const transcribeReply = z.object({ text: z.string() });
export type TranscribeReply = z.infer<typeof transcribeReply>;

export const speechBody = z.object({
  text: safeText(SPEECH_TEXT_MAX)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, '没有可朗读的内容').max(SPEECH_TEXT_MAX, `一次最多朗读${SPEECH_TEXT_MAX}个字`)),
});
export type SpeechBody = z.infer<typeof speechBody>;
