import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { Models } from '../models/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { translateRoutes } from './routes.ts';
import { TranslateService } from './service.ts';
import { TranslateRunner } from './turn.ts';

/** Wires translation: the service, the adapter on the turn engine, the routes. */
export function registerTranslate(app: FastifyInstance, ctx: AppContext, { models, turns: engine }: { models: Models; turns: TurnEngine }) {
  const service = new TranslateService(ctx, models.catalog);
  const runner = new TranslateRunner(service, models, engine);
  translateRoutes(app, service, runner, engine.live);
  return { service };
}
