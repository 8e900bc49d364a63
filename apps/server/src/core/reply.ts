import type { ApiReply } from '@app/shared';

/** A success: code 200 unless a route's contract names another (SPEC §4.5: code 3 for a paid order). */
export function ok<T>(data: T, message = '请求成功', code = 200): ApiReply<T> {
  return { code, message, success: true, data };
}

export function fail(code: number, message: string, data: unknown = null): ApiReply<unknown> {
  return { code, message, success: false, data };
}
