import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { metrics } from './metrics.ts';

/** An id a proxy in front may pass (nginx's $request_id is 32 hex digits); anything else is replaced. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's genReqId: the `x-request-id` a proxy sent when it looks like an id, else a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && ACCEPTED.test(given)) return given;
  return randomBytes(8).toString('hex');
}

/** The request being handled, for log lines written through the app's logger (modules log with ctx.log). */
const current = new AsyncLocalStorage<{ reqId: string; log: FastifyBaseLogger }>();

/**
 * pino's mixin: a line logged while a request is handled carries its `reqId`, whichever logger
 * wrote it (the request's own logger has it bound already).
 */
export function requestIdMixin(_obj: object, _level: number, logger: unknown): { reqId?: string } {
  const store = current.getStore();
  return store && logger !== store.log ? { reqId: store.reqId } : {};
}

/**
 * Request ids and request metrics: every reply carries `x-request-id` (streams too: it is set on
 * the raw response before any handler), every error envelope carries `requestId`, every request
 * is counted and timed by its route pattern (never the raw URL).
 */
export function installRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('x-request-id', req.id);
    current.run({ reqId: req.id, log: req.log }, done);
  });
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (payload && typeof payload === 'object' && (payload as { success?: unknown }).success === false && !('requestId' in payload)) {
      return { ...payload, requestId: req.id };
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
}
