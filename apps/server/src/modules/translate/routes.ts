import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import { notFound } from '../../core/errors.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import type { TurnEngine } from '../turns/public.ts';
import type { TranslateService } from './service.ts';
import type { TranslateRunner } from './turn.ts';

export function translateRoutes(app: FastifyInstance, service: TranslateService, runner: TranslateRunner, live: TurnEngine['live']) {
  const r = routes.translate;
  route(app, r.create, async ({ actor, body }) => ok(await service.prepare(actor, body)));
  route(app, r.run, async ({ req, body, reply }) => runner.open(req, body.secret, reply), { tokenLookup: 'handler' });
  route(app, r.stop, async ({ actor, body }) => {
    if (!(await live.stop(body.secret, actor.id))) throw notFound('没有进行中的翻译');
    return ok(null, '已停止');
  });
  route(app, r.histories, async ({ actor }) => ok({ list: await service.histories(actor) }));
  route(app, r.delete, async ({ actor, body }) => {
    await service.delete(actor, body.id);
    return ok(null, '删除成功');
  });
}
