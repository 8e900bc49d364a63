import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { ConfigService } from './service.ts';

export function configRoutes(app: FastifyInstance, _ctx: AppContext, config: ConfigService) {
  const r = routes.config;
  route(app, r.websiteInfo, async () => ok(await config.websiteInfo()));
  route(app, r.globalConfig, async () => ok(await config.globalConfig()));
  route(app, r.menu, async () => ok({ list: await config.menu() }));
}
