import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { payerOf } from '../billing/public.ts';
import type { OutlineTurns } from './outline-turn.ts';
import type { ThesisService } from './service.ts';
import type { ThesisWriter } from './writer.ts';

/** Thesis and article writing (HTTP only). */
export function thesisRoutes(app: FastifyInstance, _ctx: AppContext, service: ThesisService, outline: OutlineTurns, writer: ThesisWriter) {
  const r = routes.thesis;
  route(app, r.create, async ({ actor, body: { document, ...brief } }) => ok({ id: await service.create(actor, { ...brief, requirements: brief.requirements ?? '' }, document) }));
  route(app, r.list, async ({ actor }) => ok({ list: await service.list(actor.id) }));
  route(app, r.detail, async ({ actor, query }) => ok(await service.detail(actor.id, query.id)));
  route(app, r.remove, async ({ actor, body }) => {
    await service.remove(actor.id, body.id);
    return ok(null);
  });
  route(app, r.outlinePrepare, async ({ actor, body }) => ok(await outline.prepare(actor, body.id)));
  // The stream resolves the token itself (the engine checks the session when the turn is claimed).
  route(app, r.outlineStream, async ({ req, body, reply }) => outline.open(req, body, reply), { tokenLookup: 'handler' });
  route(app, r.outlineStop, async ({ actor, body }) => {
    await outline.stop(actor, body.secret);
    return ok(null, '已停止');
  });
  route(app, r.outlineSave, async ({ actor, body }) => {
    await service.saveOutline(actor.id, body.id, body.outline);
    return ok(await service.detail(actor.id, body.id));
  });
  route(app, r.write, async ({ actor, body }) => ok(await writer.write(actor.id, body.id, body.order_sn || undefined)));
  route(app, r.rewrite, async ({ actor, body }) => ok(await writer.rewrite(actor.id, body.id, body.key)));
  route(app, r.cancel, async ({ actor, body }) => {
    await writer.cancel(actor.id, body.id);
    return ok(null);
  });
  route(app, r.watch, async ({ actor, query, reply }) => writer.watch(actor.id, query.id, reply));
  route(app, r.export, async ({ actor, query, reply }) => {
    const file = await service.exportFile(actor, query.id, query.format);
    return reply
      .header('Content-Type', file.type)
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="thesis.${query.format}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(file.body);
  });
  route(app, r.orderIndex, async ({ req }) => ok(await service.orderIndex(payerOf(req))));
  route(app, r.orderBind, async ({ actor, req, body }) => ok(await service.bindOrder(actor.id, payerOf(req), body.order_sn)));
}
