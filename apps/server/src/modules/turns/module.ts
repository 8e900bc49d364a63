import type { FastifyInstance } from 'fastify';
import { turnRoutes } from './routes.ts';
import type { TurnEngine } from './service.ts';

/**
 * The turn engine's own route (resume a live turn) and its life: started when the server is ready,
 * closed before it waits for open connections (live turns stop and their replies are saved). The
 * engine itself is shared by the paid features: composition/modules.ts builds it.
 */
export function registerTurns(app: FastifyInstance, _ctx: unknown, { turns }: { turns: TurnEngine }) {
  turnRoutes(app, turns);
  app.addHook('onReady', () => turns.start());
  app.addHook('preClose', () => turns.close());
}
