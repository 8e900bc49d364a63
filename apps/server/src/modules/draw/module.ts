import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { Models } from '../models/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { drawRoutes } from './routes.ts';
import { DrawService, type DrawProviders } from './service.ts';

export type DrawModuleOptions = DrawProviders;

/** Drawing: its routes, and Midjourney tasks as durable jobs of the engine (kind draw.mj). */
export function registerDraw(
  app: FastifyInstance,
  ctx: AppContext,
  { models, turns: engine, options: { draw: opts = {} } = {} }: { models: Models; turns: TurnEngine; options?: { draw?: DrawModuleOptions } },
) {
  const draw = new DrawService(ctx, models, engine, opts);
  drawRoutes(app, ctx, draw);
  return draw;
}
