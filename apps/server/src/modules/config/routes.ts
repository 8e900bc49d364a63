import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { ConfigService } from './service.ts';

export function configRoutes(app: FastifyInstance, _ctx: AppContext, config: ConfigService) {
  app.get('/api/website/info', async () => ok(await config.websiteInfo()));
  app.get('/api/config/global', async () => ok(await config.globalConfig()));
  app.get('/api/menu', async () => ok({ list: await config.menu() }));
}
