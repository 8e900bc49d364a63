import { z } from 'zod';
import { PHONE_PATTERN } from '../constants.ts';
import { ID_MAX, isSafeText, UNSAFE_TEXT_MESSAGE } from '../safe-text.ts';

export const phoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(PHONE_PATTERN, '请输入正确格式的手机号');

export const idParam = z.object({ id: z.coerce.number().int().positive('id 无效').max(ID_MAX, 'id 无效') });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A short optional string: blank becomes undefined. */
export const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).refine(isSafeText, UNSAFE_TEXT_MESSAGE).optional());

/** A string that rejects NUL and lone surrogates (the server also checks every input string). */
export const safeText = (max?: number) => {
  const s = z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE);
  return max === undefined ? s : s.max(max);
};

/** An id (path, query or body): an integer 1..ID_MAX, sent as a number or a numeric string. */
export const dbId = (label = 'id') =>
  z.coerce.number({ error: `${label} 无效` }).int(`${label} 无效`).positive(`${label} 无效`).max(ID_MAX, `${label} 无效`);
