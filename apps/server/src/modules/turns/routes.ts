import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import { notFound } from '../../core/errors.ts';
import { route } from '../../core/routes.ts';
import type { TurnEngine } from './engine.ts';
import { SseWriter } from './sse-writer.ts';

/** GET /api/turns/resume: re-attach to a live turn of the caller (after a reload, on any instance). */
export function turnRoutes(app: FastifyInstance, engine: TurnEngine) {
  route(app, routes.turns.resume, async ({ actor, query, reply }) => {
    if (!(await engine.live.owns(query.secret, actor.id))) throw notFound('没有进行中的回复');
    reply.hijack();
    let onGone = () => {};
    const sse = new SseWriter(reply.raw, () => onGone());
    const attached = await engine.live.resume(query.secret, actor.id, Object.assign(sse, { onGone: (fn: () => void) => (onGone = fn) }));
    if (!attached) {
      // It ended between the check and the attach: the reply is in the history.
      await sse.send({ type: 'error', code: 404, message: '没有进行中的回复' });
      sse.end();
    }
  });
}
