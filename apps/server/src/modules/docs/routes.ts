import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import { route } from '../../core/routes.ts';
import { openApiDocument } from './openapi.ts';
import { VIEWER_CSP, VIEWER_HTML } from './viewer.ts';

/** The OpenAPI document generated from the routes manifest, and a self-contained page listing it. */
export function docsRoutes(app: FastifyInstance) {
  let doc: string | null = null;
  route(app, routes.system.openapi, async ({ reply }) => {
    doc ??= JSON.stringify(openApiDocument());
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(doc);
  });
  route(app, routes.system.docs, async ({ reply }) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', VIEWER_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(VIEWER_HTML),
  );
}
