import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { ChatService } from '../chat/public.ts';
import type { ConfigService } from '../config/public.ts';
import type { Models } from '../models/public.ts';
import { indexHtmlReader } from './page.ts';
import { shareRoutes } from './routes.ts';
import { ShareService } from './service.ts';

/** Wires share links: the service (reading conversations through the chat's service) and its routes. */
export function registerShare(app: FastifyInstance, ctx: AppContext, { models, config }: { models: Models; config: ConfigService }) {
  const shares = new ShareService(ctx, new ChatService(ctx, models.catalog));
  const index = ctx.config.webDist ? join(resolve(ctx.config.webDist), 'index.html') : null;
  shareRoutes(app, ctx, shares, config, indexHtmlReader(index));
  return shares;
}
