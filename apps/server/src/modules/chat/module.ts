import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CHAT_IMAGE_MAX_BYTES } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import type { Models } from '../models/service.ts';
import type { TurnEngine } from '../turns/service.ts';
import type { ToolsService } from '../tools/public.ts';
import { chatRoutes } from './routes.ts';
import { ChatWebSearch } from './search.ts';
import { ChatService } from './service.ts';
import { TurnRunner } from './stream.ts';

/** Wires the chat: its service, its adapter on the turn engine, its routes. */
export async function registerChat(app: FastifyInstance, ctx: AppContext, models: Models, engine: TurnEngine, tools: ToolsService | null = null) {
  await app.register(fastifyMultipart, { limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const webSearch = new ChatWebSearch(ctx);
  // Outside tests a configured search service is tried once at start, not waited for; the log names what is wrong.
  if (ctx.config.env.NODE_ENV !== 'test') app.addHook('onReady', async () => void webSearch.check().catch(() => undefined));
  const chat = new ChatService(ctx, models.catalog, webSearch, tools);
  const runner = new TurnRunner(ctx, chat, models, engine, webSearch, tools);
  chatRoutes(app, ctx, { chat, runner, live: engine.live, catalog: models.catalog });
  return { chat };
}
