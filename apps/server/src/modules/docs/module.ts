import type { FastifyInstance } from 'fastify';
import { docsRoutes } from './routes.ts';

/** The OpenAPI document generated from the routes manifest, and its viewer page. */
export function registerDocs(app: FastifyInstance) {
  docsRoutes(app);
}
