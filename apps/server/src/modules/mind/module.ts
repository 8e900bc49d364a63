import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { Models } from '../models/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { mindRoutes } from './routes.ts';
import { MindService } from './service.ts';
import { MindRunner } from './turn.ts';

/** Wires the mind maps: the service, the adapter on the turn engine, the routes. */
export function registerMind(app: FastifyInstance, ctx: AppContext, { models, turns: engine }: { models: Models; turns: TurnEngine }) {
  const service = new MindService(ctx, models.catalog);
  const runner = new MindRunner(ctx, service, models, engine);
  mindRoutes(app, service, runner, engine.live);
  return { service };
}
