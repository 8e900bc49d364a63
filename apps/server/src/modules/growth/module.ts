import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { ConfigService } from '../config/public.ts';
import { growthRoutes } from './routes.ts';

/** Invitations, daily sign-in, visits and behaviour events. */
export function registerGrowth(app: FastifyInstance, ctx: AppContext, { config }: { config: ConfigService }) {
  growthRoutes(app, ctx, config);
}
