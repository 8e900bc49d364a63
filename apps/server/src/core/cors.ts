import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * SPEC §7.1 base host: a web app served from another domain (built with VITE_API_BASE) calls the
 * API cross-origin. Exactly the origins in CORS_ORIGIN get the CORS headers; none when unset (same origin).
 * The session is a bearer header, not a cookie, so no credentials are allowed.
 */
export async function registerCors(app: FastifyInstance, config: AppConfig) {
  const origins = config.env.CORS_ORIGIN;
  if (!origins.length) return;
  await app.register(fastifyCors, {
    origin: origins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    // Downloads name their file; the turn engine's replies carry their request id.
    exposedHeaders: ['Content-Disposition', 'X-Request-Id'],
    maxAge: 600,
  });
}
