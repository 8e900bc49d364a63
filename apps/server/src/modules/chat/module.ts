import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CHAT_IMAGE_MAX_BYTES } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { ModelCatalog } from './catalog.ts';
import { syncEnvModels } from './env-models.ts';
import { LlmRouter, type LlmRouterOptions } from './llm-router.ts';
import { chatRoutes } from './routes.ts';
import { ChatService } from './service.ts';
import { TurnRunner } from './stream.ts';
import { StreamRegistry } from './stream-registry.ts';

/** Wires the chat: models from settings, the stop channel, routes; stops live streams on close. */
export async function registerChat(app: FastifyInstance, ctx: AppContext, opts: LlmRouterOptions = {}) {
  await syncEnvModels(ctx.db, ctx.config.env);
  await app.register(fastifyMultipart, { limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const catalog = new ModelCatalog(ctx);
  const chat = new ChatService(ctx, catalog);
  const registry = new StreamRegistry(ctx.kv, ctx.log);
  await registry.start();
  const router = new LlmRouter(ctx, catalog, opts);
  const runner = new TurnRunner(ctx, chat, catalog, router, registry);
  chatRoutes(app, ctx, { chat, runner, registry, catalog });
  // Before the server waits for open connections: stop live streams so their replies are saved.
  app.addHook('preClose', () => registry.close());
  return { catalog, chat, registry, router };
}
