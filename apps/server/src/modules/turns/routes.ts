import type { FastifyInstance } from 'fastify';
import { turnResumeQuery } from '@app/shared';
import { requireUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { parse } from '../../core/validate.ts';
import type { TurnEngine } from './engine.ts';
import { SseWriter } from './sse-writer.ts';

/** GET /api/turns/resume: re-attach to a live turn of the caller (after a reload, on any instance). */
export function turnRoutes(app: FastifyInstance, ctx: AppContext, engine: TurnEngine) {
  app.get('/api/turns/resume', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const { secret } = parse(turnResumeQuery, req.query);
    if (!(await engine.live.owns(secret, user.id))) throw notFound('没有进行中的回复');
    reply.hijack();
    let onGone = () => {};
    const sse = new SseWriter(reply.raw, () => onGone());
    const attached = await engine.live.resume(secret, user.id, Object.assign(sse, { onGone: (fn: () => void) => (onGone = fn) }));
    if (!attached) {
      await sse.send({ type: 'error', code: 404, message: '没有进行中的回复' });
      sse.end();
    }
  });
}
