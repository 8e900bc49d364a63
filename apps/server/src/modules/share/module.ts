import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { ChatService } from '../chat/service.ts';
import type { ConfigService } from '../config/service.ts';
import type { Models } from '../models/service.ts';
import { indexHtmlReader } from './page.ts';
import { shareRoutes } from './routes.ts';
import { ShareService } from './service.ts';

/** Wires share links: the service (reading conversations through the chat's service) and its routes. */
export function registerShare(app: FastifyInstance, ctx: AppContext, models: Models, config: ConfigService) {
  const shares = new ShareService(ctx, new ChatService(ctx, models.catalog));
  const index = ctx.config.webDist ? join(resolve(ctx.config.webDist), 'index.html') : null;
  shareRoutes(app, ctx, shares, config, indexHtmlReader(index));
  return shares;
}
