import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Code, INPUT_LIMITS, isSafeText, UNSAFE_TEXT_MESSAGE } from '@app/shared';
import { methodsOf, type Access, type RouteDef } from '@app/shared/routes';
import { bearerToken, optionalUser, requireUser, type AuthUser } from './auth.ts';
import type { AppContext } from './context.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { parse } from './validate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the access hook from the route's `access` (null for guests and `none`). */
    actor: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** 'handler': the hook only checks that a token came (401); the handler resolves it (turn streams). */
    tokenLookup?: 'hook' | 'handler';
    /** The manifest key (`chat.create`). */
    routeKey?: string;
    /** The body fields checked against the moderation word list (the manifest's `moderate`). */
    moderate?: readonly string[];
  }
}

type Out<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
type ActorOf<A> = A extends 'user' | 'admin' ? AuthUser : A extends 'guest' ? AuthUser | null : null;

/** What a handler receives: validated input, the caller as its route's access allows, and the raw request. */
export interface RouteInput<R extends RouteDef> {
  params: Out<R, 'params'>;
  query: Out<R, 'query'>;
  body: Out<R, 'body'>;
  actor: ActorOf<R['access']>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  bodyLimit?: number;
  /** See FastifyContextConfig.tokenLookup; only for `user` routes whose handler checks the token itself. */
  tokenLookup?: 'hook' | 'handler';
}

const HAS_BODY = (method: string) => method !== 'GET' && method !== 'HEAD';

/**
 * Registers a manifest entry with its handler. Params, query and body are parsed with the entry's
 * schemas (a failure is the SPEC §8 400 of core/validate.ts); who may call it is enforced by the
 * access hook from `config.access`. On a route taking GET and POST, GET is checked against
 * `query` and POST against `body` (SPEC §7.2 leaves those methods open).
 */
export function route<const R extends RouteDef & { key?: string }>(
  app: FastifyInstance,
  def: R,
  handler: (input: RouteInput<R>) => unknown,
  opts: RouteOptions = {},
) {
  const methods = methodsOf(def);
  const multi = methods.length > 1;
  app.route({
    method: [...methods],
    url: def.path,
    bodyLimit: opts.bodyLimit,
    config: { access: def.access, tokenLookup: opts.tokenLookup ?? 'hook', routeKey: def.key, moderate: def.moderate },
    handler: async (req, reply) => {
      const withBody = HAS_BODY(req.method);
      const params = def.params ? parse(def.params, req.params) : req.params;
      const query = def.query && (!multi || !withBody) ? parse(def.query, req.query) : req.query;
      const body = def.body && withBody ? parse(def.body, req.body) : req.body;
      return handler({ params, query, body, actor: req.actor, req, reply } as RouteInput<R>);
    },
  });
}

/**
 * The one access hook: every route says in its config who may call it (`none`, `guest`, `user`,
 * `admin`); the caller lands on `req.actor`. Routes without `access` (static files, not-found) pass.
 */
export function installAccess(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    const access = config?.access;
    if (!access || access === 'none') return;
    if (access === 'guest') {
      req.actor = await optionalUser(ctx, req);
      return;
    }
    if (config.tokenLookup === 'handler') {
      if (!bearerToken(req)) throw unauthorized();
      return;
    }
    const user = await requireUser(ctx, req);
    if (access === 'admin' && !user.isAdmin) throw forbidden();
    req.actor = user;
  });
}

const invalid = (field: string, message: string) =>
  new AppError(Code.BAD_REQUEST, message, 400, { field, issues: [{ field, message }] });

/** Walks one input (body, query or params): every string safe, depth, arrays and keys bounded. */
function checkInput(value: unknown, path: string, depth: number): void {
  if (typeof value === 'string') {
    if (!isSafeText(value)) throw invalid(path, UNSAFE_TEXT_MESSAGE);
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (depth > INPUT_LIMITS.depth) throw invalid(path, '请求内容层级过深');
  if (Array.isArray(value)) {
    if (value.length > INPUT_LIMITS.arrayLength) throw invalid(path, '请求内容过多');
    value.forEach((v, i) => checkInput(v, path ? `${path}.${i}` : String(i), depth + 1));
    return;
  }
  const keys = Object.keys(value);
  if (keys.length > INPUT_LIMITS.keys) throw invalid(path, '请求内容过多');
  for (const k of keys) {
    const at = path ? `${path}.${k}` : k;
    if (!isSafeText(k)) throw invalid(at, UNSAFE_TEXT_MESSAGE);
    checkInput((value as Record<string, unknown>)[k], at, depth + 1);
  }
}

/**
 * The safe-input rule (DESIGN "Lessons"), before any handler: no string anywhere in the params,
 * query or body carries NUL or a lone surrogate, and no input is deeper or wider than INPUT_LIMITS.
 * Raw bodies (gateway notifications, upload slices) are bytes and pass.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    checkInput(req.params, '', 0);
    checkInput(req.query, '', 0);
    checkInput(req.body, '', 0);
  });
}
