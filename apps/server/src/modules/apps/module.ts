import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { appsRoutes } from './routes.ts';

/** The app square: template apps, experts and the user's own apps. */
export function registerApps(app: FastifyInstance, ctx: AppContext) {
  appsRoutes(app, ctx);
}
