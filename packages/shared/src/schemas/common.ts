import { z } from 'zod';
import { PHONE_PATTERN } from '../constants.ts';
import { ID_MAX, isSafeText, UNSAFE_TEXT_MESSAGE } from '../safe-text.ts';

export const phoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(PHONE_PATTERN, '请输入正确格式的手机号');

/** A page number (query): an integer 1..max, default 1. */
export const pageNumber = (max = 100_000) => z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').max(max, '页码无效').default(1);

/** A page size (query): an integer 1..max. */
export const pageSize = (max: number, fallback = 20) =>
  z.coerce.number({ error: '每页条数无效' }).int('每页条数无效').min(1, '每页条数无效').max(max, `每页最多 ${max} 条`).default(fallback);

export const pageQuery = z.object({ page: pageNumber(), size: pageSize(100) });

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

export const idParam = z.object({ id: dbId() });
