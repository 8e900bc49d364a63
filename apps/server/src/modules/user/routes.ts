import type { FastifyInstance } from 'fastify';
import { userUpdateBody } from '@app/shared';
import { requireUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { parse } from '../../core/validate.ts';
import type { UserService } from './service.ts';

export function userRoutes(app: FastifyInstance, ctx: AppContext, users: UserService) {
  app.get('/api/user/info', async (req) => ok(await users.info(await requireUser(ctx, req))));
  app.get('/balance/query', async (req) => ok(await users.balance(await requireUser(ctx, req))));
  app.post('/user/update', async (req) => {
    const caller = await requireUser(ctx, req);
    const body = parse(userUpdateBody, req.body);
    const result = await users.update(caller, body);
    return ok(result, result.relogin ? '密码已修改，请重新登录' : '修改成功');
  });
}
