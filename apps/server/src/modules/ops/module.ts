import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import type { ConfigService } from '../config/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { opsRoutes } from './routes.ts';

/** Liveness and readiness, the operator's metrics, the user's data export, the PWA files. */
export function registerOps(app: FastifyInstance, ctx: AppContext, { turns, config }: { turns: TurnEngine; config: ConfigService }) {
  route(app, routes.system.health, async () => ok({ db: ctx.database.kind, kv: ctx.kv.kind }, 'ok'));
  opsRoutes(app, ctx, turns, config);
}
