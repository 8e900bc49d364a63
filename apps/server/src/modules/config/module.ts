import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { configRoutes } from './routes.ts';
import type { ConfigService } from './service.ts';

/** The site's settings as the web reads them (the service is shared: composition/modules.ts builds it). */
export function registerConfig(app: FastifyInstance, ctx: AppContext, { config }: { config: ConfigService }) {
  configRoutes(app, ctx, config);
}
