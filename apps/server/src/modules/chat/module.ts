import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CHAT_IMAGE_MAX_BYTES } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import type { Models } from '../models/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import type { ToolsService } from '../tools/public.ts';
import { chatRoutes } from './routes.ts';
import { ChatWebSearch } from './search.ts';
import { ChatService } from './service.ts';
import { TurnRunner } from './stream.ts';

/** Wires the chat: its service, its adapter on the turn engine, its routes. */
export async function registerChat(
  app: FastifyInstance,
  ctx: AppContext,
  { models, turns: engine, tools = null }: { models: Models; turns: TurnEngine; tools?: ToolsService | null },
) {
  await app.register(fastifyMultipart, { limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const webSearch = new ChatWebSearch(ctx);
  // 联网搜索 is also a tool the model may call, when a search service is configured.
  const searchTool = webSearch.tool();
  if (searchTool && tools) tools.addBuiltin(searchTool);
  // Outside tests a configured search service is tried once at start, not waited for; the log names what is wrong.
  if (ctx.config.env.NODE_ENV !== 'test') app.addHook('onReady', async () => void webSearch.check().catch(() => undefined));
  const chat = new ChatService(ctx, models.catalog, webSearch, tools);
  const runner = new TurnRunner(ctx, chat, models, engine, webSearch, tools);
  chatRoutes(app, ctx, { chat, runner, live: engine.live, catalog: models.catalog, tools });
  return { chat };
}
