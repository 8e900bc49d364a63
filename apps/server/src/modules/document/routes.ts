import type { FastifyInstance } from 'fastify';
import { DOCUMENT_ACCEPT_TYPES_DEFAULT } from '@app/shared';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { DEFAULT_LANGUAGE, DOCUMENT_LANGUAGES, documentActionsOf } from './actions.ts';
import type { DocumentAsk } from './ask.ts';
import type { DocumentService } from './service.ts';

export function documentRoutes(app: FastifyInstance, ctx: AppContext, service: DocumentService, ask: DocumentAsk) {
  const r = routes.document;

  route(app, r.actions, async ({ actor: user }) =>
    ok({
      list: (await documentActionsOf(ctx).enabled()).map(({ value, label }) => ({ value, label })),
      accept_types: user ? await service.acceptTypes(user) : [...DOCUMENT_ACCEPT_TYPES_DEFAULT],
    }),
  );

  route(app, r.languages, async () => ok({ list: DOCUMENT_LANGUAGES, default: DEFAULT_LANGUAGE }));
  route(app, r.preAdd, async ({ actor, query }) => ok(await service.preAdd(actor, query)));
  route(app, r.signature, async ({ actor, query }) => ok(await service.signature(actor, query)));
  route(app, r.add, async ({ actor, body }) => ok(await service.add(actor, body), '上传成功，正在解析'));
  route(app, r.query, async ({ actor, query }) => ok(await service.query(actor, query.token)));
  route(app, r.histories, async ({ actor }) => ok({ list: await service.histories(actor) }));
  route(app, r.history, async ({ actor, params }) => ok(await service.history(actor, params.uuid)));

  route(app, r.delete, async ({ actor, body }) => {
    await service.delete(actor, body.token);
    return ok(null, '删除成功');
  });

  route(app, r.askValidate, async ({ actor, body }) => ok(await ask.validate(actor, body)));

  // The answer stream resolves the token itself (the token that prepared the turn needs no lookup).
  route(app, r.ask, async ({ req, body, reply }) => ask.open(req, body, reply), { tokenLookup: 'handler' });

  route(app, r.stop, async ({ actor, body }) => {
    if (!(await ask.stop(actor, body))) throw notFound('没有进行中的回复');
    return ok(null, '已停止');
  });
}
