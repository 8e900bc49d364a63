import type { ApiReply } from '@app/shared';

export function ok<T>(data: T, message = '请求成功'): ApiReply<T> {
  return { code: 200, message, success: true, data };
}

export function fail(code: number, message: string, data: unknown = null): ApiReply<unknown> {
  return { code, message, success: false, data };
}
