import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appCategoryQuery, appCollectBody, appDelMineBody, appIdParam, appStoreQuery, customAppBody } from '@app/shared';
import { optionalUser, requireUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { ok } from '../../core/reply.ts';
import { parse } from '../../core/validate.ts';
import { AppsService } from './service.ts';

const COLLECTS_PER_MINUTE = 120;
const CUSTOM_APPS_PER_HOUR = 60;

/** Template apps, experts, the app store and my apps (SPEC §7.2). HTTP only; rules live in AppsService. */
export function appsRoutes(app: FastifyInstance, ctx: AppContext, apps = new AppsService(ctx)) {
  const viewer = (req: FastifyRequest) => optionalUser(ctx, req);
  const caller = (req: FastifyRequest) => requireUser(ctx, req);

  app.get('/api/template/list', async (req) => ok({ list: await apps.templateMenu(await viewer(req)) }));

  app.get('/api/template/info/:id', async (req) => {
    const { id } = parse(appIdParam, req.params);
    return ok(await apps.templateInfo(await viewer(req), id));
  });

  app.get('/api/app/list', async () => ok({ list: await apps.expertMenu() }));

  app.get('/api/app/detail/:id', async (req) => {
    const { id } = parse(appIdParam, req.params);
    return ok(await apps.expertDetail(await viewer(req), id));
  });

  app.get('/api/app/category', async (req) => ok({ list: await apps.categories(parse(appCategoryQuery, req.query).kind) }));

  app.get('/api/app/store', async (req) => {
    const q = parse(appStoreQuery, req.query);
    return ok(await apps.store(await viewer(req), q));
  });

  const mine = async (req: FastifyRequest) => ok({ rows: await apps.mineApps(await caller(req)) });
  app.get('/app/mineApps', mine);
  app.post('/app/mineApps', mine);

  app.post('/app/collect', async (req) => {
    const user = await caller(req);
    const { appId } = parse(appCollectBody, req.body);
    await limitOrThrow(ctx.kv, `app-collect:${user.id}`, COLLECTS_PER_MINUTE, 60);
    const result = await apps.toggleCollect(user, appId);
    return ok(result, result.collected ? '收藏成功' : '已取消收藏');
  });

  app.post('/app/customApp', async (req) => {
    const user = await caller(req);
    const body = parse(customAppBody, req.body);
    await limitOrThrow(ctx.kv, `app-custom:${user.id}`, CUSTOM_APPS_PER_HOUR, 3600, '创建过于频繁，请稍后再试');
    return ok(await apps.createCustomApp(user, body), '创建成功');
  });

  app.post('/app/delMineApp', async (req) => {
    const user = await caller(req);
    const { appId } = parse(appDelMineBody, req.body);
    const removed = await apps.deleteMineApp(user, appId);
    return ok({ removed }, removed === 'custom' ? '删除成功' : '已取消收藏');
  });
}
