import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { userRoutes } from './routes.ts';
import { UserService } from './service.ts';

/** The signed-in user's own account. */
export function registerUser(app: FastifyInstance, ctx: AppContext) {
  userRoutes(app, ctx, new UserService(ctx));
}
