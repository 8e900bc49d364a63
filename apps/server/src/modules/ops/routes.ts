import type { FastifyInstance } from 'fastify';
import { Code } from '@app/shared';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { fail, ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { PART_NAMES, readiness } from './health.ts';

/** Readiness (liveness is /api/health in app.ts). */
export function opsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, routes.system.ready, async ({ reply }) => {
    const { checks, failed } = await readiness(ctx);
    reply.header('Cache-Control', 'no-store');
    const data = checks;
    if (!failed.length) return ok(data, 'ready');
    return reply.status(503).send(fail(Code.SERVER_ERROR, `服务未就绪：${failed.map((p) => PART_NAMES[p]).join('、')}不可用`, data));
  });
}
