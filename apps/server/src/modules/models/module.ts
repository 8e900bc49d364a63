import type { FastifyInstance } from 'fastify';
import type { Models } from './service.ts';

/**
 * The model catalogue's life (its routes are the console's, in admin): it follows every console change
 * (on every instance) until the server closes, then saves the usage counted per model key. Registered
 * after the turn engine, so live turns have stopped (and counted) before that save. The catalogue
 * itself is shared: composition/modules.ts builds it.
 */
export async function registerModels(app: FastifyInstance, _ctx: unknown, { models }: { models: Models }) {
  const unlisten = await models.listen();
  app.addHook('preClose', async () => {
    await unlisten().catch(() => {});
  });
  app.addHook('preClose', () => models.flush());
}
