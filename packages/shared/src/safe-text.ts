/**
 * The safe-string rule (DESIGN "Lessons"): no string that reaches the server may carry NUL or a
 * lone UTF-16 surrogate (PostgreSQL rejects both, and a failed save after a reply went out once
 * made a turn free). Zod-free so that the web app and the server's input walk can use it.
 */

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = '内容包含无效字符';

export function isSafeText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** Largest id a PostgreSQL integer column holds; every id in a path, query or body is 1..ID_MAX. */
export const ID_MAX = 2_147_483_647;

/** Bounds of any JSON input, checked before a handler runs. */
export const INPUT_LIMITS = { depth: 16, arrayLength: 1000, keys: 1000 } as const;
