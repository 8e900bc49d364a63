import { z } from 'zod';
import { defineRoutes } from './define.ts';

export const healthReply = z.object({ db: z.string(), kv: z.string() });

/** Readiness: each dependency `ok`, `off` (not configured) or what failed. */
export const readyCheck = z.enum(['ok', 'off', 'failed', 'timeout']);
export const readyReply = z.object({ db: readyCheck, kv: readyCheck, storage: readyCheck });

export const systemRoutes = defineRoutes('system', {
  health: { method: 'GET', path: '/api/health', access: 'none', summary: 'Liveness: the database and kv kinds', response: healthReply },
  ready: { method: 'GET', path: '/api/ready', access: 'none', summary: 'Readiness: database, Redis (when configured) and storage reachable; HTTP 503 naming what failed', response: readyReply },
  metrics: { method: 'GET', path: '/metrics', access: 'none', kind: 'text', summary: 'Prometheus metrics, for the operator only (an admin token or the METRICS_TOKEN bearer)' },
  manifest: { method: 'GET', path: '/manifest.webmanifest', access: 'none', kind: 'file', summary: 'The web app manifest (PWA): the site name and icons from the site config' },
  serviceWorker: { method: 'GET', path: '/sw.js', access: 'none', kind: 'file', summary: 'The service worker (404 until the web app is built): precaches the shell of this build, never caches API or stream replies' },
  openapi: { method: 'GET', path: '/api/docs/openapi.json', access: 'none', summary: 'This API as an OpenAPI 3.1 document', kind: 'file' },
  docs: { method: 'GET', path: '/api/docs', access: 'none', summary: 'A page listing the endpoints of the OpenAPI document', kind: 'html' },
});
