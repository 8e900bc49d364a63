import { z } from 'zod';
import { defineRoutes } from './define.ts';

export const healthReply = z.object({ db: z.string(), kv: z.string() });

export const systemRoutes = defineRoutes('system', {
  health: { method: 'GET', path: '/api/health', access: 'none', summary: 'Liveness: the database and kv kinds', response: healthReply },
  openapi: { method: 'GET', path: '/api/docs/openapi.json', access: 'none', summary: 'This API as an OpenAPI 3.1 document', kind: 'file' },
  docs: { method: 'GET', path: '/api/docs', access: 'none', summary: 'A page listing the endpoints of the OpenAPI document', kind: 'html' },
});
