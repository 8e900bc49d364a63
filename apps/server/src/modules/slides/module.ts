import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { Models } from '../models/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { DeckWriter } from './generate.ts';
import { OutlineTurns } from './outline.ts';
import { slidesRoutes } from './routes.ts';
import { SlidesService } from './service.ts';

/** Wires AI PPT: decks, the outline turn, the slides job, the routes. */
export function registerSlides(app: FastifyInstance, ctx: AppContext, { models, turns: engine }: { models: Models; turns: TurnEngine }) {
  const service = new SlidesService(ctx);
  const outline = new OutlineTurns(ctx, service, models, engine);
  const writer = new DeckWriter(ctx, service, models, engine.jobs);
  slidesRoutes(app, ctx, { service, outline, writer, jobs: engine.jobs });
  return { service, writer };
}
