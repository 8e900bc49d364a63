import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { users } from '../../db/schema/index.ts';
import type { ConfigService } from '../config/public.ts';
import type { Models } from '../models/public.ts';
import { listAudit } from './audit.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { contentRoutes } from './content-routes.ts';
import { dashboard } from './dashboard.ts';
import { integrationRoutes } from './integrations-routes.ts';
import { addKey, deleteKey, listKeys, testKey, updateKey } from './model-keys.ts';
import { createModel, listModels, updateModel } from './models.ts';
import { fulfilByHand, listOrders, orderDetail, recordRefund } from './orders.ts';
import { saveMenu, saveNotice, saveSettings, siteView } from './site.ts';
import { adjustCredits, resetPassword, revokeSessions, searchUsers, setBanned, setMembership, userDetail, type Actor } from './users.ts';

/** The admin console's API: every route `access: 'admin'` in the manifest, enforced by the access hook. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext, config: ConfigService, models: Models) {
  const r = routes.admin;
  const actor = (input: { actor: { id: number }; req: { ip: string } }): Actor => ({ adminId: input.actor.id, ip: input.req.ip || null });

  // Another instance's admin change drops this instance's cached config.
  const unlisten = await config.listen();
  app.addHook('preClose', async () => {
    await unlisten().catch(() => {});
  });

  route(app, r.me, async ({ actor: a }) => {
    const [[u], s] = await Promise.all([ctx.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, a.id)), config.settings()]);
    return ok({ id: a.id, nickname: u?.nickname ?? '', siteName: s.siteName });
  });
  route(app, r.audit, async ({ query }) => ok(await listAudit(ctx.db, query)));

  route(app, r.users, async ({ query }) => ok(await searchUsers(ctx.db, query.q || undefined, query.page, query.size)));
  route(app, r.userDetail, async ({ params }) => ok(await userDetail(ctx, params.id)));
  route(app, r.userCredits, async (i) => ok(await adjustCredits(ctx, actor(i), i.params.id, i.body)));
  route(app, r.userMembership, async (i) => ok(await setMembership(ctx, actor(i), i.params.id, i.body)));
  route(app, r.userStatus, async (i) => {
    await setBanned(ctx, actor(i), i.params.id, i.body.banned, i.body.reason);
    return ok({ ok: true as const });
  });
  route(app, r.userPassword, async (i) => {
    await resetPassword(ctx, actor(i), i.params.id, i.body.password, i.body.reason);
    return ok({ ok: true as const });
  });
  route(app, r.userRevoke, async (i) => {
    await revokeSessions(ctx, actor(i), i.params.id, i.body.reason);
    return ok({ ok: true as const });
  });

  route(app, r.site, async () => ok(await siteView(ctx.db)));
  route(app, r.siteSettings, async (i) => ok(await saveSettings(ctx, config, actor(i), i.body)));
  route(app, r.siteMenu, async (i) => ok(await saveMenu(ctx, config, actor(i), i.body.items)));
  route(app, r.siteNotice, async (i) => ok(await saveNotice(ctx, config, actor(i), i.body)));

  route(app, r.orders, async ({ query }) => ok(await listOrders(ctx.db, { ...query, q: query.q || undefined })));
  route(app, r.orderDetail, async ({ params }) => ok(await orderDetail(ctx.db, params.orderNo)));
  route(app, r.orderFulfil, async (i) => ok(await fulfilByHand(ctx, actor(i), i.params.orderNo, i.body.reason)));
  route(app, r.orderRefund, async (i) => ok(await recordRefund(ctx, actor(i), i.params.orderNo, i.body.reason)));

  route(app, r.models, async () => ok({ rows: await listModels(ctx.db) }));
  route(app, r.modelCreate, async (i) => ok(await createModel(ctx, config, actor(i), i.body)));
  route(app, r.modelUpdate, async (i) => ok(await updateModel(ctx, config, actor(i), i.params.id, i.body)));
  route(app, r.modelKeys, async ({ params }) => ok(await listKeys(ctx, models.keys, params.id)));
  route(app, r.modelKeyCreate, async (i) => ok(await addKey(ctx, models.keys, actor(i), i.params.id, i.body)));
  route(app, r.modelKeyUpdate, async (i) => ok(await updateKey(ctx, models.keys, actor(i), i.params.id, i.params.keyId, i.body)));
  route(app, r.modelKeyDelete, async (i) => ok(await deleteKey(ctx, models.keys, actor(i), i.params.id, i.params.keyId)));
  route(app, r.modelKeyTest, async (i) => ok(await testKey(ctx, models.keys, actor(i), i.params.id, i.params.keyId)));

  route(app, r.dashboard, async ({ query }) => ok(await dashboard(ctx, query.days)));
  await catalogueRoutes(app, ctx, actor);
  contentRoutes(app, ctx, actor);
  await integrationRoutes(app, ctx, config);
}
