import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { authRoutes } from './routes.ts';
import type { AuthService } from './service.ts';

/** Logins (SMS, account, WeChat), registration and the WeChat binding. */
export function registerAuth(app: FastifyInstance, ctx: AppContext, { auth }: { auth: AuthService }) {
  authRoutes(app, ctx, auth);
}
