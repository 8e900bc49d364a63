import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { Models } from '../models/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { OutlineTurns } from './outline-turn.ts';
import { thesisRoutes } from './routes.ts';
import { ensureThesisPackages, ThesisService } from './service.ts';
import { ThesisWriter } from './writer.ts';

/** Wires thesis writing: the outline turn, the writing job, the thesis packages, the routes. */
export async function registerThesis(app: FastifyInstance, ctx: AppContext, { models, turns: engine }: { models: Models; turns: TurnEngine }) {
  await ensureThesisPackages(ctx.db);
  const service = new ThesisService(ctx);
  const outline = new OutlineTurns(ctx, service, models, engine);
  const writer = new ThesisWriter(ctx, service, models, engine);
  thesisRoutes(app, ctx, service, outline, writer);
  return { service, writer };
}
