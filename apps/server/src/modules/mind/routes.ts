import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import { notFound } from '../../core/errors.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import type { TurnEngine } from '../turns/public.ts';
import type { MindService } from './service.ts';
import type { MindRunner } from './turn.ts';

export function mindRoutes(app: FastifyInstance, service: MindService, runner: MindRunner, live: TurnEngine['live']) {
  const r = routes.mind;
  route(app, r.create, async ({ actor, body }) => ok(await service.prepare(actor, body)));
  // The stream resolves the token itself (the engine checks the session that prepared the turn).
  route(app, r.chat, async ({ req, body, reply }) => runner.open(req, body, reply), { tokenLookup: 'handler' });
  route(app, r.stop, async ({ actor, body }) => {
    if (!(await live.stop(body.secret, actor.id))) throw notFound('没有进行中的导图');
    return ok(null, '已停止');
  });
  route(app, r.histories, async ({ actor }) => ok({ list: await service.histories(actor) }));
  route(app, r.detail, async ({ actor, params }) => ok(await service.detail(actor, params.id)));
  route(app, r.update, async ({ actor, body }) => ok(await service.update(actor, body), '已保存'));
  route(app, r.import, async ({ actor, body }) => ok(await service.importMap(actor, body), '已导入'));
  route(app, r.delete, async ({ actor, body }) => {
    await service.delete(actor, body.id);
    return ok(null, '删除成功');
  });
}
