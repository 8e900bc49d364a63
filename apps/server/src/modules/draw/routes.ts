import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { fail, ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import type { DrawService } from './service.ts';

const r = routes.draw;

/** HTTP only: every rule is in DrawService. */
export function drawRoutes(app: FastifyInstance, _ctx: AppContext, draw: DrawService) {
  route(app, r.imageTypes, async () => ok(await draw.imageTypes()));
  route(app, r.examples, async () => ok(await draw.examples()));
  route(app, r.histories, async ({ actor, query }) => ok(await draw.histories(actor, query)));
  route(app, r.basic, async ({ actor, body }) => ok(await draw.basic(actor, body)));
  route(app, r.dalle3, async ({ actor, body }) => ok(await draw.dalle3(actor, body)), { bodyLimit: 2 * 1024 * 1024 });
  route(app, r.rewrite, async ({ actor, body }) => ok(await draw.rewrite(actor, body.text)));
  route(app, r.publish, async ({ actor, body }) => ok(await draw.publish(actor, body.id, body.public)));
  route(app, r.remove, async ({ actor, body }) => {
    await draw.remove(actor, body.id);
    return ok(null);
  });
  route(app, r.market, async ({ query, reply }) => {
    reply.header('Cache-Control', 'public, max-age=15');
    return ok(await draw.market(query));
  });
  route(app, r.mjList, async ({ actor, query }) => ok(await draw.list(actor, query)));
  route(app, r.mjSubmit, async ({ actor, body }) => ok(await draw.submit(actor, body)), { bodyLimit: 4 * 1024 * 1024 });
  route(app, r.mjBlend, async ({ actor, body }) => ok(await draw.blend(actor, body)), { bodyLimit: 8 * 1024 * 1024 });
  route(app, r.mjDescribe, async ({ actor, body }) => ok(await draw.describe(actor, body)), { bodyLimit: 2 * 1024 * 1024 });
  route(app, r.mjAction, async ({ actor, body }) => ok(await draw.action(actor, body)));
  route(app, r.mjTask, async ({ actor, params }) => ok(await draw.task(actor, params.id)));
  route(app, r.mjStream, async ({ actor, params, reply }) => draw.stream(actor, params.id, reply));
  route(app, r.mjNotify, async ({ query, reply }) => {
    const accepted = await draw.notify(query);
    if (!accepted) return reply.status(403).send(fail(403, '签名无效'));
    return ok(null);
  });
}
