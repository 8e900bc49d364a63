import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { fileRoutes } from './routes.ts';

/** Uploads in slices and the stored files' downloads. */
export function registerFiles(app: FastifyInstance, ctx: AppContext) {
  fileRoutes(app, ctx);
}
