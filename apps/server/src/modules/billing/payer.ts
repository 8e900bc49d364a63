import type { FastifyRequest } from 'fastify';
import { Code } from '@app/shared';
import { bearerToken } from '../../core/auth.ts';
import { AppError, tokenInvalid } from '../../core/errors.ts';

/**
 * Who is paying: a logged-in user, or a guest known only by the client code the web app sends
 * (X-Client-Code). A guest's orders are bound to an account after login (SPEC §2.6).
 */
export interface Payer {
  userId: number | null;
  clientCode: string | null;
  ip: string;
}

const CLIENT_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function clientCodeOf(req: FastifyRequest): string | null {
  const v = req.headers['x-client-code'];
  return typeof v === 'string' && CLIENT_CODE.test(v) ? v : null;
}

/**
 * The caller of a `guest` route (the access hook resolved `req.actor`); a token that came but is
 * bad or expired is 403000 (never silently a guest).
 */
export function payerOf(req: FastifyRequest): Payer {
  if (bearerToken(req) && !req.actor) throw tokenInvalid();
  return { userId: req.actor?.id ?? null, clientCode: clientCodeOf(req), ip: req.ip };
}

/** A guest must bring a client code, or their order could never be found again. */
export function requireIdentity(payer: Payer): void {
  if (payer.userId === null && payer.clientCode === null) {
    throw new AppError(Code.BAD_REQUEST, '缺少客户端标识，请刷新页面后重试', 400, { field: 'client_code' });
  }
}
