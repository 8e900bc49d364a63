import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { ConfigService } from '../config/public.ts';
import type { Models } from '../models/public.ts';
import { adminRoutes } from './routes.ts';

/** The admin console: users, orders, content, models and keys, site settings, integrations, the audit trail. */
export async function registerAdmin(app: FastifyInstance, ctx: AppContext, { config, models }: { config: ConfigService; models: Models }) {
  await adminRoutes(app, ctx, config, models);
}
