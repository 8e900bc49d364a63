import type { FastifyInstance } from 'fastify';
import { Code } from '@app/shared';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { fail, ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ConfigService } from '../config/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { serviceWorkerSource, shellReader, webManifest } from './pwa.ts';
import { PART_NAMES, readiness } from './health.ts';
import { exportUserData } from './export.ts';
import { appMetrics, checkOperator, exposition } from './metrics.ts';

/** Readiness (liveness is /api/health in app.ts), the operator's metrics, the user's data export, the PWA manifest and service worker. */
export function opsRoutes(app: FastifyInstance, ctx: AppContext, turns: TurnEngine, config: ConfigService) {
  const collected = appMetrics(ctx, turns);
  route(app, routes.system.metrics, async ({ req, reply }) => {
    await checkOperator(ctx, req);
    const text = await exposition(ctx, collected);
    return reply.header('Cache-Control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(text);
  });

  route(app, routes.ops.exportMine, async ({ actor, reply }) => {
    const { name, body } = await exportUserData(ctx, actor.id);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .type('application/zip')
      .send(body);
  });

  route(app, routes.system.ready, async ({ reply }) => {
    const { checks, failed } = await readiness(ctx);
    reply.header('Cache-Control', 'no-store');
    const data = checks;
    if (!failed.length) return ok(data, 'ready');
    return reply.status(503).send(fail(Code.SERVER_ERROR, `服务未就绪：${failed.map((p) => PART_NAMES[p]).join('、')}不可用`, data));
  });

  route(app, routes.system.manifest, async ({ reply }) => {
    const site = await config.settings();
    return reply.header('Cache-Control', 'no-cache').type('application/manifest+json; charset=utf-8').send(JSON.stringify(webManifest(site)));
  });

  const webDist = ctx.config.webDist ? resolve(ctx.config.webDist) : null;
  const shell = webDist ? shellReader(webDist) : null;
  route(app, routes.system.serviceWorker, async ({ reply }) => {
    if (!shell || !webDist || !existsSync(join(webDist, 'index.html'))) return reply.status(404).send(fail(Code.NOT_FOUND, '接口不存在'));
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Service-Worker-Allowed', '/')
      .type('text/javascript; charset=utf-8')
      .send(serviceWorkerSource(shell()));
  });
}
