import type { z } from 'zod';
import { Code } from '@app/shared';
import { AppError } from './errors.ts';

/** Parses input with a shared schema; the first issue becomes a 400 whose data names the field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  throw new AppError(Code.BAD_REQUEST, issues[0]!.message, 400, { field: issues[0]!.field, issues });
}
