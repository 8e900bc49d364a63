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
import { announcePay, buildPay, Integrations } from './core/integrations.ts';
import { installAccess, installInputGuard, route } from './core/routes.ts';
import { installModeration } from './modules/config/public.ts';
import { installRequestIds, requestIdMixin, requestIdOf } from './core/request-id.ts';
import { routes } from '@app/shared/routes';
import { docsRoutes } from './modules/docs/routes.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ensureAdmin, seed } from './seed.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { appsRoutes } from './modules/apps/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { configRoutes } from './modules/config/routes.ts';
import { ConfigService } from './modules/config/service.ts';
import { registerChat } from './modules/chat/module.ts';
import { registerTools } from './modules/tools/module.ts';
import type { ToolsService } from './modules/tools/service.ts';
import { registerDocuments, type DocumentModuleOptions } from './modules/document/module.ts';
import { registerDraw, type DrawModuleOptions } from './modules/draw/module.ts';
import type { DrawService } from './modules/draw/service.ts';
import { registerMind } from './modules/mind/module.ts';
import { registerTranslate } from './modules/translate/module.ts';
import { registerThesis } from './modules/thesis/module.ts';
import { registerSupport } from './modules/support/module.ts';
import { registerVoice } from './modules/voice/module.ts';
import { registerSlides } from './modules/slides/module.ts';
import { registerShare } from './modules/share/module.ts';
import { createModels } from './modules/models/service.ts';
import { turnRoutes } from './modules/turns/routes.ts';
import { createTurnEngine, type TurnEngine, type TurnEngineOptions } from './modules/turns/service.ts';
import type { LlmRouterOptions } from './modules/models/llm-router.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { growthRoutes } from './modules/growth/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { UserService } from './modules/user/service.ts';
import { createSmsProvider } from './providers/sms/index.ts';
import type { SmsProvider } from './providers/sms/types.ts';
import { createStorageProvider } from './providers/storage/index.ts';
import type { StorageProvider } from './providers/storage/types.ts';
import { createWechatProvider } from './providers/wechat/index.ts';
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
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    kv,
    clock,
    log: app.log,
    sms: opts.sms ?? createSmsProvider(config.env, app.log),
    // The simulator exists only in demo mode, whoever built it.
    wechat: opts.wechat && !(opts.wechat.name === 'dev' && !config.demo) ? opts.wechat : createWechatProvider(config.env, config.publicUrl, config.demo),
    storage: opts.storage ?? createStorageProvider(config),
    pay: null!,
    integrations: null!,
  };
  ctx.pay = buildPay(ctx, config.env);
  announcePay(ctx, ctx.pay, config.env);
  // The console's settings over the environment's, rebuilt on every change (admin/integrations).
  ctx.integrations = new Integrations(ctx);
  await ctx.integrations.refresh();

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

  const configService = new ConfigService(ctx);
  const auth = new AuthService(ctx, configService);
  // Each module is an encapsulated plugin: what it registers (routes, hooks, multipart) stays in its scope.
  const plugin = (register: (scope: FastifyInstance) => unknown) => app.register(async (scope) => void (await register(scope)));
  await plugin((s) => configRoutes(s, ctx, configService));
  await plugin((s) => authRoutes(s, ctx, auth));
  await plugin((s) => userRoutes(s, ctx, new UserService(ctx)));
  await plugin((s) => growthRoutes(s, ctx, configService));
  await plugin((s) => registerSupport(s, ctx));
  await plugin((s) => billingRoutes(s, ctx, configService));
  const models = await createModels(ctx, opts.llm);
  const unlistenModels = await models.listen();
  app.addHook('preClose', async () => {
    await unlistenModels().catch(() => {});
  });
  const turns = createTurnEngine(ctx, opts.turns ?? { leaseMs: config.env.TURN_LEASE_MS, tickMs: config.env.TURN_TICK_MS, graceMs: shutdownGraceMs(config) });
  let tools!: ToolsService;
  await plugin(async (s) => (tools = await registerTools(s, ctx)));
  await plugin((s) => registerChat(s, ctx, models, turns, tools));
  let documents!: ReturnType<typeof registerDocuments>;
  await plugin((s) => (documents = registerDocuments(s, ctx, models, turns, opts.documents)));
  let draw!: DrawService;
  await plugin((s) => (draw = registerDraw(s, ctx, models, turns, opts.draw)));
  await plugin((s) => registerMind(s, ctx, models, turns));
  await plugin((s) => registerTranslate(s, ctx, models, turns));
  await plugin((s) => registerThesis(s, ctx, models, turns));
  await plugin((s) => registerSlides(s, ctx, models, turns));
  await plugin((s) => registerShare(s, ctx, models, configService));
  await plugin((s) => registerVoice(s, ctx));
  await plugin((s) => turnRoutes(s, turns));
  app.addHook('onReady', () => turns.start());
  // The drawing examples without a picture get one from the offline painter, in the background once
  // the server listens and after every change of them (a fresh clone's seeded examples, one an admin
  // adds without a picture; tests that only inject skip it).
  let unwatchExamples: (() => Promise<void>) | null = null;
  app.addHook('onListen', async () => {
    unwatchExamples = await draw.watchExamples((err) => app.log.warn({ err }, 'painting the drawing examples failed'));
  });
  app.addHook('preClose', async () => {
    await unwatchExamples?.().catch(() => {});
  });
  // Before the server waits for open connections: stop live turns so their replies are saved.
  app.addHook('preClose', () => turns.close());
  // Then the usage counted per model key is saved.
  app.addHook('preClose', () => models.flush());
  await plugin((s) => appsRoutes(s, ctx));
  await plugin((s) => fileRoutes(s, ctx));
  await plugin((s) => adminRoutes(s, ctx, configService, models));
  route(app, routes.system.health, async () => ({ code: 200, message: 'ok', success: true, data: { db: database.kind, kv: kv.kind } }));
  await plugin((s) => opsRoutes(s, ctx, turns, configService));
  docsRoutes(app);

  await registerWeb(app, config);
  for (const line of startupReport(ctx, payChannelsOf({ ...config, env: ctx.integrations.effectiveEnv() }))) app.log.info(line);

  app.addHook('onClose', async () => {
    await kv.close();
    if (!opts.database) await database.close();
  });
  return { app, ctx, documents, turns, draw, tools, routes: registered };
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

async function registerWeb(app: FastifyInstance, config: AppConfig) {
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
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html');
    if (hasWeb && isPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(fail(Code.NOT_FOUND, '接口不存在'));
  });
}
