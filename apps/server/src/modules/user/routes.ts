import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import type { UserService } from './service.ts';

export function userRoutes(app: FastifyInstance, _ctx: AppContext, users: UserService) {
  const r = routes.user;
  route(app, r.info, async ({ actor }) => ok(await users.info(actor)));
  route(app, r.balance, async ({ actor }) => ok(await users.balance(actor)));
  route(app, r.update, async ({ actor, body }) => {
    const result = await users.update(actor, body);
    return ok(result, result.relogin ? '密码已修改，请重新登录' : '修改成功');
  });
}
