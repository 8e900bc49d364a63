import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { AppsService } from './service.ts';

const COLLECTS_PER_MINUTE = 120;
const CUSTOM_APPS_PER_HOUR = 60;

/** Template apps, experts, the app store and my apps (SPEC §7.2). HTTP only; rules live in AppsService. */
export function appsRoutes(app: FastifyInstance, ctx: AppContext, apps = new AppsService(ctx)) {
  const r = routes.apps;
  route(app, r.templateList, async ({ actor }) => ok({ list: await apps.templateMenu(actor) }));
  route(app, r.templateInfo, async ({ actor, params }) => ok(await apps.templateInfo(actor, params.id)));
  route(app, r.expertList, async () => ok({ list: await apps.expertMenu() }));
  route(app, r.expertDetail, async ({ actor, params }) => ok(await apps.expertDetail(actor, params.id)));
  route(app, r.category, async ({ query }) => ok({ list: await apps.categories(query.kind) }));
  route(app, r.store, async ({ actor, query }) => ok(await apps.store(actor, query)));
  route(app, r.mineApps, async ({ actor }) => ok({ rows: await apps.mineApps(actor) }));

  route(app, r.collect, async ({ actor: user, body }) => {
    await limitOrThrow(ctx.kv, `app-collect:${user.id}`, COLLECTS_PER_MINUTE, 60);
    const result = await apps.toggleCollect(user, body.appId);
    return ok(result, result.collected ? '收藏成功' : '已取消收藏');
  });

  route(app, r.customApp, async ({ actor: user, body }) => {
    await limitOrThrow(ctx.kv, `app-custom:${user.id}`, CUSTOM_APPS_PER_HOUR, 3600, '创建过于频繁，请稍后再试');
    return ok(await apps.createCustomApp(user, body), '创建成功');
  });

  route(app, r.delMineApp, async ({ actor: user, body }) => {
    const removed = await apps.deleteMineApp(user, body.appId);
    return ok({ removed }, removed === 'custom' ? '删除成功' : '已取消收藏');
  });
}
