import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { ConfigService } from '../config/public.ts';
import { billingRoutes } from './routes.ts';

/** Packages, orders, the payment gateways' notifications and returns. */
export function registerBilling(app: FastifyInstance, ctx: AppContext, { config }: { config: ConfigService }) {
  billingRoutes(app, ctx, config);
}
