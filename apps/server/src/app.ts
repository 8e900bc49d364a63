import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseQuery } from 'node:querystring';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Code } from '@app/shared';
import type { AppConfig } from './config.ts';
import { systemClock, type Clock } from './core/clock.ts';
import type { AppContext } from './core/context.ts';
import { registerCors } from './core/cors.ts';
import { AppError } from './core/errors.ts';
import { MemoryKv, RedisKv, type KvStore } from './core/kv.ts';
import { fail } from './core/reply.ts';
import { registerSecurityHeaders } from './core/security-headers.ts';
import { checkNotifyUrl, payChannelsOf, startupReport } from './core/startup-report.ts';
import { createContext } from './composition/context.ts';
import { createShared, registerModules } from './composition/modules.ts';
import { installAccess, installInputGuard } from './core/routes.ts';
import { installModeration } from './modules/config/public.ts';
import { installRequestIds, requestIdMixin, requestIdOf } from './core/request-id.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ensureAdmin, seed } from './seed.ts';
import { AuthService } from './modules/auth/service.ts';
import type { ToolsService } from './modules/tools/service.ts';
import type { registerDocuments, DocumentModuleOptions } from './modules/document/module.ts';
import type { DrawModuleOptions } from './modules/draw/module.ts';
import type { DrawService } from './modules/draw/service.ts';
import type { TurnEngine, TurnEngineOptions } from './modules/turns/service.ts';
import type { LlmRouterOptions } from './modules/models/llm-router.ts';
import type { SmsProvider } from './providers/sms/types.ts';
import type { StorageProvider } from './providers/storage/types.ts';
import type { WechatProvider } from './providers/wechat/types.ts';

export interface BuildOptions {
  config: AppConfig;
  clock?: Clock;
  database?: Database;
  kv?: KvStore;
  sms?: SmsProvider;
  wechat?: WechatProvider;
  storage?: StorageProvider;
  logger?: FastifyServerOptions['logger'];
  documents?: DocumentModuleOptions;
  /** Lease and checkpoint timing of paid turns (tests shorten them). */
  turns?: TurnEngineOptions;
  llm?: LlmRouterOptions;
  draw?: DrawModuleOptions;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config: { access?: string; routeKey?: string };
}

export interface BuiltApp {
  app: FastifyInstance;
  /** Every route as registered (the contract test compares them with the manifest). */
  routes: RegisteredRoute[];
  ctx: AppContext;
  documents: ReturnType<typeof registerDocuments>;
  turns: TurnEngine;
  draw: DrawService;
  /** The MCP tools (issue 31). */
  tools: ToolsService;
}

/** Builds the whole server; main.ts listens on it, tests inject into it. */
export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.env.LOG_LEVEL, mixin: requestIdMixin },
    trustProxy: trustProxyOf(config.env.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIdOf,
  });
  const registered: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) registered.push({ method, url: r.url, config: (r.config ?? {}) });
  });

  const database =
    opts.database ??
    (await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, searchPath: config.env.DATABASE_SCHEMA, poolMax: config.env.DATABASE_POOL_MAX }
        : { dataDir: join(config.dataDir, 'pglite') },
    ));
  await migrate(database);
  await seed(database.db);
  if (config.env.ADMIN_PASSWORD || config.env.ADMIN_PHONE) {
    await ensureAdmin(database.db, {
      username: config.env.ADMIN_USERNAME,
      passwordHash: config.env.ADMIN_PASSWORD ? await AuthService.hashPassword(config.env.ADMIN_PASSWORD) : undefined,
      phone: config.env.ADMIN_PHONE,
    });
  }
  const clock = opts.clock ?? systemClock;
  const kv = opts.kv ?? (config.redisUrl ? new RedisKv(config.redisUrl, config.redisPrefix) : new MemoryKv(clock));
  const ctx = await createContext({ config, database, kv, clock, log: app.log }, opts);

  registerParsers(app);
  registerErrorHandling(app);
  const webDist = config.webDist ? resolve(config.webDist) : null;
  await registerCors(app, config);
  registerSecurityHeaders(app, config, webDist ? join(webDist, 'index.html') : null);
  checkNotifyUrl(config, app.log);
  installRequestIds(app);
  installAccess(app, ctx);
  installInputGuard(app);
  await installModeration(app, ctx);

  const shared = await createShared(ctx, {
    llm: opts.llm,
    turns: opts.turns ?? { leaseMs: config.env.TURN_LEASE_MS, tickMs: config.env.TURN_TICK_MS, graceMs: shutdownGraceMs(config) },
    options: { documents: opts.documents, draw: opts.draw },
  });
  const { turns, tools, documents, draw } = await registerModules(app, ctx, shared);
  // The drawing examples without a picture get one from the offline painter, in the background once
  // the server listens and after every change of them (a fresh clone's seeded examples, one an admin
  // adds without a picture; tests that only inject skip it). At the root: its stop runs before the
  // modules' close hooks (the turn engine's, the catalogue's).
  let unwatchExamples: (() => Promise<void>) | null = null;
  app.addHook('onListen', async () => {
    unwatchExamples = await draw!.watchExamples((err) => app.log.warn({ err }, 'painting the drawing examples failed'));
  });
  app.addHook('preClose', async () => {
    await unwatchExamples?.().catch(() => {});
  });

  await registerWeb(app, config);
  for (const line of startupReport(ctx, payChannelsOf({ ...config, env: ctx.integrations.effectiveEnv() }))) app.log.info(line);

  app.addHook('onClose', async () => {
    await kv.close();
    if (!opts.database) await database.close();
  });
  return { app, ctx, documents: documents!, turns, draw: draw!, tools: tools!, routes: registered };
}

/** How long open streams may finish on shutdown (none in tests, which close apps all the time). */
/** The accept queue asked of the kernel (which caps it at net.core.somaxconn). */
export const LISTEN_BACKLOG = 4096;

export const shutdownGraceMs = (config: AppConfig) => config.env.SHUTDOWN_GRACE_MS ?? (config.env.NODE_ENV === 'test' ? 0 : 20_000);

/**
 * TRUST_PROXY as Fastify takes it: a hop count trusts exactly that many proxies from the right of
 * X-Forwarded-For (never the client's own leftmost entry), a list trusts those proxy addresses.
 */
export function trustProxyOf(setting: number | string[] | undefined): FastifyServerOptions['trustProxy'] {
  if (setting === undefined || setting === 0) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

function registerParsers(app: FastifyInstance) {
  const asText = (_req: unknown, body: string, done: (err: Error | null, body?: unknown) => void) => done(null, body);
  app.addContentTypeParser(['text/xml', 'application/xml', 'text/plain'], { parseAs: 'string' }, asText);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, parseQuery(body as string)),
  );
  // An empty JSON body is an empty object, not an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(Code.BAD_REQUEST, '请求体不是有效的 JSON', 400));
    }
  });
}

/**
 * What of an unexpected error may be logged: its type, code and message with the parameters of a
 * failed query cut off (they can hold a password hash, a token or a user's text), and its stack.
 */
export function loggableError(err: unknown) {
  const e = err as { name?: string; code?: unknown; message?: unknown; stack?: unknown; cause?: unknown };
  const clean = (m: unknown) => (typeof m === 'string' ? m.split(/\nparams:/)[0]!.replace(/\$argon2[^\s,'"]*/g, '[redacted]').slice(0, 2000) : undefined);
  const cause = e.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    type: e.name,
    code: e.code,
    message: clean(e.message),
    stack: typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 12).join('\n') : undefined,
    cause: cause ? { message: clean(cause.message), code: cause.code } : undefined,
  };
}

function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) return reply.status(err.httpStatus).send(fail(err.code, err.message, err.data));
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const message = status === 413 ? '请求内容过大' : status === 415 ? '不支持的请求格式' : '请求参数错误';
      return reply.status(status).send(fail(status, message));
    }
    req.log.error({ err: loggableError(err) }, 'unhandled error');
    return reply.status(500).send(fail(Code.SERVER_ERROR, '服务器开小差了，请稍后再试'));
  });
}

/**
 * Hashed assets are kept for good; the icons for a day (the loading screen, the sidebar and the tab
 * each ask for /favicon.svg, and with no-cache each asked the server again on a first visit); the
 * page, the service worker and the rest are checked every time.
 */
export function staticCacheControl(path: string) {
  // With preCompressed, the path is the .br or .gz file sent.
  const file = path.replaceAll('\\', '/').replace(/\.(br|gz)$/, '');
  if (file.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('/favicon.svg') || file.includes('/icons/')) return 'public, max-age=86400';
  return 'no-cache';
}

export async function registerWeb(app: FastifyInstance, config: AppConfig) {
  const dist = config.webDist ? resolve(config.webDist) : null;
  const hasWeb = !!dist && existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      // Looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      // `/` is the app's page (a directory without an index answered 403 to clients that ask for no encoding).
      index: 'index.html',
      // The build writes .br/.gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', staticCacheControl(path));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html');
    if (hasWeb && isPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(fail(Code.NOT_FOUND, '接口不存在'));
  });
}
