import { Code } from '@app/shared';

/** An expected failure: becomes `{ code, message, success: false }` with `httpStatus`. */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly httpStatus = 200,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(Code.BAD_REQUEST, message, 400);
export const notFound = (message = '内容不存在或已删除') => new AppError(Code.NOT_FOUND, message, 404);
export const forbidden = (message = '无权访问') => new AppError(Code.FORBIDDEN, message, 403);
export const tooMany = (message = '操作过于频繁，请稍后再试') => new AppError(Code.RATE_LIMITED, message, 429);
export const unauthorized = (message = '请先登录') => new AppError(Code.UNAUTHORIZED, message, 401);
export const tokenInvalid = (message = '登录已失效，请重新登录') => new AppError(Code.TOKEN_INVALID, message, 200);
